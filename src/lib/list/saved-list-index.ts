/**
 * The list saved at the last visit (list-snapshot-store.ts), read and indexed once per page
 * load. The list page searches it while the local database opens; the database's list then
 * takes the same index when no record was written since (same last write time). Each of
 * them read and indexed the saved rows on its own before: at 50,000 providers the second
 * read was one long task right after the list became searchable, and the first keystrokes
 * after a reload waited for it (178–319 ms).
 */
import { readListSnapshot } from './list-snapshot-store.ts';
import type { IndexedRow, SearchIndex } from './search-index.ts';

export interface SavedListIndex<T extends IndexedRow> {
  /** The records' last write time the saved list reflects. */
  lwt: number;
  index: SearchIndex<T>;
}

/** Per user, per list key: the read under way or done, until taken. */
const reads = new Map<string, Map<string, Promise<SavedListIndex<IndexedRow> | null>>>();

/** The saved list, indexed with `createIndex` (null when none is saved); read once until taken. */
export function savedListIndex<T extends IndexedRow>(
  userId: string,
  listKey: string,
  createIndex: (rows: T[]) => SearchIndex<T>,
): Promise<SavedListIndex<T> | null> {
  let byKey = reads.get(userId);
  if (!byKey) reads.set(userId, (byKey = new Map()));
  let read = byKey.get(listKey) as Promise<SavedListIndex<T> | null> | undefined;
  if (!read) {
    read = readListSnapshot<T>(userId, listKey).then((record) => (record ? { lwt: record.lwt, index: createIndex(record.rows) } : null));
    byKey.set(listKey, read as unknown as Promise<SavedListIndex<IndexedRow> | null>);
  }
  return read;
}

/**
 * Hands the saved list over to the database's list, which keeps it current from then on:
 * this module lets go of it (50,000 rows of memory), and a later call reads the store again.
 */
export async function takeSavedListIndex<T extends IndexedRow>(
  userId: string,
  listKey: string,
  createIndex: (rows: T[]) => SearchIndex<T>,
): Promise<SavedListIndex<T> | null> {
  const saved = await savedListIndex(userId, listKey, createIndex);
  reads.get(userId)?.delete(listKey);
  return saved;
}

/** Lets go of every list read for this user (sign-out). */
export function forgetSavedListIndexes(userId: string): void {
  reads.delete(userId);
}
