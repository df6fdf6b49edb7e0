/**
 * The one list machinery for protected records (patients, orders, results: sealed at rest on
 * the device, readable only after unlock; docs/data-model.md). Such a list cannot paint from
 * a saved first page or a saved list (nothing of a patient is written anywhere in the
 * clear), so it is read and opened once into an in-memory SearchIndex (list-source.ts:
 * changes that arrive meanwhile are applied after the read), then kept current from the
 * change stream in coalesced batches. A list whose data is savable is saved sealed with the
 * data key and taken back at the next unlock when nothing was written since
 * (savable-list.ts): one decryption instead of one per record. One source per list and
 * protected database, shared by every view of it, kept a while after the last view leaves
 * (as list-cache.ts does), and dropped with the database (lock, sign-out), with all it
 * decrypted.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { defer, map, mergeMap } from 'rxjs';
import type { ListCollectionName, LocalDatabase } from '../../db/index.ts';
import { useLocalDatabase } from '../local-data/use-local-database.ts';
import { UNUSED_LIST_TTL_MS } from './list-cache.ts';
import { emptySnapshot, ListSource, type ListSnapshot, type ListSourceDeps } from './list-source.ts';
import { SearchIndex, type IndexSpec, type IndexedRow, type ListChange } from './search-index.ts';
import { leaseEntry } from './lease.ts';
import { savedProtectedList, type SavableListDeps } from './savable-list.ts';

/** A protected list's data; with `savable`, the list is saved sealed for the next unlock. */
export type ProtectedListDeps<T extends IndexedRow> = ListSourceDeps<T> & { savable?: SavableListDeps<T> };

export interface ProtectedListDefinition<T extends IndexedRow> {
  /** Names the list in logs, e.g. 'patients'. */
  name: string;
  /** Which rows belong, their order and their search text. */
  index: IndexSpec<T, unknown>;
  /** Where the rows come from: the protected database, and the user's own for what they refer to (providers, organizations). */
  deps(db: LocalDatabase, local: LocalDatabase | null): ProtectedListDeps<T>;
}

const queries = () => import('../../db/index.ts');

const lwtOf = (doc: unknown): number => {
  const lwt = (doc as { _meta?: { lwt?: unknown } } | null)?._meta?.lwt;
  return typeof lwt === 'number' ? lwt : Number.NEGATIVE_INFINITY;
};

/**
 * Every document of one collection, opened, then its changes: a list of the records as they
 * are. With `savable`, the documents are saved (sealed) for the next unlock as they are.
 */
export function collectionDeps<T extends IndexedRow>(db: LocalDatabase, name: ListCollectionName, options: { savable?: boolean } = {}): ProtectedListDeps<T> {
  let lastWrite = Number.NaN;
  const savable: SavableListDeps<T> = {
    async latestWrite() {
      const latest = await (await queries()).latestWrite(db, name);
      lastWrite = Number.isFinite(lastWrite) ? Math.max(lastWrite, latest) : latest;
      return latest;
    },
    lastWrite: () => lastWrite,
    state: (rows) => rows,
    async restore(state, since) {
      if (!Array.isArray(state)) throw new Error('Unexpected saved list');
      const data = await queries();
      const rows = new Map((state as T[]).map((row) => [row.id, row]));
      for (const change of await data.readChangedSince(db, name, since)) {
        if (change.doc) rows.set(change.id, change.doc as unknown as T);
        else rows.delete(change.id);
      }
      // A record removed from the device for good (RxDB's cleanup) leaves no change behind.
      if (rows.size !== (await data.countDocs(db, name))) throw new Error('The saved list does not match the records');
      return [...rows.values()];
    },
  };
  return {
    allRows: async () => (await (await queries()).readAllDocs(db, name)) as unknown as T[],
    changes: defer(queries).pipe(
      mergeMap((data) => data.watchChanges(db, name)),
      map((change): ListChange<T> => {
        if (!change.doc) return { type: 'remove', id: change.id };
        if (Number.isFinite(lastWrite)) lastWrite = Math.max(lastWrite, lwtOf(change.doc));
        return { type: 'upsert', row: change.doc as unknown as T };
      }),
    ),
    ...(options.savable ? { savable } : {}),
  };
}

const byId = <T extends IndexedRow>(): IndexSpec<T, string> => ({
  includes: () => true,
  sortKeys: (row) => row.id,
  compare: (a, b) => (a < b ? -1 : a > b ? 1 : 0),
  haystack: () => '',
});

const wholeCollections = new Map<string, ProtectedListDefinition<IndexedRow>>();

/**
 * The records of one protected collection as stored, by id (not searched): what pages that
 * look records up (a patient's orders, order entry's earlier orders) share instead of
 * reading the collection again on every change; saved sealed for the next unlock like the
 * lists (patients: use the patient list, src/lib/patients, which is the same records).
 */
export function protectedCollection<T extends IndexedRow>(name: 'patients' | 'orders' | 'results'): ProtectedListDefinition<T> {
  let definition = wholeCollections.get(name);
  if (!definition) {
    definition = { name: `records:${name}`, index: byId(), deps: (db) => collectionDeps(db, name, { savable: true }) };
    wholeCollections.set(name, definition);
  }
  return definition as unknown as ProtectedListDefinition<T>;
}

interface Entry {
  source: ListSource<IndexedRow>;
  users: number;
  expiry: ReturnType<typeof setTimeout> | null;
  stopSaving: (() => void) | null;
}

const entries = new WeakMap<LocalDatabase, Map<ProtectedListDefinition<IndexedRow>, Entry>>();

function entriesOf(db: LocalDatabase): Map<ProtectedListDefinition<IndexedRow>, Entry> {
  let lists = entries.get(db);
  if (!lists) {
    const created = new Map<ProtectedListDefinition<IndexedRow>, Entry>();
    entries.set(db, created);
    db.onClose.push(async () => {
      for (const entry of created.values()) dispose(entry);
      created.clear();
    });
    lists = created;
  }
  return lists;
}

function dispose(entry: Entry): void {
  if (entry.expiry) clearTimeout(entry.expiry);
  entry.stopSaving?.();
  entry.source.stop();
}

/** The shared list of this protected database (a new one after a failure); call `release` when the view goes away. */
export function acquireProtectedList<T extends IndexedRow>(
  definition: ProtectedListDefinition<T>,
  db: LocalDatabase,
  local: LocalDatabase | null,
  options: { ttlMs?: number } = {},
): { source: ListSource<T>; release: () => void } {
  const key = definition as unknown as ProtectedListDefinition<IndexedRow>;
  const lists = entriesOf(db);
  let entry = lists.get(key);
  if (entry && entry.source.getSnapshot().phase === 'error') {
    dispose(entry);
    lists.delete(key);
    entry = undefined;
  }
  if (!entry) {
    const spec = definition.index;
    const deps = definition.deps(db, local);
    const savable = deps.savable;
    const saved = savable ? savedProtectedList(db, `protected:${definition.name}`, { ...deps, savable }) : null;
    const source = new ListSource<T>(
      { name: definition.name, scope: 'all', createIndex: (rows) => new SearchIndex<T>(spec, rows), includes: (row) => spec.includes(row) },
      saved ? saved.deps : deps,
    );
    entry = { source: source as unknown as ListSource<IndexedRow>, users: 0, expiry: null, stopSaving: saved ? saved.keepSaved(source) : null };
    lists.set(key, entry);
    source.start();
  }
  const current = entry;
  const release = leaseEntry(
    current,
    () => {
      dispose(current);
      if (lists.get(key) === current) lists.delete(key);
    },
    options.ttlMs ?? UNUSED_LIST_TTL_MS,
  );
  return { source: current.source as unknown as ListSource<T>, release };
}

const WAITING = emptySnapshot<never>();
const idle = { subscribe: () => () => {}, getSnapshot: () => WAITING };

/** The list of the open protected database (loading while there is none, or while the user's database opens). */
export function useProtectedList<T extends IndexedRow>(definition: ProtectedListDefinition<T>, db: LocalDatabase | null): ListSnapshot<T> {
  const local = useLocalDatabase();
  const [source, setSource] = useState<{ db: LocalDatabase; source: ListSource<T> } | null>(null);
  useEffect(() => {
    if (!db || !local) return undefined;
    const { source: shared, release } = acquireProtectedList(definition, db, local);
    setSource({ db, source: shared });
    return () => {
      release();
      setSource(null);
    };
  }, [definition, db, local]);
  const active: { subscribe: ListSource<T>['subscribe']; getSnapshot: () => ListSnapshot<T> } = source && source.db === db ? source.source : idle;
  return useSyncExternalStore(active.subscribe, active.getSnapshot, active.getSnapshot);
}
