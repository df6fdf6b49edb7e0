/**
 * One ListSource per list scope and database, shared by every view of that list and kept
 * for a while after the last view leaves (the five minutes spec §9 gives unused cache
 * entries), so going from the list to a record and back does not read and index 50,000
 * rows again. A different database (another user signed in) starts afresh. With a user, the
 * whole list is saved (list-snapshot-store.ts) once it has been quiet a moment, and taken
 * back at the next visit when the collection has not been written since.
 */
import { defer, map, switchMap } from 'rxjs';
import type { LocalDatabase } from '../../db/index.ts';
import { listKeyOf, type CollectionListSource, type DatabaseListDeps, type ListDefinition } from './list-definition.ts';
import { indexFactory, indexSpecOf } from './list-index.ts';
import { writeListSnapshot } from './list-snapshot-store.ts';
import { ListSource } from './list-source.ts';
import { takeSavedListIndex } from './saved-list-index.ts';
import type { IndexedRow, ListChange } from './search-index.ts';
import { leaseEntry } from './lease.ts';

export const UNUSED_LIST_TTL_MS = 5 * 60 * 1000;

interface Entry {
  db: LocalDatabase;
  source: ListSource<IndexedRow>;
  users: number;
  expiry: ReturnType<typeof setTimeout> | null;
}

const entries = new Map<string, Entry>();

/** The data layer's queries; loaded already when a database is open (dynamic, to keep RxDB out of the list page's chunk). */
const queries = () => import('../../db/index.ts');

/** The list saved after this long without changes (a sync brings many pages in a row). */
const SAVE_DELAY_MS = 2000;

const lwtOf = (row: object): number => (row as { _meta?: { lwt?: number } })._meta?.lwt ?? Number.NEGATIVE_INFINITY;

/**
 * A list's data from one collection of the local database. With a user, the whole list is
 * the list saved at the last visit when the collection has not been written since, indexed
 * already if the page searched it while the database opened (saved-list-index.ts).
 */
export function collectionListDeps<T extends IndexedRow, S extends string>(
  db: LocalDatabase,
  definition: ListDefinition<T, S>,
  source: CollectionListSource<S>,
  scope: S,
  userId: string | null = null,
): DatabaseListDeps<T> {
  const spec = indexSpecOf(definition, scope);
  const slim = definition.slim;
  const name = source.collection;
  const firstPage = source.firstPage;
  let lastWrite = Number.NaN;
  let fromSaved = false;
  return {
    firstRows: firstPage
      ? async (limit) => {
          const data = await queries();
          const docs = await data.firstDocs(db, name, { selector: firstPage.selector(scope), sortField: firstPage.sortField, limit });
          return (docs as unknown as T[]).map(slim);
        }
      : undefined,
    allRows: async () => {
      const data = await queries();
      // Read before the rows: a write in between makes the list look older than it is, never newer.
      const latest = await data.latestWrite(db, name);
      const saved = userId && Number.isFinite(latest) ? await takeSavedListIndex(userId, listKeyOf(definition, scope), indexFactory(definition, scope)) : null;
      lastWrite = Math.max(latest, Number.isFinite(lastWrite) ? lastWrite : Number.NEGATIVE_INFINITY);
      if (saved && saved.lwt === latest) {
        fromSaved = true;
        return saved.index;
      }
      const rows = (await data.readAllDocs(db, name)) as unknown as T[];
      const kept: T[] = [];
      for (const row of rows) if (spec.includes(row)) kept.push(slim(row));
      return kept;
    },
    changes: defer(queries).pipe(
      switchMap((module) => module.watchChanges(db, name)),
      map((change): ListChange<T> => {
        if (!change.doc) return { type: 'remove', id: change.id };
        if (Number.isFinite(lastWrite)) lastWrite = Math.max(lastWrite, lwtOf(change.doc));
        return { type: 'upsert', row: slim(change.doc as unknown as T) };
      }),
    ),
    lastWrite: () => lastWrite,
    fromSaved: () => fromSaved,
  };
}

/** The list's data from the local database, as its definition says. */
export function databaseListDeps<T extends IndexedRow, S extends string>(
  db: LocalDatabase,
  definition: ListDefinition<T, S>,
  scope: S,
  userId: string | null = null,
): DatabaseListDeps<T> {
  const source = definition.database;
  return 'deps' in source ? source.deps(db, scope) : collectionListDeps(db, definition, source, scope, userId);
}

/** Saves the whole list (for the next visit) once it has been quiet for a moment. */
function keepListSaved<T extends IndexedRow>(db: LocalDatabase, userId: string, listKey: string, source: ListSource<T>, deps: DatabaseListDeps<T>, slim: (row: T) => T): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let saved: string | null = null;
  const save = () => {
    timer = null;
    const { index } = source.getSnapshot();
    const lwt = deps.lastWrite();
    // A closed database: the user signed out (and their saved lists are being deleted).
    if (!index || !Number.isFinite(lwt) || db.closed) return;
    // The last write counts changes as they are seen; the index holds them once applied. Saved
    // in between, the list would name a write whose rows it lacks, and the next visit would
    // take it as the whole list (an empty directory after a reload, issue 34). Applying them
    // publishes, which saves again.
    if (source.hasPendingChanges()) return;
    const signature = `${lwt}:${index.size}`;
    if (saved === null && deps.fromSaved()) saved = signature;
    if (signature === saved) return;
    saved = signature;
    void writeListSnapshot(userId, listKey, { lwt, json: JSON.stringify(index.rows().map(slim)) });
  };
  return source.subscribe(() => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(save, SAVE_DELAY_MS);
  });
}

function dispose(key: string, entry: Entry): void {
  if (entry.expiry) clearTimeout(entry.expiry);
  entry.source.stop();
  if (entries.get(key) === entry) entries.delete(key);
}

/** The shared list of a scope; call `release` when the view goes away. */
export function acquireList<T extends IndexedRow, S extends string>(
  db: LocalDatabase,
  definition: ListDefinition<T, S>,
  scope: S,
  options: { ttlMs?: number; userId?: string | null } = {},
): { source: ListSource<T>; release: () => void } {
  const key = listKeyOf(definition, scope);
  const userId = options.userId ?? null;
  let entry = entries.get(key);
  if (entry && (entry.db !== db || entry.db.closed || entry.source.getSnapshot().phase === 'error')) {
    dispose(key, entry);
    entry = undefined;
  }
  if (!entry) {
    const deps = databaseListDeps(db, definition, scope, userId);
    const spec = indexSpecOf(definition, scope);
    const source = new ListSource<T>({ name: definition.name, scope, createIndex: indexFactory(definition, scope), includes: (row) => spec.includes(row) }, deps);
    entry = { db, source: source as unknown as ListSource<IndexedRow>, users: 0, expiry: null };
    entries.set(key, entry);
    if (userId) keepListSaved(db, userId, key, source, deps, definition.slim);
    source.start();
  }
  const current = entry;
  const release = leaseEntry(current, () => dispose(key, current), options.ttlMs ?? UNUSED_LIST_TTL_MS);
  return { source: current.source as unknown as ListSource<T>, release };
}
