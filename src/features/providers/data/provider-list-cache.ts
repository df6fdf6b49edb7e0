/**
 * One ProviderListSource per list scope and database, shared by every view of that list
 * and kept for a while after the last view leaves (the five minutes spec §9 gives unused
 * cache entries), so going from the list to a provider and back does not read and index
 * 50,000 providers again. A different database (another user signed in) starts afresh.
 */
import { defer, map, switchMap } from 'rxjs';
import type { LocalDatabase } from '../../../db/index.ts';
import type { ProviderChange } from '../model/provider-search.ts';
import { inScope, type ProviderSearchScope } from '../model/search-text.ts';
import { ProviderListSource, type ListProvider, type ListSourceDeps } from './provider-list-source.ts';

export const UNUSED_LIST_TTL_MS = 5 * 60 * 1000;

interface Entry {
  db: LocalDatabase;
  source: ProviderListSource;
  users: number;
  expiry: ReturnType<typeof setTimeout> | null;
}

const entries = new Map<ProviderSearchScope, Entry>();

/** The scope's selector on the `npi_key` index ('' when a provider has no NPI). */
function scopeSelector(scope: ProviderSearchScope): Record<string, unknown> {
  if (scope === 'healthcare') return { npi_key: { $ne: '' } };
  if (scope === 'non_healthcare') return { npi_key: '' };
  return {};
}

/** The data layer's queries; loaded already when a database is open (dynamic, to keep RxDB out of the list page's chunk). */
const queries = () => import('../../../db/index.ts');

/** The list's data from the local database. */
export function databaseListDeps(db: LocalDatabase, scope: ProviderSearchScope): ListSourceDeps {
  const selector = scopeSelector(scope);
  const plain = (docs: Array<{ toJSON(): unknown }>) => docs.map((doc) => doc.toJSON() as ListProvider);
  return {
    firstRows: async (limit) =>
      plain(await db.providers.find({ selector, sort: [{ sort_name: 'asc' }, { id: 'asc' }], limit }).exec()),
    allRows: async () => (await (await queries()).readAllProviders(db)).filter((row) => inScope(row, scope)),
    changes: defer(queries).pipe(
      switchMap((module) => module.watchProviderChanges(db)),
      map((change): ProviderChange<ListProvider> => (change.doc ? { type: 'upsert', row: change.doc } : { type: 'remove', id: change.id })),
    ),
  };
}

function dispose(scope: ProviderSearchScope, entry: Entry): void {
  if (entry.expiry) clearTimeout(entry.expiry);
  entry.source.stop();
  if (entries.get(scope) === entry) entries.delete(scope);
}

/** The shared list of a scope; call `release` when the view goes away. */
export function acquireProviderList(
  db: LocalDatabase,
  scope: ProviderSearchScope,
  ttlMs: number = UNUSED_LIST_TTL_MS,
): { source: ProviderListSource; release: () => void } {
  let entry = entries.get(scope);
  if (entry && (entry.db !== db || entry.db.closed || entry.source.getSnapshot().phase === 'error')) {
    dispose(scope, entry);
    entry = undefined;
  }
  if (!entry) {
    entry = { db, source: new ProviderListSource(scope, databaseListDeps(db, scope)), users: 0, expiry: null };
    entries.set(scope, entry);
    entry.source.start();
  }
  const current = entry;
  current.users += 1;
  if (current.expiry) clearTimeout(current.expiry);
  current.expiry = null;
  let released = false;
  return {
    source: current.source,
    release: () => {
      if (released) return;
      released = true;
      current.users -= 1;
      if (current.users > 0) return;
      current.expiry = setTimeout(() => dispose(scope, current), ttlMs);
    },
  };
}
