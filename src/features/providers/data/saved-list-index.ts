/**
 * The provider lists' saved list, read and indexed once per page load (the shared
 * saved-list-index.ts of src/lib/list, with the provider scope's index).
 */
import * as shared from '../../../lib/list/saved-list-index.ts';
import { ProviderSearchIndex } from '../model/provider-search.ts';
import type { ProviderSearchScope } from '../model/search-text.ts';
import type { ListProvider } from './provider-list-source.ts';

export { forgetSavedListIndexes } from '../../../lib/list/saved-list-index.ts';

export type SavedListIndex = shared.SavedListIndex<ListProvider>;

const indexOf = (scope: ProviderSearchScope) => (rows: ListProvider[]) => new ProviderSearchIndex(scope, rows);

/** The saved list of the scope, indexed (null when none is saved); read once until taken. */
export function savedListIndex(userId: string, scope: ProviderSearchScope): Promise<SavedListIndex | null> {
  return shared.savedListIndex(userId, scope, indexOf(scope));
}

/** Hands the saved list over to the database's list (see the shared module). */
export function takeSavedListIndex(userId: string, scope: ProviderSearchScope): Promise<SavedListIndex | null> {
  return shared.takeSavedListIndex(userId, scope, indexOf(scope));
}
