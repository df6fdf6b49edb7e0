/**
 * Keeps one provider list (all, healthcare or non-healthcare) current from the local
 * database, shaped for the performance budgets (ARCHITECTURE.md): the first rows come from
 * a limited indexed query so they paint at once; then the whole scope is read once into a
 * ProviderSearchIndex (the haystack is built once); from then on only the change stream
 * updates it, in coalesced batches (a sync page of a thousand rows is one merge, not a
 * thousand re-renders). Nothing here runs a query per keystroke.
 *
 * Changes that arrive while the full read is running are buffered and applied after it, so
 * none is lost between the read and the subscription.
 */
import type { Observable, Subscription } from 'rxjs';
import type { ProviderDoc } from '../../../db/index.ts';
import { ProviderSearchIndex, type ProviderChange } from '../model/provider-search.ts';
import { inScope, type ProviderSearchScope } from '../model/search-text.ts';

/** A provider as the lists hold it: the local document's plain data. */
export type ListProvider = Readonly<ProviderDoc>;

/** Where a list's data comes from (the local database in the app; plain functions in tests). */
export interface ListSourceDeps {
  /** The first `limit` providers of the scope, sorted by last name. */
  firstRows(limit: number): Promise<ListProvider[]>;
  /** Every provider of the scope (any order), or an index of them built already. */
  allRows(): Promise<ListProvider[] | ProviderSearchIndex<ListProvider>>;
  /** Every later write or deletion. */
  changes: Observable<ProviderChange<ListProvider>>;
}

export type ListPhase = 'loading' | 'first-rows' | 'ready' | 'error';

/** 'fetch': a local read failed; 'unexpected': anything else broke keeping the list current. */
export type ListFailure = 'fetch' | 'unexpected';

export interface ListSnapshot {
  phase: ListPhase;
  /** What to show before the index is ready (the first page, sorted). */
  firstRows: readonly ListProvider[];
  /** The searchable list once the whole scope is read. */
  index: ProviderSearchIndex<ListProvider> | null;
  /** Changes with every update, so views know their last result is stale. */
  version: number;
  failure: ListFailure | null;
  error: unknown;
}

export const FIRST_PAGE_SIZE = 60;

const INITIAL: ListSnapshot = { phase: 'loading', firstRows: [], index: null, version: 0, failure: null, error: null };

export class ProviderListSource {
  private snapshot: ListSnapshot = INITIAL;
  private readonly listeners = new Set<() => void>();
  private subscription: Subscription | null = null;
  private buffer: ProviderChange<ListProvider>[] = [];
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private started = false;
  private stopped = false;

  constructor(
    readonly scope: ProviderSearchScope,
    private readonly deps: ListSourceDeps,
    private readonly firstPageSize = FIRST_PAGE_SIZE,
  ) {}

  getSnapshot = (): ListSnapshot => this.snapshot;

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
      const first = await this.deps.firstRows(this.firstPageSize);
      if (this.stopped) return;
      // Only paint the first page if the full read has not finished meanwhile.
      if (this.snapshot.phase === 'loading') {
        this.publish({ phase: 'first-rows', firstRows: first.filter((row) => inScope(row, this.scope)) });
      }
      const all = await this.deps.allRows();
      if (this.stopped) return;
      const index = all instanceof ProviderSearchIndex ? all : new ProviderSearchIndex(this.scope, all);
      index.applyChanges(this.buffer.splice(0));
      this.publish({ phase: 'ready', index, firstRows: [], version: index.version });
    } catch (error) {
      this.fail('fetch', error);
    }
  }

  private enqueue(change: ProviderChange<ListProvider>): void {
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
    console.error(`[providers] the ${this.scope} list failed (${failure})`, error);
    this.publish({ phase: 'error', failure, error });
  }

  private publish(patch: Partial<ListSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }
}
