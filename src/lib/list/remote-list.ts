/**
 * A list's pages from the server, for while this device's own copy is incomplete (issue 28,
 * "useful before complete"): a new device's first download of a large directory takes a
 * minute, and until it has finished the list's first page and its search are asked of the
 * server instead of the partial local copy. One request per search, debounced (typing
 * "okafor" is one request, not six), in the list's order, paged as the list scrolls; the
 * answers of the last few searches are kept, so Backspace shows one again at once. The
 * server's rows are the list's slim rows, so the page renders them with the same row
 * component, and the switch to the local copy changes nothing on screen.
 *
 * Plain TypeScript with a subscribe/getSnapshot pair (for useSyncExternalStore), so the
 * rules (debounce, stale answers dropped, paging, errors) are unit-tested without React.
 */
import type { IndexedRow } from './search-index.ts';

export interface RemotePageRequest<S extends string> {
  scope: S;
  /** The search, normalised as the list normalises it (searchKey); '' for the whole scope. */
  search: string;
  offset: number;
  limit: number;
  signal: AbortSignal;
}

export interface RemotePage<T> {
  /** Rows in the list's order, slim as the list keeps them. */
  rows: T[];
  /** How many rows of the scope match the search. */
  matchCount: number;
  /** How many rows the scope holds (null when the answer could not say: no rows). */
  scopeCount: number | null;
}

/** How a list asks the server for a page (a ListDefinition's `remote`). */
export interface RemoteListQuery<T extends IndexedRow, S extends string> {
  fetchPage(request: RemotePageRequest<S>): Promise<RemotePage<T>>;
}

export type RemoteStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface RemoteSnapshot<T> {
  /** The search the rows answer ('' for the whole scope; null before any answer). */
  answered: string | null;
  rows: readonly T[];
  matchCount: number;
  /** Rows in the scope, from the last answer that said. */
  scopeCount: number | null;
  /** The answer to the search asked last: still loading, there, or failed. */
  status: RemoteStatus;
}

export interface RemoteListOptions {
  /** Wait this long after the last keystroke before asking (default 250 ms). */
  debounceMs?: number;
  /** The first page's size (default: the local list's first page, 60). */
  firstPageSize?: number;
  /** Further pages, as the list scrolls (default 240). */
  nextPageSize?: number;
}

const RECENT_ANSWERS = 16;

interface Answer<T> {
  rows: T[];
  matchCount: number;
}

const IDLE: RemoteSnapshot<never> = { answered: null, rows: [], matchCount: 0, scopeCount: null, status: 'idle' };

export class RemoteList<T extends IndexedRow, S extends string> {
  private snapshot: RemoteSnapshot<T> = IDLE;
  private readonly listeners = new Set<() => void>();
  private readonly answers = new Map<string, Answer<T>>();
  private asked: string | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inFlight: AbortController | null = null;
  private loadingMore = false;
  private stopped = false;
  private readonly debounceMs: number;
  private readonly firstPageSize: number;
  private readonly nextPageSize: number;

  constructor(
    private readonly query: RemoteListQuery<T, S>,
    readonly scope: S,
    options: RemoteListOptions = {},
  ) {
    this.debounceMs = options.debounceMs ?? 250;
    this.firstPageSize = options.firstPageSize ?? 60;
    this.nextPageSize = options.nextPageSize ?? 240;
  }

  getSnapshot = (): RemoteSnapshot<T> => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Ask for a search's first page (normalised text). The first question goes at once; later
   * ones after the debounce, while the last answer stays on screen. An answer kept from
   * before shows at once.
   */
  search(needle: string): void {
    if (this.stopped || needle === this.asked) return;
    this.asked = needle;
    this.cancel();
    const known = this.answers.get(needle);
    if (known) {
      this.remember(needle, known);
      this.publish({ answered: needle, rows: known.rows, matchCount: known.matchCount, status: 'ready' });
      return;
    }
    const first = this.snapshot.answered === null && this.snapshot.status !== 'error';
    this.publish({ status: 'loading' });
    this.timer = setTimeout(() => void this.fetchFirst(needle), first ? 0 : this.debounceMs);
  }

  /** The next page of the search on screen, when there is more and none is loading. */
  loadMore(): void {
    const { answered, rows, matchCount, status } = this.snapshot;
    if (this.stopped || this.loadingMore || status !== 'ready' || answered === null || answered !== this.asked || rows.length >= matchCount) return;
    this.loadingMore = true;
    const controller = new AbortController();
    this.inFlight = controller;
    void this.query
      .fetchPage({ scope: this.scope, search: answered, offset: rows.length, limit: this.nextPageSize, signal: controller.signal })
      .then((page) => {
        if (controller.signal.aborted || this.asked !== answered) return;
        const seen = new Set(rows.map((row) => row.id));
        // An empty page past the end (rows deleted meanwhile) ends the list where it is.
        const answer = { rows: [...rows, ...page.rows.filter((row) => !seen.has(row.id))], matchCount: page.rows.length > 0 ? page.matchCount : rows.length };
        this.remember(answered, answer);
        this.publish({ rows: answer.rows, matchCount: answer.matchCount, scopeCount: page.scopeCount ?? this.snapshot.scopeCount });
      })
      .catch(() => {
        // The rows already shown stay; scrolling to the end again asks again.
      })
      .finally(() => {
        this.loadingMore = false;
        if (this.inFlight === controller) this.inFlight = null;
      });
  }

  /** Stop asking (the local copy is complete, offline, the page left); what was answered stays. */
  pause(): void {
    this.cancel();
    this.asked = null;
    if (this.snapshot.status === 'loading') this.publish({ status: this.snapshot.answered === null ? 'idle' : 'ready' });
  }

  stop(): void {
    this.stopped = true;
    this.cancel();
    this.listeners.clear();
  }

  private async fetchFirst(needle: string): Promise<void> {
    this.timer = null;
    const controller = new AbortController();
    this.inFlight = controller;
    try {
      const page = await this.query.fetchPage({ scope: this.scope, search: needle, offset: 0, limit: this.firstPageSize, signal: controller.signal });
      if (controller.signal.aborted || this.asked !== needle) return;
      const answer = { rows: page.rows, matchCount: page.matchCount };
      this.remember(needle, answer);
      this.publish({ answered: needle, rows: answer.rows, matchCount: answer.matchCount, scopeCount: page.scopeCount ?? this.snapshot.scopeCount, status: 'ready' });
    } catch (error) {
      if (controller.signal.aborted || this.asked !== needle) return;
      console.warn(`[remote-list] the server could not answer "${needle}"`, error);
      // Asking the same search again (a retry, a keystroke and Backspace) asks the server again.
      this.asked = null;
      this.publish({ status: 'error' });
    } finally {
      if (this.inFlight === controller) this.inFlight = null;
    }
  }

  private remember(needle: string, answer: Answer<T>): void {
    this.answers.delete(needle);
    this.answers.set(needle, answer);
    if (this.answers.size > RECENT_ANSWERS) this.answers.delete(this.answers.keys().next().value as string);
  }

  private cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.inFlight?.abort();
    this.inFlight = null;
    this.loadingMore = false;
  }

  private publish(patch: Partial<RemoteSnapshot<T>>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }
}
