/**
 * Runs queued outbox items, oldest first, one at a time — only in the tab that syncs (the
 * elected leader), only online and signed in as the database's user (the sync gate). It
 * wakes up when an item is queued, when a handler is registered, when the gate opens and
 * when the earliest backoff expires. On taking over it puts items a crashed or closed tab
 * left `running` back in the queue.
 */
import type { Observable, Subscription } from 'rxjs';
import type { RxCollection, RxDocument } from 'rxdb';
import { finishAttempt, isDue, MAX_ATTEMPTS, recoverInterrupted, startAttempt, type OutboxOutcome } from './outbox-machine.ts';
import { outboxHandlerFor, outboxHandlersChanged$ } from './outbox-handlers.ts';
import type { OutboxItem } from './outbox-schema.ts';

export interface DrainerGate {
  canSync(): boolean;
  readonly canSync$: Observable<boolean>;
}

export interface DrainerOptions {
  now?: () => Date;
  maxAttempts?: number;
}

export class OutboxDrainer {
  private readonly subscriptions: Subscription[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private recovered = false;
  private stopped = false;
  private readonly now: () => Date;
  private readonly maxAttempts: number;

  constructor(
    private readonly collection: RxCollection<OutboxItem>,
    private readonly userId: string,
    private readonly gate: DrainerGate,
    options: DrainerOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
  }

  start(): void {
    this.subscriptions.push(
      this.gate.canSync$.subscribe((canSync) => {
        if (canSync) this.kick();
      }),
      this.collection.insert$.subscribe(() => this.kick()),
      outboxHandlersChanged$.subscribe(() => this.kick()),
    );
  }

  /**
   * Stop draining. A call in flight is not awaited (a closing tab cannot wait either): its
   * item stays `running` and the next leader runs it again with the same idempotency key.
   */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.subscriptions.splice(0).forEach((subscription) => subscription.unsubscribe());
  }

  /** Look for due items now (no-op while paused; coalesces while a run is going on). */
  kick(): void {
    if (this.stopped || !this.gate.canSync()) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch(() => undefined)
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Resolves when nothing is due or running (tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    if (!this.recovered) {
      this.recovered = true;
      const interrupted = await this.collection.find({ selector: { state: 'running' } }).exec();
      await Promise.all(interrupted.map((doc) => doc.incrementalPatch(recoverInterrupted(this.now()))));
    }
    while (!this.stopped && this.gate.canSync()) {
      const queued = await this.collection.find({ selector: { state: 'queued' }, sort: [{ created_at: 'asc' }] }).exec();
      const runnable = queued.filter((doc) => outboxHandlerFor(doc.kind) !== undefined);
      const due = runnable.filter((doc) => isDue(doc, this.now()));
      if (due.length === 0) {
        this.scheduleWake(runnable);
        return;
      }
      for (const doc of due) {
        if (this.stopped || !this.gate.canSync()) return;
        await this.run(doc);
      }
    }
  }

  private async run(doc: RxDocument<OutboxItem>): Promise<void> {
    const handler = outboxHandlerFor(doc.kind);
    if (!handler) return;
    const started = await doc.incrementalPatch(startAttempt(doc, this.now()));
    let outcome: OutboxOutcome;
    try {
      outcome = await handler(started.payload, {
        idempotencyKey: started.idempotency_key,
        attempt: started.attempts,
        itemId: started.id,
        userId: this.userId,
      });
    } catch (error) {
      outcome = { ok: false, transient: true, message: error instanceof Error ? error.message : String(error) };
    }
    if (this.stopped || this.collection.closed) return;
    await started.incrementalModify((data) => ({ ...data, ...finishAttempt(data, outcome, this.now(), this.maxAttempts) }));
  }

  private scheduleWake(queued: Array<RxDocument<OutboxItem>>): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const next = Math.min(...queued.map((doc) => Date.parse(doc.next_attempt_at)));
    if (!Number.isFinite(next)) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.kick();
    }, Math.max(0, next - this.now().getTime()));
  }
}
