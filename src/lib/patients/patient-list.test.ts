/**
 * The patient list saved for the next unlock: taken back with the patients written since
 * (read by write time, opened), and refused when it does not add up to the patients there are.
 */
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dexieStorage, openLocalDatabase, type LocalDatabase } from '../../db/database.ts';
import { newLocalDoc } from '../../db/mapping/row-mapping.ts';
import { encryptingStorage } from '../../db/protected/encrypting-storage.ts';
import { PROTECTED_TABLES } from '../../db/tables/definitions.ts';
import { patientListDefinition, type ListPatient } from './patient-list.ts';

let secure: LocalDatabase;

const patient = (id: string, first: string, last: string) =>
  newLocalDoc('patients', { id, lab_patient_id: `P-7-${id.slice(-4)}`, first_name: first, last_name: last, date_of_birth: '1948-03-12', sex: 'female' });

beforeAll(async () => {
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  secure = await openLocalDatabase('patient-list', {
    name: 'labdir-patient-list-protected',
    storage: dexieStorage({ indexedDB, IDBKeyRange }),
    tables: PROTECTED_TABLES,
    withOutbox: false,
    devMode: false,
    multiInstance: false,
    wrapStorage: (storage) => encryptingStorage(storage, { key }),
  });
  await secure.patients.insert(patient('0b8e6c2e-3333-4f5e-9d1c-000000000001', 'Eleanor', 'Whitfield'));
});

afterAll(async () => {
  await secure.close();
});

describe('the saved patient list', () => {
  it('is taken back with the patients written and deleted since, and refused when it does not add up', async () => {
    const first = patientListDefinition.deps(secure, null);
    const since = await first.savable!.latestWrite();
    const rows = (await first.allRows()) as ListPatient[];
    const saved = JSON.parse(JSON.stringify(first.savable!.state(rows))) as unknown;

    await secure.patients.insert(patient('0b8e6c2e-3333-4f5e-9d1c-000000000002', 'Ada', 'Okafor'));
    await secure.patients.insert(patient('0b8e6c2e-3333-4f5e-9d1c-000000000003', 'Ben', 'Nakamura'));
    await (await secure.patients.findOne('0b8e6c2e-3333-4f5e-9d1c-000000000003').exec())!.remove();
    const again = patientListDefinition.deps(secure, null);
    expect(await again.savable!.latestWrite()).toBeGreaterThan(since);
    const restored = await again.savable!.restore(saved, since);
    expect(restored.map((row) => row.last_name).sort()).toEqual(['Okafor', 'Whitfield']);

    // A saved patient the device no longer holds, with no change left behind (removed for good).
    const extra = [...(saved as ListPatient[]), { ...rows[0]!, id: '0b8e6c2e-3333-4f5e-9d1c-000000000009' }];
    await expect(patientListDefinition.deps(secure, null).savable!.restore(extra, since)).rejects.toThrow('The saved list does not match the records');
  });
});
