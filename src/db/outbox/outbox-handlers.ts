/**
 * Who performs each kind of queued call. Features register a handler per kind at start-up
 * (e.g. 'verify-pecos' calling the verify-pecos function through src/lib/functions); the
 * drainer looks them up when it runs an item. Registration is global (not per database) so
 * it can happen before anyone signs in; an item whose kind has no handler yet waits.
 */
import { Subject, type Observable } from 'rxjs';
import type { JsonValue } from '../tables/columns.ts';
import type { OutboxOutcome } from './outbox-machine.ts';

export interface OutboxCallContext {
  /** The same on every attempt of an item: send it as `x-idempotency-key`. */
  idempotencyKey: string;
  /** 1 on the first attempt. */
  attempt: number;
  itemId: string;
  userId: string;
}

export type OutboxHandler<P = JsonValue> = (payload: P, context: OutboxCallContext) => Promise<OutboxOutcome>;

const handlers = new Map<string, OutboxHandler>();
const changed = new Subject<string>();

/** Emits the kind whenever a handler is registered (waiting items may now run). */
export const outboxHandlersChanged$: Observable<string> = changed.asObservable();

/** Register the handler of a kind (replacing any earlier one); returns the unregister function. */
export function registerOutboxHandler<P = JsonValue>(kind: string, handler: OutboxHandler<P>): () => void {
  const entry = handler as OutboxHandler;
  handlers.set(kind, entry);
  changed.next(kind);
  return () => {
    if (handlers.get(kind) === entry) handlers.delete(kind);
  };
}

export function outboxHandlerFor(kind: string): OutboxHandler | undefined {
  return handlers.get(kind);
}
