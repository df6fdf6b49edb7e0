/**
 * The provider lists' pages from the server (issue 28): `directory_providers`
 * (migration 20261201150000), which answers a scope's page in the lists' order and by
 * their search rule, under the caller's RLS, while this device's first download runs.
 */
import { rpcPageQuery, type PageFunctionRow } from '../../../lib/list/rpc-page-query.ts';
import type { ProviderSearchScope } from '../model/search-text.ts';
import { slimRow } from './first-page-snapshot.ts';
import type { ListProvider } from './provider-list-source.ts';

export const PROVIDER_PAGE_FUNCTION = 'directory_providers';

/** The list's slim row from a function row (slimRow keeps the list's fields, so the counts are left out). */
export function listRowOf(row: PageFunctionRow): ListProvider {
  return slimRow(row as unknown as ListProvider) as ListProvider;
}

export const providerRemoteQuery = rpcPageQuery<ListProvider, ProviderSearchScope>(PROVIDER_PAGE_FUNCTION, listRowOf);
