/**
 * The search index every list uses (ARCHITECTURE.md, performance budgets): 50,000 rows must
 * filter per keystroke well under 16 ms. Each row's lowercase haystack is built once; the
 * index keeps rows sorted by the list's sort keys and is kept current by upserting or
 * removing single rows from the local database's change stream, so a keystroke is one
 * `includes` per row and never a regex or a database query. Typing more characters narrows
 * the previous result instead of scanning every row again, and a Backspace back to a query
 * of the last few answers that answer again: widening was a full scan, the slowest keys of
 * the search at 50,000 with the first character.
 *
 * Layout matters at this size: the haystacks live in one dense array, in list order, and a
 * full build creates them in that order so they also sit in memory in scan order
 * (measured here: scanning 50,000 strings scattered by a sort is 3–4 times slower).
 *
 * What a list decides is its IndexSpec: which rows belong (its scope), their sort keys and
 * order (unique: the id breaks ties), and the haystack of a row.
 */
import { searchKey } from './search-key.ts';

export interface IndexedRow {
  id: string;
}

export interface IndexSpec<T, K> {
  /** Whether a row belongs in this list (its scope); others are left out or dropped. */
  includes(row: T): boolean;
  /** The row's sort keys, computed once per row; they must tell any two rows apart (end with the id). */
  sortKeys(row: T): K;
  compare(a: K, b: K): number;
  /** What a query is matched against, from the already computed keys (normalised with searchKey). */
  haystack(keys: K, row: T): string;
  /**
   * Each word of the query is looked for on its own, in any field and any order ('okafor
   * 1951': a name and a year of birth), instead of the whole query in one field.
   */
  matchWords?: boolean;
}

/** A list's filter of the rows a query answers (e.g. only active patients). */
export type RowFilter<T> = (row: T) => boolean;

/** A query's answer: its positions in list order, and the rows once asked for. */
interface Answer<T> {
  needle: string;
  /** The filter it was kept by, compared by identity only (unknown keeps the index covariant in T). */
  keep: unknown;
  positions: number[];
  rows?: readonly T[];
}

interface Entry<T, K> {
  row: T;
  keys: K;
}

/** One change from the local database: a row written, or one deleted. */
export type ListChange<T> = { type: 'upsert'; row: T } | { type: 'remove'; id: string };

/** How many recent answers a query may start from (a query typed and backspaced stays within these). */
const RECENT_QUERIES = 16;

/** Above this many changes at once, merging beats inserting one by one (each insert moves up to n entries). */
const BULK_THRESHOLD = 64;

export class SearchIndex<T extends IndexedRow, K = unknown> {
  private haystacks: string[] = [];
  private sortedRows: T[] = [];
  private keys: K[] = [];
  private readonly byId = new Map<string, Entry<T, K>>();
  private allRows: readonly T[] | null = null;
  /** The last answers, newest last; emptied by every change of the index. */
  private recentQueries: Answer<T>[] = [];
  private revision = 0;

  constructor(
    readonly spec: IndexSpec<T, K>,
    rows: Iterable<T> = [],
  ) {
    this.replaceAll(rows);
  }

  /** Rows in the list. */
  get size(): number {
    return this.sortedRows.length;
  }

  /** Increments on every change, so a view can tell that its last result is stale. */
  get version(): number {
    return this.revision;
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  get(id: string): T | undefined {
    return this.byId.get(id)?.row;
  }

  /** Rebuilds from a full list: O(n), plus a sort unless the rows already come sorted. */
  replaceAll(rows: Iterable<T>): void {
    const spec = this.spec;
    this.byId.clear();
    for (const row of rows) {
      // A repeated id: the last version wins, also when it has left the scope.
      if (spec.includes(row)) this.byId.set(row.id, { row, keys: spec.sortKeys(row) });
      else this.byId.delete(row.id);
    }
    const entries = this.sorted([...this.byId.values()]);
    this.sortedRows = entries.map((entry) => entry.row);
    this.keys = entries.map((entry) => entry.keys);
    this.haystacks = entries.map((entry) => spec.haystack(entry.keys, entry.row));
    this.changed();
  }

  /** Adds or updates one row (it leaves the index if it no longer belongs to the scope). */
  upsert(row: T): void {
    const spec = this.spec;
    const current = this.byId.get(row.id);
    if (!spec.includes(row)) {
      if (current) this.remove(row.id);
      return;
    }
    const next: Entry<T, K> = { row, keys: spec.sortKeys(row) };
    const haystack = spec.haystack(next.keys, row);
    if (current && spec.compare(current.keys, next.keys) === 0) {
      // Same place in the order: replace in place.
      const position = this.positionOf(current.keys);
      this.haystacks[position] = haystack;
      this.sortedRows[position] = row;
      this.keys[position] = next.keys;
    } else {
      if (current) this.deleteAt(this.positionOf(current.keys));
      const position = this.positionOf(next.keys);
      this.haystacks.splice(position, 0, haystack);
      this.sortedRows.splice(position, 0, row);
      this.keys.splice(position, 0, next.keys);
    }
    this.byId.set(row.id, next);
    this.changed();
  }

  /** Removes one row; false when it was not in the index. */
  remove(id: string): boolean {
    const current = this.byId.get(id);
    if (!current) return false;
    this.deleteAt(this.positionOf(current.keys));
    this.byId.delete(id);
    this.changed();
    return true;
  }

  /** Applies a batch of changes in order; a large batch (a sync page) is merged in one pass. */
  applyChanges(changes: readonly ListChange<T>[]): void {
    if (changes.length <= BULK_THRESHOLD) {
      for (const change of changes) {
        if (change.type === 'upsert') this.upsert(change.row);
        else this.remove(change.id);
      }
      return;
    }
    const spec = this.spec;
    const touched = new Set<string>();
    for (const change of changes) {
      const id = change.type === 'upsert' ? change.row.id : change.id;
      touched.add(id);
      if (change.type === 'upsert' && spec.includes(change.row)) this.byId.set(id, { row: change.row, keys: spec.sortKeys(change.row) });
      else this.byId.delete(id);
    }
    const added = this.sorted([...touched].flatMap((id) => this.byId.get(id) ?? []));
    this.mergeIn(touched, added);
    this.changed();
  }

  /** Every row of the list, sorted; the same array until the index changes. */
  rows(): readonly T[] {
    this.allRows ??= this.sortedRows.slice();
    return this.allRows;
  }

  /**
   * Rows whose haystack contains the query (case- and accent-insensitive), sorted; with
   * `keep`, only the rows it accepts (a list's filter, e.g. active patients). The filter is
   * applied in the scan and its answer kept like any other, so a filtered list costs a
   * keystroke no more than an unfiltered one: filtering 100,000 rows after each answer was
   * the slowest part of the patient search. Pass the same function while the filter is
   * unchanged: answers are kept per function.
   */
  query(text: string, keep: RowFilter<T> | null = null): readonly T[] {
    const needle = searchKey(text);
    if (needle === '' && !keep) return this.rows();
    const answer = this.answer(needle, keep);
    if (!answer.rows) {
      const positions = answer.positions;
      const rows: T[] = new Array(positions.length);
      for (let i = 0; i < positions.length; i++) rows[i] = this.sortedRows[positions[i] as number] as T;
      answer.rows = rows;
    }
    return answer.rows;
  }

  /** The ids of `query(text)`, in order. */
  queryIds(text: string): string[] {
    return this.query(text).map((row) => row.id);
  }

  private answer(needle: string, keep: RowFilter<T> | null): Answer<T> {
    const recent = this.recentQueries;
    const same = recent.findIndex((answer) => answer.needle === needle && answer.keep === keep);
    if (same >= 0) {
      const [answer] = recent.splice(same, 1);
      recent.push(answer!);
      return answer!;
    }
    // A longer query matches a subset of a query it contains: scan only that answer (the
    // smallest one), whether it was kept by the same filter or by none.
    let narrowest: Answer<T> | null = null;
    for (const answer of recent) {
      if ((answer.keep === keep || answer.keep === null) && needle.includes(answer.needle) && (!narrowest || answer.positions.length < narrowest.positions.length)) narrowest = answer;
    }
    const filter = keep && narrowest?.keep !== keep ? keep : null;
    const positions = this.scan(needle, narrowest?.positions ?? null, filter);
    const answer: Answer<T> = { needle, keep, positions };
    // The same rows as the answer it narrowed (every row of 'mrn-' matched 'mrn'): share that answer's arrays.
    if (narrowest && positions.length === narrowest.positions.length) {
      answer.positions = narrowest.positions;
      answer.rows = narrowest.rows;
    } else if (!narrowest && !keep && positions.length === this.sortedRows.length) {
      answer.rows = this.rows();
    }
    recent.push(answer);
    if (recent.length > RECENT_QUERIES) recent.shift();
    return answer;
  }

  /** The positions (of `within`, or of every row) whose haystack holds the needle and whose row `keep` accepts. */
  private scan(needle: string, within: readonly number[] | null, keep: RowFilter<T> | null): number[] {
    const haystacks = this.haystacks;
    const rows = this.sortedRows;
    const positions: number[] = [];
    // A word of a longer query contains a word of the shorter one, so narrowing holds for words too.
    const words = this.spec.matchWords ? needle.split(' ') : null;
    if (words && words.length > 1) {
      const count = within ? within.length : haystacks.length;
      for (let i = 0; i < count; i++) {
        const position = within ? (within[i] as number) : i;
        const haystack = haystacks[position] as string;
        if (words.every((word) => haystack.includes(word)) && (!keep || keep(rows[position] as T))) positions.push(position);
      }
      return positions;
    }
    // One needle (the usual keystroke): the loops stay plain, the hottest code of a search.
    if (within) {
      for (let i = 0; i < within.length; i++) {
        const position = within[i] as number;
        if ((haystacks[position] as string).includes(needle) && (!keep || keep(rows[position] as T))) positions.push(position);
      }
    } else {
      for (let i = 0; i < haystacks.length; i++) {
        if ((haystacks[i] as string).includes(needle) && (!keep || keep(rows[i] as T))) positions.push(i);
      }
    }
    return positions;
  }

  /** Drops the touched ids from the sorted arrays and merges the added entries in, in one pass. */
  private mergeIn(touched: ReadonlySet<string>, added: Entry<T, K>[]): void {
    const spec = this.spec;
    const haystacks: string[] = [];
    const rows: T[] = [];
    const keys: K[] = [];
    const push = (row: T, key: K, haystack: string) => {
      rows.push(row);
      keys.push(key);
      haystacks.push(haystack);
    };
    let j = 0;
    for (let i = 0; i < this.sortedRows.length; i++) {
      const row = this.sortedRows[i] as T;
      if (touched.has(row.id)) continue;
      const key = this.keys[i] as K;
      for (; j < added.length && spec.compare((added[j] as Entry<T, K>).keys, key) < 0; j++) {
        const entry = added[j] as Entry<T, K>;
        push(entry.row, entry.keys, spec.haystack(entry.keys, entry.row));
      }
      push(row, key, this.haystacks[i] as string);
    }
    for (; j < added.length; j++) {
      const entry = added[j] as Entry<T, K>;
      push(entry.row, entry.keys, spec.haystack(entry.keys, entry.row));
    }
    this.haystacks = haystacks;
    this.sortedRows = rows;
    this.keys = keys;
  }

  private deleteAt(position: number): void {
    this.haystacks.splice(position, 1);
    this.sortedRows.splice(position, 1);
    this.keys.splice(position, 1);
  }

  /**
   * Binary search: the first position whose keys are not before `keys`. Keys are unique
   * (the id breaks ties), so for an indexed row this is exactly its position.
   */
  private positionOf(keys: K): number {
    const spec = this.spec;
    let low = 0;
    let high = this.keys.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (spec.compare(this.keys[middle] as K, keys) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private sorted(entries: Entry<T, K>[]): Entry<T, K>[] {
    const spec = this.spec;
    for (let i = 1; i < entries.length; i++) {
      if (spec.compare((entries[i - 1] as Entry<T, K>).keys, (entries[i] as Entry<T, K>).keys) > 0) {
        return entries.sort((a, b) => spec.compare(a.keys, b.keys));
      }
    }
    return entries;
  }

  private changed(): void {
    this.allRows = null;
    this.recentQueries = [];
    this.revision++;
  }
}
