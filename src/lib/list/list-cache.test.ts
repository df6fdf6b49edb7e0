/**
 * The whole list saved for the next visit (list-cache.ts) on a real local database (RxDB on
 * fake-indexeddb): what it saves must be exactly the rows of the write time it is saved
 * with, even when the page is busy at the moment a download's rows arrive. A reload takes a
 * saved list as the database's whole list when no record was written since that time, so a
 * list saved with a later time than its rows showed an empty directory until the next write
 * (issue 34: "0 providers" beside "Up to date").
 */
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openLocalDatabase, type LocalDatabase } from '../../db/database.ts';
import { latestWrite, newLocalDoc } from '../../db/index.ts';
import { acquireList } from './list-cache.ts';
import type { ListDefinition } from './list-definition.ts';
import { readListSnapshot, writeListSnapshot } from './list-snapshot-store.ts';
import type { ListSource } from './list-source.ts';
import { textIndexSpec } from './text-index-spec.ts';

interface Org {
  id: string;
  legal_name: string;
}

const definition: ListDefinition<Org, 'all'> = {
  name: 'saving-test-organizations',
  scopes: ['all'],
  index: () => textIndexSpec<Org>({ sortText: (row) => [row.legal_name], searchText: (row) => [row.legal_name] }),
  slim: (row) => ({ id: row.id, legal_name: row.legal_name }),
  database: { collection: 'organizations' },
};

const id = (n: number) => `5a1e0000-3333-4000-8000-${String(n).padStart(12, '0')}`;
const user = 'list-saving-user';
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let db: LocalDatabase;

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await wait(10);
  }
  throw new Error(`timed out waiting for ${what}`);
}

const rowsOf = (source: ListSource<Org>) => source.getSnapshot().index?.size ?? -1;

beforeAll(async () => {
  vi.stubGlobal('indexedDB', indexedDB);
  vi.stubGlobal('IDBKeyRange', IDBKeyRange);
  db = await openLocalDatabase('list-saving-test', {
    storage: getRxStorageDexie({ indexedDB, IDBKeyRange }),
    devMode: false,
    multiInstance: false,
    tables: ['organizations'],
  });
});

afterAll(async () => {
  await db.close();
  vi.unstubAllGlobals();
});

describe('the list saved for the next visit', () => {
  it('never claims a write whose rows it does not hold, even when the page is busy as they arrive', async () => {
    // A first visit: the list is ready, empty, before the download brings anything.
    const first = acquireList(db, definition, 'all', { ttlMs: 0, userId: user });
    await until(() => first.source.getSnapshot().phase === 'ready', 'the empty list');
    // The download's rows arrive while the page is busy (a loaded machine): the list applies
    // them a moment late (its zero-delay flush runs after timers already due), and the save
    // the list armed when it became ready comes due meanwhile.
    const realSetTimeout = globalThis.setTimeout;
    const late = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((callback: () => void, ms?: number) =>
      realSetTimeout(callback, ms === 0 ? 2500 : ms)) as typeof setTimeout);
    await db.organizations.bulkInsert([1, 2, 3].map((n) => newLocalDoc('organizations', { id: id(n), legal_name: `Busy Clinic ${n}`, type: 'healthcare' })));
    late.mockRestore();
    await until(() => rowsOf(first.source) === 3, 'the rows in the list');
    // The page is reloaded now (a second later): what is saved must hold every row written
    // up to the time it names.
    const latest = await latestWrite(db, 'organizations');
    const saved = await readListSnapshot<Org>(user, 'saving-test-organizations:all');
    if (saved && saved.lwt === latest) expect(saved.rows).toHaveLength(3);
    first.release();
    await wait(10);

    // The next visit (the database unchanged) shows every row.
    const next = acquireList(db, definition, 'all', { ttlMs: 0, userId: user });
    await until(() => next.source.getSnapshot().phase === 'ready', 'the list after the reload');
    expect(next.source.getSnapshot().index?.rows().map((row) => row.legal_name)).toEqual(['Busy Clinic 1', 'Busy Clinic 2', 'Busy Clinic 3']);
    // Saving is put off, not dropped: once quiet, the list is saved with every row.
    await until(async () => (await readListSnapshot<Org>(user, 'saving-test-organizations:all'))?.lwt === latest, 'the list saved');
    expect((await readListSnapshot<Org>(user, 'saving-test-organizations:all'))?.rows).toHaveLength(3);
    next.release();
  }, 30_000);

  it('takes no list saved before that was guaranteed (it may lack rows of the write it names)', async () => {
    await writeListSnapshot(user, 'older:all', { lwt: 7, json: '[]' });
    expect(await readListSnapshot(user, 'older:all')).toEqual({ lwt: 7, rows: [] });
    // The same record as an earlier version stored it (no format).
    const request = indexedDB.open('labdir-list-snapshots');
    const connection = await new Promise<IDBDatabase>((resolve) => (request.onsuccess = () => resolve(request.result)));
    const put = connection.transaction('lists', 'readwrite').objectStore('lists').put({ lwt: 7, json: '[]' }, `${user}:older:all`);
    await new Promise((resolve) => (put.onsuccess = resolve));
    connection.close();
    expect(await readListSnapshot(user, 'older:all')).toBeNull();
  });
});
