import { afterEach, describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { dexieStorage, openLocalDatabase, removeDatabaseNamed, type LocalDatabase } from '../database.ts';
import { newLocalDoc } from '../mapping/row-mapping.ts';
import { PROTECTED_TABLES } from '../tables/definitions.ts';
import { encryptingStorage } from './encrypting-storage.ts';
import { dumpIndexedDb } from '../../../tests/helpers/indexeddb-dump.ts';
import { DocumentSealer, SEALED_FIELD } from './sealed-documents.ts';

const PATIENT_ID = '5a1f0c3e-2b4d-4e6f-8a9b-0c1d2e3f4a5b';
const IDENTIFYING = ['Wilhelmina', 'Quintero-Vasquez', '1951-07-23', '4417 Juniper Hollow Rd', '(503) 555-0187', 'w.quintero@example.org', '1EG4TE5MK73', 'MRN-778812'];

function testPatient() {
  return newLocalDoc('patients', {
    id: PATIENT_ID,
    lab_patient_id: 'P-7-0001',
    first_name: 'Wilhelmina',
    last_name: 'Quintero-Vasquez',
    date_of_birth: '1951-07-23',
    sex: 'female',
    address_line1: '4417 Juniper Hollow Rd',
    phone: '(503) 555-0187',
    email: 'w.quintero@example.org',
    medical_record_numbers: [{ organization_id: '0b8e6c2e-1111-4f5e-9d1c-2a3b4c5d6e7f', mrn: 'MRN-778812' }],
    coverages: [{ rank: 'primary', payer_type: 'medicare', payer_name: 'Medicare', member_id: '1EG4TE5MK73' }],
  });
}

async function newKey(): Promise<CryptoKey> {
  return crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
}

const opened: LocalDatabase[] = [];

afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.close()));
});

async function openProtected(factory: IDBFactory, key: CryptoKey, name = 'labdir-test-protected') {
  const db = await openLocalDatabase('test', {
    name,
    storage: dexieStorage({ indexedDB: factory, IDBKeyRange }),
    tables: PROTECTED_TABLES,
    withOutbox: false,
    devMode: true,
    multiInstance: false,
    wrapStorage: (storage) => encryptingStorage(storage, { key }),
  });
  opened.push(db);
  return db;
}

describe('the sealed documents', () => {
  it('round-trip, keeping the key and the indexed fields readable', async () => {
    const schema = { primaryKey: 'id', indexes: ['local_dirty'], properties: {} } as never;
    const sealer = new DocumentSealer({ key: await newKey() }, schema, 'db/patients');
    const doc = { id: PATIENT_ID, first_name: 'Wilhelmina', local_dirty: true, _deleted: false, _meta: { lwt: 1 }, _rev: '1-a', _attachments: {} };
    const stored = await sealer.seal(doc);
    expect(Object.keys(stored).sort()).toEqual(['_attachments', '_deleted', '_meta', '_rev', SEALED_FIELD, 'id', 'local_dirty'].sort());
    expect(JSON.stringify(stored)).not.toContain('Wilhelmina');
    // A fresh sealer (nothing remembered) opens it from the ciphertext.
    const other = new DocumentSealer((sealer as unknown as { documentKey: { key: CryptoKey } }).documentKey, schema, 'db/patients');
    expect(await other.open({ ...stored })).toEqual(doc);
  });

  it('do not open under another key, another id or another store', async () => {
    const schema = { primaryKey: 'id', indexes: [], properties: {} } as never;
    const key = { key: await newKey() };
    const stored = await new DocumentSealer(key, schema, 'db/patients').seal({ id: PATIENT_ID, last_name: 'Quintero-Vasquez' });
    await expect(new DocumentSealer({ key: await newKey() }, schema, 'db/patients').open({ ...stored })).rejects.toThrow();
    await expect(new DocumentSealer(key, schema, 'db/patients').open({ ...stored, id: 'another' })).rejects.toThrow();
    await expect(new DocumentSealer(key, schema, 'db/orders').open({ ...stored })).rejects.toThrow();
  });
});

describe('the encrypting storage', () => {
  it('keeps a patient readable through RxDB and leaves no identifying value in IndexedDB', async () => {
    const factory = new IDBFactory();
    const key = await newKey();
    const db = await openProtected(factory, key);
    await db.patients.insert(testPatient());
    await db.upsertLocal('edit-base', { doc: testPatient() });
    const doc = await db.patients.findOne(PATIENT_ID).exec();
    expect(doc?.toJSON()).toMatchObject({ first_name: 'Wilhelmina', coverages: [{ member_id: '1EG4TE5MK73' }], local_dirty: true });
    // The storage's own indexes still answer: the pending-changes count reads local_dirty.
    expect(await db.patients.count({ selector: { local_dirty: true } }).exec()).toBe(1);

    const dump = await dumpIndexedDb(factory);
    expect(dump).toContain(PATIENT_ID);
    for (const value of IDENTIFYING) expect(dump, value).not.toContain(value);
  });

  it('opens again after a restart with the same key, and sign-out removes it without the key', async () => {
    const factory = new IDBFactory();
    const key = await newKey();
    const first = await openProtected(factory, key);
    await first.patients.insert(testPatient());
    await first.close();
    opened.splice(opened.indexOf(first), 1);

    const again = await openProtected(factory, key);
    expect((await again.patients.find().exec()).map((doc) => doc.last_name)).toEqual(['Quintero-Vasquez']);
    await again.close();
    opened.splice(opened.indexOf(again), 1);

    await removeDatabaseNamed('labdir-test-protected', dexieStorage({ indexedDB: factory, IDBKeyRange }));
    const fresh = await openProtected(factory, await newKey());
    expect(await fresh.patients.count().exec()).toBe(0);
  });
});
