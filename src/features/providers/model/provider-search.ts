/**
 * The provider search index: the shared list index (src/lib/list/search-index.ts) with the
 * provider lists' rules (search-text.ts) for a scope — who belongs, the order by last name
 * then first name, and the haystack of names and NPI. 50,000 providers filter per
 * keystroke well under 16 ms (ARCHITECTURE.md budgets); how is said in the shared index.
 */
import { SearchIndex, type ListChange } from '../../../lib/list/search-index.ts';
import { providerIndexSpec, type ProviderSearchScope, type SearchableProvider, type SortKeys } from './search-text.ts';

/** One change from the local database: a document written, or one deleted. */
export type ProviderChange<T> = ListChange<T>;

export class ProviderSearchIndex<T extends SearchableProvider> extends SearchIndex<T, SortKeys> {
  readonly scope: ProviderSearchScope;

  constructor(scope: ProviderSearchScope, rows: Iterable<T> = []) {
    super(providerIndexSpec<T>(scope), rows);
    this.scope = scope;
  }
}
