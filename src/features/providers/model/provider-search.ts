/**
 * The provider search index (ARCHITECTURE.md, performance budgets): 50,000 providers must
 * filter per keystroke well under 16 ms. Each provider's lowercase haystack is built once;
 * the index keeps providers sorted (last name, first name, id) and is kept current by
 * upserting or removing single documents from the local database's change stream, so a
 * keystroke never runs a regex or a database query.
 *
 * A keystroke scans one string: the haystacks joined in list order (the "corpus"), with
 * `indexOf` jumping from match to match. Measured here, that is 3–6 times faster than
 * calling `includes` on 50,000 separate strings, which lie scattered in memory once sorted.
 * The corpus is rebuilt lazily (one join) on the first query after a change.
 */
import {
  compareSortKeys,
  haystackFromKeys,
  inScope,
  searchKey,
  sortKeysOf,
  type ProviderSearchScope,
  type SearchableProvider,
  type SortKeys,
} from './search-text.ts';

interface Entry<T> {
  row: T;
  keys: SortKeys;
  haystack: string;
}

/** One change from the local database: a document written, or one deleted. */
export type ProviderChange<T> = { type: 'upsert'; row: T } | { type: 'remove'; id: string };

/** Above this many changes at once, merging beats inserting one by one (each insert moves up to n entries). */
const BULK_THRESHOLD = 64;

/** Between two rows' haystacks in the corpus; a normalised query never contains it. */
const ROW_SEPARATOR = '\u0002';

export class ProviderSearchIndex<T extends SearchableProvider> {
  readonly scope: ProviderSearchScope;
  private haystacks: string[] = [];
  private sortedRows: T[] = [];
  private keys: SortKeys[] = [];
  private readonly byId = new Map<string, Entry<T>>();
  private allRows: readonly T[] | null = null;
  private corpus: { text: string; starts: Int32Array } | null = null;
  private revision = 0;

  constructor(scope: ProviderSearchScope, rows: Iterable<T> = []) {
    this.scope = scope;
    this.replaceAll(rows);
  }

  /** Providers in this scope. */
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
    this.byId.clear();
    for (const row of rows) {
      // A repeated id: the last version wins, also when it has left the scope.
      if (inScope(row, this.scope)) this.byId.set(row.id, this.entryOf(row));
      else this.byId.delete(row.id);
    }
    this.setEntries(sortedEntries([...this.byId.values()]));
  }

  /** Adds or updates one provider (it leaves the index if it no longer belongs to the scope). */
  upsert(row: T): void {
    const current = this.byId.get(row.id);
    if (!inScope(row, this.scope)) {
      if (current) this.remove(row.id);
      return;
    }
    const next = this.entryOf(row);
    if (current && compareSortKeys(current.keys, next.keys) === 0) {
      // Same place in the order: replace in place.
      const position = this.positionOf(current.keys);
      this.haystacks[position] = next.haystack;
      this.sortedRows[position] = next.row;
      this.keys[position] = next.keys;
    } else {
      if (current) this.deleteAt(this.positionOf(current.keys));
      const position = this.positionOf(next.keys);
      this.haystacks.splice(position, 0, next.haystack);
      this.sortedRows.splice(position, 0, next.row);
      this.keys.splice(position, 0, next.keys);
    }
    this.byId.set(row.id, next);
    this.changed();
  }

  /** Removes one provider; false when it was not in the index. */
  remove(id: string): boolean {
    const current = this.byId.get(id);
    if (!current) return false;
    this.deleteAt(this.positionOf(current.keys));
    this.byId.delete(id);
    this.changed();
    return true;
  }

  /** Applies a batch of changes in order; a large batch (a sync page) is merged in one pass. */
  applyChanges(changes: readonly ProviderChange<T>[]): void {
    if (changes.length <= BULK_THRESHOLD) {
      for (const change of changes) {
        if (change.type === 'upsert') this.upsert(change.row);
        else this.remove(change.id);
      }
      return;
    }
    const touched = new Set<string>();
    for (const change of changes) {
      const id = change.type === 'upsert' ? change.row.id : change.id;
      touched.add(id);
      if (change.type === 'upsert' && inScope(change.row, this.scope)) this.byId.set(id, this.entryOf(change.row));
      else this.byId.delete(id);
    }
    const kept: Entry<T>[] = [];
    for (let i = 0; i < this.sortedRows.length; i++) {
      const row = this.sortedRows[i] as T;
      if (!touched.has(row.id)) kept.push({ row, keys: this.keys[i] as SortKeys, haystack: this.haystacks[i] as string });
    }
    const added = sortedEntries([...touched].flatMap((id) => this.byId.get(id) ?? []));
    this.setEntries(mergeSorted(kept, added));
  }

  /** Every provider of the scope, sorted; the same array until the index changes. */
  rows(): readonly T[] {
    this.allRows ??= this.sortedRows.slice();
    return this.allRows;
  }

  /** Providers whose haystack contains the query (case- and accent-insensitive), sorted. */
  query(text: string): readonly T[] {
    const needle = searchKey(text);
    if (needle === '') return this.rows();
    return this.match(needle);
  }

  /** The ids of `query(text)`, in order. */
  queryIds(text: string): string[] {
    return this.query(text).map((row) => row.id);
  }

  /** The rows whose haystack contains the needle, found by jumping through the corpus. */
  private match(needle: string): T[] {
    const { text, starts } = this.currentCorpus();
    const rows: T[] = [];
    let row = 0;
    let at = text.indexOf(needle);
    while (at !== -1) {
      // Matches come in increasing order: walk forward to the row that holds this one.
      while ((starts[row + 1] as number) <= at) row++;
      rows.push(this.sortedRows[row] as T);
      // One hit per row is enough: continue at the next row's haystack.
      at = text.indexOf(needle, starts[row + 1] as number);
    }
    return rows;
  }

  private currentCorpus(): { text: string; starts: Int32Array } {
    if (this.corpus) return this.corpus;
    // starts[i] is where row i's haystack begins; starts[n] is one past the end.
    const starts = new Int32Array(this.haystacks.length + 1);
    let offset = 0;
    for (let i = 0; i < this.haystacks.length; i++) {
      starts[i] = offset;
      offset += (this.haystacks[i] as string).length + 1;
    }
    starts[this.haystacks.length] = offset;
    this.corpus = { text: this.haystacks.join(ROW_SEPARATOR), starts };
    return this.corpus;
  }

  private entryOf(row: T): Entry<T> {
    const keys = sortKeysOf(row);
    return { row, keys, haystack: haystackFromKeys(keys, row, this.scope) };
  }

  private setEntries(entries: Entry<T>[]): void {
    this.haystacks = entries.map((entry) => entry.haystack);
    this.sortedRows = entries.map((entry) => entry.row);
    this.keys = entries.map((entry) => entry.keys);
    this.changed();
  }

  private deleteAt(position: number): void {
    this.haystacks.splice(position, 1);
    this.sortedRows.splice(position, 1);
    this.keys.splice(position, 1);
  }

  /**
   * Binary search: the first position whose keys are not before `keys`. Keys are unique
   * (the id breaks ties), so for an indexed provider this is exactly its position.
   */
  private positionOf(keys: SortKeys): number {
    let low = 0;
    let high = this.keys.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareSortKeys(this.keys[middle] as SortKeys, keys) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private changed(): void {
    this.allRows = null;
    this.corpus = null;
    this.revision++;
  }
}

function sortedEntries<T>(entries: Entry<T>[]): Entry<T>[] {
  for (let i = 1; i < entries.length; i++) {
    if (compareSortKeys((entries[i - 1] as Entry<T>).keys, (entries[i] as Entry<T>).keys) > 0) {
      return entries.sort((a, b) => compareSortKeys(a.keys, b.keys));
    }
  }
  return entries;
}

function mergeSorted<T>(a: Entry<T>[], b: Entry<T>[]): Entry<T>[] {
  const merged: Entry<T>[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    merged.push(compareSortKeys((a[i] as Entry<T>).keys, (b[j] as Entry<T>).keys) <= 0 ? (a[i++] as Entry<T>) : (b[j++] as Entry<T>));
  }
  while (i < a.length) merged.push(a[i++] as Entry<T>);
  while (j < b.length) merged.push(b[j++] as Entry<T>);
  return merged;
}
