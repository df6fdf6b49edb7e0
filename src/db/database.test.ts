import { afterEach, describe, expect, it } from 'vitest';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { databaseNameFor, openLocalDatabase, removeLocalDatabase, type LocalDatabase, type OpenOptions } from './database.ts';
import { newLocalDoc } from './mapping/row-mapping.ts';

const storage = getRxStorageDexie({ indexedDB, IDBKeyRange });
const opened: LocalDatabase[] = [];

async function open(userId: string, options: OpenOptions = {}): Promise<LocalDatabase> {
  const db = await openLocalDatabase(userId, { storage, devMode: true, multiInstance: false, ...options });
  opened.push(db);
  return db;
}

/** A row as the replication writes it: the server's version, straight to the storage (clean). */
async function download(db: LocalDatabase, id: string, phone: string, stamp: string) {
  const doc = { ...newLocalDoc('providers', { id, first_name: 'Ada', last_name: 'Lovelace', phone }), server_modified: stamp, local_dirty: false };
  const result = await db.providers.storageInstance.bulkWrite([{ document: { ...doc, _deleted: false, _meta: { lwt: Date.now() }, _rev: '1-downloaded', _attachments: {} } }], 'test-download');
  expect(result.error).toEqual([]);
  return (await db.providers.findOne(id).exec())!;
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

  it("keeps a clean record's state before its first local change, and not before later ones", async () => {
    const kept: Array<{ table: string; phone: unknown; dirty: unknown; stamp: unknown }> = [];
    const db = await open('user-bases', {
      editBases: { remember: async (table, clean) => void kept.push({ table, phone: clean.phone, dirty: clean.local_dirty, stamp: clean.server_modified }) },
    });
    const stamp = '2026-11-21T09:00:00.000001+00:00';
    const doc = await download(db, '22222222-2222-4222-8222-222222222222', '1', stamp);
    const once = await doc.incrementalPatch({ phone: '2' });
    expect(kept).toEqual([{ table: 'providers', phone: '1', dirty: false, stamp }]);
    // Already dirty: the base stays the one kept first.
    const twice = await once.incrementalPatch({ phone: '3' });
    // A save that changes nothing is not an edit.
    await twice.incrementalPatch({ phone: '3' });
    expect(kept).toHaveLength(1);
    // A record created here has no server state to keep.
    await db.providers.insert({ id: '33333333-3333-4333-8333-333333333333', first_name: 'New', last_name: 'Here' } as Parameters<typeof db.providers.insert>[0]);
    expect(kept).toHaveLength(1);
    // Removing a clean record keeps its state too (a removal merges like a field).
    await (await download(db, '44444444-4444-4444-8444-444444444444', '9', stamp)).remove();
    expect(kept).toEqual([
      { table: 'providers', phone: '1', dirty: false, stamp },
      { table: 'providers', phone: '9', dirty: false, stamp },
    ]);
  });

  it('saves an edit even when its base cannot be kept', async () => {
    const db = await open('user-bases-failing', { editBases: { remember: () => Promise.reject(new Error('quota exceeded')) } });
    const downloaded = await download(db, '55555555-5555-4555-8555-555555555555', '1', '2026-11-21T09:00:00.000001+00:00');
    const edited = await downloaded.incrementalPatch({ phone: '2' });
    expect(edited.toJSON()).toMatchObject({ phone: '2', local_dirty: true });
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

describe('schema versions', () => {
  it('migrates documents stored under an older schema, keeping local edits', async () => {
    const { createRxDatabase } = await import('rxdb');
    const { wrappedValidateAjvStorage } = await import('rxdb/plugins/validate-ajv');
    const { syncedSchema } = await import('./schema/synced-schemas.ts');
    const current = syncedSchema('profiles') as unknown as { properties: Record<string, unknown>; required: string[] };
    const properties = { ...current.properties };
    // Version 0 had neither the deactivation (version 1) nor the invitation (version 2) fields.
    for (const added of ['deactivated_at', 'deactivated_by', 'invited_at', 'invited_by']) delete properties[added];
    const older = { ...current, version: 0, properties, required: Object.keys(properties) };
    const old = await createRxDatabase({ name: databaseNameFor('user-migrate'), storage: wrappedValidateAjvStorage({ storage }), multiInstance: false });
    await old.addCollections({ profiles: { schema: older as never } });
    await old.collections.profiles!.insert({
      id: '55555555-5555-4555-8555-555555555555', email: 'a@lab.test', first_name: 'Ann', last_name: 'Lee',
      professional_title: null, provider_id: null, last_sign_in: null, created_at: '2026-11-20T10:00:00.000Z',
      updated_at: '2026-11-20T10:00:00.000Z', server_modified: null, local_dirty: true,
    });
    await old.close();

    const db = await open('user-migrate', { tables: ['profiles'] });
    const doc = (await db.profiles.findOne('55555555-5555-4555-8555-555555555555').exec())!.toJSON();
    expect(doc).toMatchObject({ first_name: 'Ann', local_dirty: true, deactivated_at: null, deactivated_by: null, invited_at: null, invited_by: null });
  });
});
