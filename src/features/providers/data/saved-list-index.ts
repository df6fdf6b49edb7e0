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

/** Per user, per scope: the read under way or done, until taken. */
const reads = new Map<string, Map<ProviderSearchScope, Promise<SavedListIndex | null>>>();

/** The saved list of the scope, indexed (null when none is saved); read once until taken. */
export function savedListIndex(userId: string, scope: ProviderSearchScope): Promise<SavedListIndex | null> {
  let byScope = reads.get(userId);
  if (!byScope) reads.set(userId, (byScope = new Map()));
  let read = byScope.get(scope);
  if (!read) {
    read = readListSnapshot(userId, scope).then((record) => (record ? { lwt: record.lwt, index: new ProviderSearchIndex(scope, record.rows) } : null));
    byScope.set(scope, read);
  }
  return read;
}

/**
 * Hands the saved list over to the database's list, which keeps it current from then on:
 * this module lets go of it (50,000 rows of memory), and a later call reads the store again.
 */
export async function takeSavedListIndex(userId: string, scope: ProviderSearchScope): Promise<SavedListIndex | null> {
  const saved = await savedListIndex(userId, scope);
  reads.get(userId)?.delete(scope);
  return saved;
}

/** Lets go of every list read for this user (sign-out). */
export function forgetSavedListIndexes(userId: string): void {
  reads.delete(userId);
}
