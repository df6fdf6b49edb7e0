/**
 * The provider lists' shared, cached sources: the list cache of src/lib/list with the
 * provider list definition (provider-list-definition.ts).
 */
import type { LocalDatabase } from '../../../db/index.ts';
import { acquireList, databaseListDeps as sharedDeps, UNUSED_LIST_TTL_MS } from '../../../lib/list/list-cache.ts';
import type { DatabaseListDeps } from '../../../lib/list/list-definition.ts';
import type { ProviderSearchScope } from '../model/search-text.ts';
import { providerListDefinition } from './provider-list-definition.ts';
import type { ListProvider } from './provider-list-source.ts';
import type { ListSource } from '../../../lib/list/list-source.ts';

export { UNUSED_LIST_TTL_MS } from '../../../lib/list/list-cache.ts';

/** The list's data from the local database (see the shared list cache). */
export function databaseListDeps(db: LocalDatabase, scope: ProviderSearchScope, userId: string | null = null): DatabaseListDeps<ListProvider> {
  return sharedDeps(db, providerListDefinition, scope, userId);
}

/** The shared list of a scope; call `release` when the view goes away. */
export function acquireProviderList(
  db: LocalDatabase,
  scope: ProviderSearchScope,
  ttlMs: number = UNUSED_LIST_TTL_MS,
  userId: string | null = null,
): { source: ListSource<ListProvider>; release: () => void } {
  return acquireList(db, providerListDefinition, scope, { ttlMs, userId });
}
