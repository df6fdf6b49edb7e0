/**
 * The outbox as the app uses it: queue a call, watch an item or the whole list, retry a
 * failed item. Items belong to the signed-in user's database.
 */
import { map, type Observable } from 'rxjs';
import type { LocalDatabase } from '../database.ts';
import type { JsonValue } from '../tables/columns.ts';
import { requeueFailed } from './outbox-machine.ts';
import type { OutboxItem, OutboxKind } from './outbox-schema.ts';

export interface EnqueueOptions {
  /** Reuse a key to make a repeated request the same call on the server. */
  idempotencyKey?: string;
  now?: Date;
}

export async function enqueueOutboxItem(
  db: LocalDatabase,
  userId: string,
  kind: OutboxKind,
  payload: JsonValue,
  options: EnqueueOptions = {},
): Promise<OutboxItem> {
  const now = (options.now ?? new Date()).toISOString();
  const doc = await db.outbox.insert({
    id: crypto.randomUUID(),
    kind,
    payload,
    idempotency_key: options.idempotencyKey ?? crypto.randomUUID(),
    state: 'queued',
    attempts: 0,
    next_attempt_at: now,
    last_error: null,
    result: null,
    created_at: now,
    updated_at: now,
    user_id: userId,
  });
  return doc.toMutableJSON();
}

/** One item as it changes (null once removed). */
export function watchOutboxItem(db: LocalDatabase, id: string): Observable<OutboxItem | null> {
  return db.outbox.findOne(id).$.pipe(map((doc) => (doc ? doc.toMutableJSON() : null)));
}

/** Every item, oldest first (optionally of one kind). */
export function watchOutboxItems(db: LocalDatabase, kind?: OutboxKind): Observable<OutboxItem[]> {
  return db.outbox
    .find({ selector: kind ? { kind } : {}, sort: [{ created_at: 'asc' }] })
    .$.pipe(map((docs) => docs.map((doc) => doc.toMutableJSON())));
}

/** How many calls still wait to reach the server (queued or running). */
export function watchPendingCalls(db: LocalDatabase): Observable<number> {
  return db.outbox.find({ selector: { state: { $in: ['queued', 'running'] } } }).$.pipe(map((docs) => docs.length));
}

/** Try a failed item again (a fresh round of attempts with the same idempotency key). */
export async function retryOutboxItem(db: LocalDatabase, id: string): Promise<void> {
  const doc = await db.outbox.findOne(id).exec();
  if (!doc || doc.state !== 'failed') return;
  await doc.incrementalPatch(requeueFailed(new Date()));
}

/** Forget an item the user has seen fail (or that is done): it is not tried again. */
export async function removeOutboxItem(db: LocalDatabase, id: string): Promise<void> {
  const doc = await db.outbox.findOne(id).exec();
  if (!doc || doc.state === 'running') return;
  await doc.remove();
}
