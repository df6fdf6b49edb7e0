/**
 * The list saved at the last visit (list-snapshot-store.ts), read and indexed once per page
 * load. The list page searches it while the local database opens; the database's list then
 * takes the same index when no provider was written since (same last write time). Each of
 * them read and indexed the saved rows on its own before: at 50,000 providers the second
 * read was one long task right after the list became searchable, and the first keystrokes
 * after a reload waited for it (178–319 ms).
 */
import { ProviderSearchIndex } from '../model/provider-search.ts';
import type { ProviderSearchScope } from '../model/search-text.ts';
import { readListSnapshot } from './list-snapshot-store.ts';
import type { ListProvider } from './provider-list-source.ts';

export interface SavedListIndex {
  /** The providers' last write time the saved list reflects. */
  lwt: number;
  index: ProviderSearchIndex<ListProvider>;
}

const reads = new Map<string, Promise<SavedListIndex | null>>();

const keyOf = (userId: string, scope: ProviderSearchScope) => `${userId}:${scope}`;

/** The saved list of the scope, indexed (null when none is saved); read once until taken. */
export function savedListIndex(userId: string, scope: ProviderSearchScope): Promise<SavedListIndex | null> {
  const key = keyOf(userId, scope);
  let read = reads.get(key);
  if (!read) {
    read = readListSnapshot(userId, scope).then((record) => (record ? { lwt: record.lwt, index: new ProviderSearchIndex(scope, record.rows) } : null));
    reads.set(key, read);
  }
  return read;
}

/**
 * Hands the saved list over to the database's list, which keeps it current from then on:
 * this module lets go of it (50,000 rows of memory), and a later call reads the store again.
 */
export async function takeSavedListIndex(userId: string, scope: ProviderSearchScope): Promise<SavedListIndex | null> {
  const saved = await savedListIndex(userId, scope);
  reads.delete(keyOf(userId, scope));
  return saved;
}

/** Lets go of every list read for this user (sign-out). */
export function forgetSavedListIndexes(userId: string): void {
  for (const key of reads.keys()) if (key.startsWith(`${userId}:`)) reads.delete(key);
}
