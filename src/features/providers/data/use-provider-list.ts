/**
 * A provider list for a page: the shared list hook of src/lib/list (use-list.ts) with the
 * provider list definition — the always-current list of the scope, the first-sync state,
 * and until the database has answered, what was saved at the last visit.
 */
import { useList, type ListState } from '../../../lib/list/use-list.ts';
import type { ProviderSearchScope } from '../model/search-text.ts';
import { providerListDefinition } from './provider-list-definition.ts';
import type { ListProvider } from './provider-list-source.ts';

export type ProviderListState = ListState<ListProvider>;

export function useProviderList(scope: ProviderSearchScope): ProviderListState {
  return useList(providerListDefinition, scope);
}
