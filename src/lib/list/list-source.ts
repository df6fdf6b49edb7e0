/**
 * Keeps one list (one scope of one kind of record) current from the local database, shaped
 * for the performance budgets (ARCHITECTURE.md): the first rows come from a limited indexed
 * query so they paint at once; then the whole scope is read once into a SearchIndex (the
 * haystack is built once); from then on only the change stream updates it, in coalesced
 * batches (a sync page of a thousand rows is one merge, not a thousand re-renders). Nothing
 * here runs a query per keystroke.
 *
 * Changes that arrive while the full read is running are buffered and applied after it, so
 * none is lost between the read and the subscription.
 */
import type { Observable, Subscription } from 'rxjs';
import { SearchIndex, type IndexedRow, type ListChange } from './search-index.ts';

/** Where a list's data comes from (the local database in the app; plain functions in tests). */
export interface ListSourceDeps<T extends IndexedRow> {
  /** The first `limit` rows of the scope, in list order; absent when no index can answer it (then the list waits for all rows). */
  firstRows?(limit: number): Promise<T[]>;
  /** Every row of the scope (any order), or an index of them built already. */
  allRows(): Promise<T[] | SearchIndex<T>>;
  /** Every later write or deletion. */
  changes: Observable<ListChange<T>>;
}

export type ListPhase = 'loading' | 'first-rows' | 'ready' | 'error';

/** 'fetch': a local read failed; 'unexpected': anything else broke keeping the list current. */
export type ListFailure = 'fetch' | 'unexpected';

export interface ListSnapshot<T extends IndexedRow> {
  phase: ListPhase;
  /** What to show before the index is ready (the first page, sorted). */
  firstRows: readonly T[];
  /** The searchable list once the whole scope is read. */
  index: SearchIndex<T> | null;
  /** Changes with every update, so views know their last result is stale. */
  version: number;
  failure: ListFailure | null;
  error: unknown;
}

export const FIRST_PAGE_SIZE = 60;

export interface ListSourceOptions<T extends IndexedRow> {
  /** Names the list in logs, e.g. 'organizations'. */
  name: string;
  /** The list's scope, e.g. 'all' or 'healthcare'. */
  scope: string;
  /** Builds the scope's index from rows (the rows of other scopes are left out by it). */
  createIndex(rows: Iterable<T>): SearchIndex<T>;
  /** Whether a row belongs to the scope (the first page is filtered by it). */
  includes(row: T): boolean;
  firstPageSize?: number;
}

export function emptySnapshot<T extends IndexedRow>(): ListSnapshot<T> {
  return { phase: 'loading', firstRows: [], index: null, version: 0, failure: null, error: null };
}

export class ListSource<T extends IndexedRow> {
  readonly scope: string;
  private snapshot: ListSnapshot<T> = emptySnapshot();
  private readonly listeners = new Set<() => void>();
  private subscription: Subscription | null = null;
  private buffer: ListChange<T>[] = [];
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private started = false;
  private stopped = false;

  constructor(
    private readonly options: ListSourceOptions<T>,
    private readonly deps: ListSourceDeps<T>,
  ) {
    this.scope = options.scope;
  }

  getSnapshot = (): ListSnapshot<T> => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Reads the data and follows the changes; safe to call more than once. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.subscription = this.deps.changes.subscribe({
      next: (change) => this.enqueue(change),
      error: (error: unknown) => this.fail('unexpected', error),
    });
    void this.load();
  }

  stop(): void {
    this.stopped = true;
    this.subscription?.unsubscribe();
    this.subscription = null;
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    this.listeners.clear();
  }

  private async load(): Promise<void> {
    try {
      if (this.deps.firstRows) {
        const first = await this.deps.firstRows(this.options.firstPageSize ?? FIRST_PAGE_SIZE);
        if (this.stopped) return;
        // Only paint the first page if the full read has not finished meanwhile.
        if (this.snapshot.phase === 'loading') {
          this.publish({ phase: 'first-rows', firstRows: first.filter((row) => this.options.includes(row)) });
        }
      }
      const all = await this.deps.allRows();
      if (this.stopped) return;
      const index = all instanceof SearchIndex ? all : this.options.createIndex(all);
      index.applyChanges(this.buffer.splice(0));
      this.publish({ phase: 'ready', index, firstRows: [], version: index.version });
    } catch (error) {
      this.fail('fetch', error);
    }
  }

  private enqueue(change: ListChange<T>): void {
    if (this.stopped) return;
    this.buffer.push(change);
    // Before the index exists, `load` applies the buffer itself.
    if (!this.snapshot.index || this.flushTimer) return;
    this.flushTimer = setTimeout(() => this.flush(), 0);
  }

  private flush(): void {
    this.flushTimer = null;
    const index = this.snapshot.index;
    if (!index || this.stopped || this.buffer.length === 0) return;
    try {
      index.applyChanges(this.buffer.splice(0));
      this.publish({ version: index.version });
    } catch (error) {
      this.fail('unexpected', error);
    }
  }

  private fail(failure: ListFailure, error: unknown): void {
    if (this.stopped) return;
    console.error(`[${this.options.name}] the ${this.scope} list failed (${failure})`, error);
    this.publish({ phase: 'error', failure, error });
  }

  private publish(patch: Partial<ListSnapshot<T>>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }
}
