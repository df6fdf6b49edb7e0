/**
 * The provider lists as the shared list machinery sees them (src/lib/list/list-definition.ts):
 * three scopes of the providers collection, the provider index rules, the slim row the
 * lists keep, and the first page from the `sort_name` index (a scope's selector on the
 * `npi_key` index: '' when a provider has no NPI). Their saved lists keep the keys they had
 * before the lists were generalized (the scope alone), so a device's saved lists still read.
 * While the first download runs, the server answers (provider-remote-query.ts).
 */
import type { ListDefinition } from '../../../lib/list/list-definition.ts';
import { providerIndexSpec, type ProviderSearchScope } from '../model/search-text.ts';
import { slimRow } from './first-page-snapshot.ts';
import type { ListProvider } from './provider-list-source.ts';
import { providerRemoteQuery } from './provider-remote-query.ts';

/** The scope's selector on the `npi_key` index ('' when a provider has no NPI). */
export function scopeSelector(scope: ProviderSearchScope): Record<string, unknown> {
  if (scope === 'healthcare') return { npi_key: { $ne: '' } };
  if (scope === 'non_healthcare') return { npi_key: '' };
  return {};
}

export const providerListDefinition: ListDefinition<ListProvider, ProviderSearchScope> = {
  name: 'providers',
  scopes: ['all', 'healthcare', 'non_healthcare'],
  listKey: (scope) => scope,
  index: (scope) => providerIndexSpec<ListProvider>(scope),
  /**
   * The list keeps what a row shows, as the saved lists do: whole documents carry the
   * registry answers, and 50,000 of them held for the search made a 140 MB heap, which
   * Chromium takes half a second to tear down when the page reloads.
   */
  slim: (row) => slimRow(row) as ListProvider,
  database: { collection: 'providers', firstPage: { sortField: 'sort_name', selector: scopeSelector } },
  // While this device's first download runs, the pages and the search come from the server.
  remote: providerRemoteQuery,
};
