/**
 * The text side of the provider search: which providers a list scope holds, what each
 * provider's precomputed haystack contains and how the lists are ordered — the provider
 * lists' IndexSpec for the shared list machinery (src/lib/list). Names and queries are
 * normalised by the shared searchKey. Kept apart from the index so the rules read in one place.
 */
import { FIELD_SEPARATOR, searchKey } from '../../../lib/list/search-key.ts';
import type { IndexSpec } from '../../../lib/list/search-index.ts';

export { searchKey } from '../../../lib/list/search-key.ts';

export type ProviderSearchScope = 'all' | 'healthcare' | 'non_healthcare';

/** The fields the search and the sort read (a structural subset of a provider record). */
export interface SearchableProvider {
  id: string;
  first_name: string | null;
  last_name: string | null;
  npi: string | null;
}

export function hasNpi(provider: Pick<SearchableProvider, 'npi'>): boolean {
  return typeof provider.npi === 'string' && provider.npi.trim() !== '';
}

/** Which providers a list shows: /providers all, /providers/healthcare those with an NPI, the other those without. */
export function inScope(provider: SearchableProvider, scope: ProviderSearchScope): boolean {
  if (scope === 'all') return true;
  return scope === 'healthcare' ? hasNpi(provider) : !hasNpi(provider);
}

/**
 * What a query is matched against, built once per provider. The spec matches substrings of
 * the first name, the last name or the NPI (never the NPI on the non-healthcare list); the
 * haystack holds 'first last' and 'last, first' so those two match as well, and typing a
 * whole name ('Jane Doe', 'Doe, Jane') finds the provider, as staff expect.
 */
export function buildHaystack(provider: SearchableProvider, scope: ProviderSearchScope): string {
  return haystackFromKeys(sortKeysOf(provider), provider, scope);
}

/** The haystack from already normalised names (the index computes them once for sorting too). */
export function haystackFromKeys(keys: SortKeys, provider: Pick<SearchableProvider, 'npi'>, scope: ProviderSearchScope): string {
  const parts = [keys.first, ' ', keys.last, FIELD_SEPARATOR, keys.last, ', ', keys.first];
  if (scope !== 'non_healthcare' && hasNpi(provider)) parts.push(FIELD_SEPARATOR, searchKey(provider.npi));
  // join, not `+` or a template: it makes one flat string, where concatenation makes a
  // rope that V8 must flatten again and again while 50,000 of them are scanned or joined.
  return parts.join('');
}

/** Sort keys: last name, then first name, then id (ties never depend on arrival order). */
export interface SortKeys {
  last: string;
  first: string;
  id: string;
}

export function sortKeysOf(provider: SearchableProvider): SortKeys {
  return { last: searchKey(provider.last_name), first: searchKey(provider.first_name), id: provider.id };
}

/**
 * Orders by last name ascending, then first name, then id. Plain code-unit comparison of
 * the normalised keys: fast enough to sort 50,000 rows, and the same order as the local
 * database's lowercase accent-free `sort_name` index for ordinary names.
 */
export function compareSortKeys(a: SortKeys, b: SortKeys): number {
  if (a.last !== b.last) return a.last < b.last ? -1 : 1;
  if (a.first !== b.first) return a.first < b.first ? -1 : 1;
  if (a.id !== b.id) return a.id < b.id ? -1 : 1;
  return 0;
}

/** The provider lists' IndexSpec of a scope: the scope's providers, by last name, then first name. */
export function providerIndexSpec<T extends SearchableProvider>(scope: ProviderSearchScope): IndexSpec<T, SortKeys> {
  return {
    includes: (provider) => inScope(provider, scope),
    sortKeys: sortKeysOf,
    compare: compareSortKeys,
    haystack: (keys, provider) => haystackFromKeys(keys, provider, scope),
  };
}
