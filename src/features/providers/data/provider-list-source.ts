/**
 * One provider list (all, healthcare or non-healthcare) kept current from the local
 * database: the shared ListSource (src/lib/list/list-source.ts) with the provider scope's
 * index. What it does for the performance budgets is said there.
 */
import type { ProviderDoc } from '../../../db/index.ts';
import { FIRST_PAGE_SIZE, ListSource, type ListSnapshot as Snapshot, type ListSourceDeps as Deps } from '../../../lib/list/list-source.ts';
import { ProviderSearchIndex } from '../model/provider-search.ts';
import { inScope, type ProviderSearchScope } from '../model/search-text.ts';

export { FIRST_PAGE_SIZE } from '../../../lib/list/list-source.ts';
export type { ListFailure, ListPhase } from '../../../lib/list/list-source.ts';

/** A provider as the lists hold it: the local document's plain data. */
export type ListProvider = Readonly<ProviderDoc>;

/** Where a list's data comes from (the local database in the app; plain functions in tests). */
export type ListSourceDeps = Deps<ListProvider>;

export type ListSnapshot = Snapshot<ListProvider>;

export class ProviderListSource extends ListSource<ListProvider> {
  constructor(scope: ProviderSearchScope, deps: ListSourceDeps, firstPageSize = FIRST_PAGE_SIZE) {
    super(
      {
        name: 'providers',
        scope,
        createIndex: (rows) => new ProviderSearchIndex(scope, rows),
        includes: (row) => inScope(row, scope),
        firstPageSize,
      },
      deps,
    );
  }
}
