// Records lis-deliver's attempts a few dozen at a time (public.lis_record_attempts: one call,
// one transaction), so a burst of orders is not one database round trip per order on top of
// its MLLP round trip. A single order is not held back: the run flushes as soon as its batch
// is sent, and nothing waits in the buffer longer than `maxWaitMs`.
import type { AttemptRecord } from './delivery-rules.ts';

export interface RecordedAttempt {
  id: string;
  controlId: string;
  /** The message's text, kept from its first attempt (null when it could not be built). */
  message: string | null;
  attempt: AttemptRecord;
}

type Writer = (rows: ReadonlyArray<Record<string, unknown>>) => Promise<void>;

export class AttemptRecorder {
  private buffer: Array<RecordedAttempt & { done: () => void; failed: (error: Error) => void }> = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly write: Writer,
    private readonly size = 25,
    private readonly maxWaitMs = 50,
  ) {}

  /** Queues one attempt; the promise settles when it is written. */
  add(recorded: RecordedAttempt): Promise<void> {
    const written = new Promise<void>((done, failed) => this.buffer.push({ ...recorded, done, failed }));
    if (this.buffer.length >= this.size) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), this.maxWaitMs);
    return written;
  }

  /** Writes what is buffered now. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.buffer;
    this.buffer = [];
    if (batch.length === 0) return;
    const rows = batch.map(({ id, message, attempt }) => ({
      id,
      message,
      ack_code: attempt.ackCode,
      ack_text: attempt.ackText,
      ack_message: attempt.ackMessage,
      duplicate: attempt.duplicate,
      error: attempt.error,
      next_attempt_at: attempt.nextAttemptAt,
    }));
    const written = this.write(rows).then(
      () => batch.forEach((item) => item.done()),
      (error: unknown) => {
        const reason = new Error(`recording the attempts of ${batch.map((item) => item.controlId).join(', ')} failed: ${error instanceof Error ? error.message : String(error)}`);
        batch.forEach((item) => item.failed(reason));
      },
    );
    this.pending.add(written);
    void written.finally(() => this.pending.delete(written));
  }

  /** Writes what is buffered and waits for every write. */
  async drain(): Promise<void> {
    this.flush();
    await Promise.all([...this.pending]);
  }
}
