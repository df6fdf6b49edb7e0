/**
 * Keeps one form's draft as it is typed (src/db/drafts): each change is written a moment
 * later (the last of a burst of keystrokes), at once when the page is hidden or about to
 * reload, and never after the draft ended (submitted or discarded) unless the input changes
 * again. A value not worth keeping (the untouched form) deletes the draft instead. Writes
 * run one after another, so an older value never lands after a newer one. Pure of React
 * and of the browser, so its rules are tested with a fake store and clock.
 */
import type { DraftAddress, DraftSeal } from '../../db/drafts/draft-store.ts';

/** The store's part the keeper uses (DraftStore). */
export interface DraftWrites {
  save(address: DraftAddress, value: unknown, seal: DraftSeal | null, now?: number): Promise<void>;
  discard(address: DraftAddress): Promise<void>;
}

export interface DraftKeeperOptions<T> {
  address: DraftAddress;
  store: DraftWrites;
  seal: DraftSeal | null;
  /** A value not worth keeping (the untouched form): the draft is deleted instead. */
  isEmpty?: (value: T) => boolean;
  /** How long after the last change it is written. */
  delayMs?: number;
  /** Told each time the draft on the device changed (saved: the time; deleted: null). */
  onSaved?: (savedAt: number | null) => void;
  onError?: (error: unknown) => void;
  now?: () => number;
  /** The draft this page started from (restored): already on the device. */
  restored?: T;
}

export const DRAFT_WRITE_DELAY_MS = 250;

export class DraftKeeper<T> {
  private pending: { json: string; value: T } | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private writes: Promise<void> = Promise.resolve();
  /** What is on the device now ('' when nothing). */
  private kept = '';
  /** The value the draft ended with: the same value again does not start a new draft. */
  private endedWith: string | null = null;

  constructor(private readonly options: DraftKeeperOptions<T>) {
    if (options.restored !== undefined) this.kept = JSON.stringify(options.restored);
  }

  /** The form's current value: written shortly. */
  keep(value: T): void {
    const json = JSON.stringify(value);
    if (json === this.endedWith) return;
    this.endedWith = null;
    if (json === (this.pending?.json ?? this.kept)) return;
    this.pending = { json, value };
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), this.options.delayMs ?? DRAFT_WRITE_DELAY_MS);
  }

  /** Writes what is pending now; resolves once everything asked so far is on the device. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const next = this.pending;
    this.pending = null;
    if (next) this.enqueue(() => this.write(next.json, next.value));
    return this.writes;
  }

  /** Ends the draft (the form was submitted or discarded): it is deleted, and the same input does not bring it back. */
  end(current?: T): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending = null;
    this.endedWith = current === undefined ? this.kept || null : JSON.stringify(current);
    this.enqueue(() => this.remove());
    return this.writes;
  }

  private enqueue(task: () => Promise<void>): void {
    this.writes = this.writes.then(task).catch((error: unknown) => {
      (this.options.onError ?? ((cause: unknown) => console.error('[drafts] the draft could not be kept', cause)))(error);
    });
  }

  private async write(json: string, value: T): Promise<void> {
    if (this.options.isEmpty?.(value)) return this.remove();
    const at = (this.options.now ?? Date.now)();
    await this.options.store.save(this.options.address, value, this.options.seal, at);
    this.kept = json;
    this.options.onSaved?.(at);
  }

  private async remove(): Promise<void> {
    await this.options.store.discard(this.options.address);
    this.kept = '';
    this.options.onSaved?.(null);
  }
}
