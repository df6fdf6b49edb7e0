import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { dumpIndexedDb } from '../../tests/helpers/indexeddb-dump.ts';
import { cacheAuditEntries, readCachedAuditEntries } from './audit-cache.ts';
import { openLocalDatabase, type LocalDatabase } from './database.ts';
import { encryptingStorage } from './protected/encrypting-storage.ts';

const protectedDb = vi.hoisted(() => ({ current: null as LocalDatabase | null }));
vi.mock('./protected/protected-data.ts', () => ({ getProtectedDatabase: () => protectedDb.current }));

interface Entry {
  id: number;
  table_name: string;
  action: string;
  row_data: Record<string, unknown> | null;
}

const isPatientEntry = (entry: Entry) => ['patients', 'orders', 'results'].includes(entry.table_name) || entry.action === 'open';
const USER = 'audit-cache-user';
const patientChange: Entry = { id: 3, table_name: 'patients', action: 'insert', row_data: { last_name: 'Quillfeather', date_of_birth: '1931-07-04' } };
const patientOpened: Entry = { id: 4, table_name: 'patients', action: 'open', row_data: { opened: 'Quillfeather' } };
const providerChange: Entry = { id: 2, table_name: 'providers', action: 'update', row_data: { last_name: 'Directoryperson' } };

let factory: IDBFactory;
let opened: LocalDatabase[];

beforeEach(() => {
  factory = new IDBFactory();
  opened = [];
  protectedDb.current = null;
});

afterEach(async () => {
  await Promise.all(opened.map((db) => db.close()));
});

async function userDatabase(): Promise<LocalDatabase> {
  const db = await openLocalDatabase(USER, { storage: getRxStorageDexie({ indexedDB: factory, IDBKeyRange }), devMode: false, multiInstance: false, tables: ['providers'], withOutbox: false });
  opened.push(db);
  return db;
}

async function sealedDatabase(user: LocalDatabase): Promise<LocalDatabase> {
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  const db = await openLocalDatabase(USER, {
    storage: getRxStorageDexie({ indexedDB: factory, IDBKeyRange }),
    devMode: false,
    multiInstance: false,
    tables: ['patients'],
    withOutbox: false,
    name: `${user.name}-protected`,
    wrapStorage: (storage) => encryptingStorage(storage, { key }),
  });
  opened.push(db);
  return db;
}

describe('the timeline kept on the device', () => {
  it('keeps entries about patients only sealed, and the directory entries in the user database', async () => {
    const user = await userDatabase();
    protectedDb.current = await sealedDatabase(user);
    await cacheAuditEntries(user, [patientChange, patientOpened, providerChange], isPatientEntry);

    expect((await readCachedAuditEntries(user, isPatientEntry)).map((entry) => entry.id)).toEqual([4, 3, 2]);
    const files = await dumpIndexedDb(factory);
    expect(files).toContain('Directoryperson');
    expect(files).not.toContain('Quillfeather');
    expect(files).not.toContain('1931-07-04');
  });

  it('shows, but does not keep, patient entries while the records are locked', async () => {
    const user = await userDatabase();
    await cacheAuditEntries(user, [patientChange, providerChange], isPatientEntry);
    expect((await readCachedAuditEntries(user, isPatientEntry)).map((entry) => entry.id)).toEqual([2]);
    expect(await dumpIndexedDb(factory)).not.toContain('Quillfeather');
  });

  it('moves patient entries an earlier version kept in the clear into the sealed store', async () => {
    const user = await userDatabase();
    await user.upsertLocal('timeline-audit-entries', { entries: [patientChange, providerChange] });
    expect(await dumpIndexedDb(factory)).toContain('Quillfeather');

    protectedDb.current = await sealedDatabase(user);
    expect((await readCachedAuditEntries(user, isPatientEntry)).map((entry) => entry.id)).toEqual([3, 2]);
    const plain = await user.getLocal<{ entries: Entry[] }>('timeline-audit-entries');
    expect(plain?.toJSON().data.entries.map((entry) => entry.id)).toEqual([2]);
    expect((await readCachedAuditEntries(user, isPatientEntry)).map((entry) => entry.id)).toEqual([3, 2]);
  });
});
