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
import { slimRow } from './first-page-snapshot.ts';
import { writeListSnapshot } from './list-snapshot-store.ts';
import { ProviderListSource, type ListProvider, type ListSourceDeps } from './provider-list-source.ts';
import { takeSavedListIndex } from './saved-list-index.ts';

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

/** The list saved after this long without changes (a sync brings many pages in a row). */
const SAVE_DELAY_MS = 2000;

interface DatabaseListDeps extends ListSourceDeps {
  /** The providers' last write the list reflects (NaN: unknown); a deletion is not counted, so it only ever errs old. */
  lastWrite(): number;
  /** Whether the rows came from the saved list (then it need not be saved again unchanged). */
  fromSaved(): boolean;
}

/**
 * The list keeps what a row shows, as the saved lists do (first-page-snapshot.ts): whole
 * documents carry the registry answers, and 50,000 of them held for the search made a
 * 140 MB heap, which Chromium takes half a second to tear down when the page reloads.
 */
const slim = (row: ListProvider): ListProvider => slimRow(row) as ListProvider;

const lwtOf = (row: object): number => (row as { _meta?: { lwt?: number } })._meta?.lwt ?? Number.NEGATIVE_INFINITY;

/**
 * The list's data from the local database. With a user, the whole list is the list saved at
 * the last visit when the providers have not been written since, indexed already if the
 * page searched it while the database opened (saved-list-index.ts).
 */
export function databaseListDeps(db: LocalDatabase, scope: ProviderSearchScope, userId: string | null = null): DatabaseListDeps {
  const selector = scopeSelector(scope);
  const plain = (docs: Array<{ toJSON(): unknown }>) => docs.map((doc) => doc.toJSON() as ListProvider);
  let lastWrite = Number.NaN;
  let fromSaved = false;
  return {
    firstRows: async (limit) =>
      plain(await db.providers.find({ selector, sort: [{ sort_name: 'asc' }, { id: 'asc' }], limit }).exec()).map(slim),
    allRows: async () => {
      const data = await queries();
      // Read before the rows: a write in between makes the list look older than it is, never newer.
      const latest = await data.latestProviderWrite(db);
      const saved = userId && Number.isFinite(latest) ? await takeSavedListIndex(userId, scope) : null;
      lastWrite = Math.max(latest, Number.isFinite(lastWrite) ? lastWrite : Number.NEGATIVE_INFINITY);
      if (saved && saved.lwt === latest) {
        fromSaved = true;
        return saved.index;
      }
      return (await data.readAllProviders(db)).filter((row) => inScope(row, scope)).map(slim);
    },
    changes: defer(queries).pipe(
      switchMap((module) => module.watchProviderChanges(db)),
      map((change): ProviderChange<ListProvider> => {
        if (!change.doc) return { type: 'remove', id: change.id };
        if (Number.isFinite(lastWrite)) lastWrite = Math.max(lastWrite, lwtOf(change.doc));
        return { type: 'upsert', row: slim(change.doc) };
      }),
    ),
    lastWrite: () => lastWrite,
    fromSaved: () => fromSaved,
  };
}

/** Saves the whole list (for the next visit) once it has been quiet for a moment. */
function keepListSaved(db: LocalDatabase, userId: string, scope: ProviderSearchScope, source: ProviderListSource, deps: DatabaseListDeps): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let saved: string | null = null;
  const save = () => {
    timer = null;
    const { index } = source.getSnapshot();
    const lwt = deps.lastWrite();
    // A closed database: the user signed out (and their saved lists are being deleted).
    if (!index || !Number.isFinite(lwt) || db.closed) return;
    const signature = `${lwt}:${index.size}`;
    if (saved === null && deps.fromSaved()) saved = signature;
    if (signature === saved) return;
    saved = signature;
    void writeListSnapshot(userId, scope, { lwt, json: JSON.stringify(index.rows().map(slimRow)) });
  };
  return source.subscribe(() => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(save, SAVE_DELAY_MS);
  });
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
  userId: string | null = null,
): { source: ProviderListSource; release: () => void } {
  let entry = entries.get(scope);
  if (entry && (entry.db !== db || entry.db.closed || entry.source.getSnapshot().phase === 'error')) {
    dispose(scope, entry);
    entry = undefined;
  }
  if (!entry) {
    const deps = databaseListDeps(db, scope, userId);
    entry = { db, source: new ProviderListSource(scope, deps), users: 0, expiry: null };
    entries.set(scope, entry);
    if (userId) keepListSaved(db, userId, scope, entry.source, deps);
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
