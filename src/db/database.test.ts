import { afterEach, describe, expect, it } from 'vitest';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { databaseNameFor, openLocalDatabase, removeLocalDatabase, type LocalDatabase } from './database.ts';

const storage = getRxStorageDexie({ indexedDB, IDBKeyRange });
const opened: LocalDatabase[] = [];

async function open(userId: string): Promise<LocalDatabase> {
  const db = await openLocalDatabase(userId, { storage, devMode: true, multiInstance: false });
  opened.push(db);
  return db;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.close()));
});

describe('the local database', () => {
  it('is named after the user', () => {
    expect(databaseNameFor('0B6C7A3E-1111-4000-8000-000000000001')).toBe('labdir-0b6c7a3e-1111-4000-8000-000000000001');
    expect(() => databaseNameFor('')).toThrow('needs a user id');
  });

  it('fills defaults, parses JSON text, derives sort keys and marks local writes dirty', async () => {
    const db = await open('user-hooks');
    const doc = await db.providers.insert({
      id: '11111111-1111-4111-8111-111111111111',
      first_name: 'José',
      last_name: 'Álvarez',
      nppes_data: '{"result_count":1,"results":[{"number":"1234567893"}]}',
      npi: '1234567893',
    } as Parameters<typeof db.providers.insert>[0]);
    expect(doc.toJSON()).toMatchObject({
      is_active: true,
      pecos_verified: false,
      nickname: null,
      nppes_data: { result_count: 1, results: [{ number: '1234567893' }] },
      sort_name: 'alvarez jose',
      npi_key: '1234567893',
      server_modified: null,
      local_dirty: true,
    });
    expect(typeof doc.created_at).toBe('string');
  });

  it('moves updated_at on with every local edit that changes data, unless the edit sets it', async () => {
    const db = await open('user-touch');
    const doc = await db.preferences.insert({
      id: '44444444-4444-4444-8444-444444444444',
      provider_id: '11111111-1111-4111-8111-111111111111',
      updated_at: '2026-01-02T08:00:00.000Z',
    } as Parameters<typeof db.preferences.insert>[0]);
    // Turned off: the record must differ from the state it came from, also in updated_at.
    const changed = await doc.incrementalPatch({ in_app_notifications: false });
    expect(changed.updated_at).not.toBe('2026-01-02T08:00:00.000Z');
    expect(Date.parse(changed.updated_at)).toBeGreaterThan(Date.parse('2026-01-02T08:00:00.000Z'));
    // An edit that sets updated_at itself keeps its value.
    const own = await changed.incrementalPatch({ in_app_notifications: true, updated_at: '2026-01-02T09:00:00.000Z' });
    expect(own.updated_at).toBe('2026-01-02T09:00:00.000Z');
    // A save that changes nothing leaves it as it is.
    const same = await own.incrementalPatch({ in_app_notifications: true });
    expect(same.updated_at).toBe('2026-01-02T09:00:00.000Z');
  });

  it('rejects a document that breaks the schema in dev mode', async () => {
    const db = await open('user-invalid');
    await expect(
      db.preferences.insert({ id: '22222222-2222-4222-8222-222222222222', provider_id: 42 } as unknown as Parameters<
        typeof db.preferences.insert
      >[0]),
    ).rejects.toThrow();
  });

  it('keeps data across a close and reopen, and removes it on wipe', async () => {
    const first = await open('user-persist');
    await first.organizations.insert({ id: '33333333-3333-4333-8333-333333333333', legal_name: 'Acme Lab', type: 'healthcare' } as Parameters<
      typeof first.organizations.insert
    >[0]);
    await first.close();
    const second = await open('user-persist');
    expect((await second.organizations.findOne('33333333-3333-4333-8333-333333333333').exec())?.sort_name).toBe('acme lab');
    await second.close();
    await removeLocalDatabase('user-persist', storage);
    const third = await open('user-persist');
    expect(await third.organizations.count().exec()).toBe(0);
  });
});
