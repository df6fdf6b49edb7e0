import { afterEach, describe, expect, it } from 'vitest';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { openLocalDatabase, type LocalDatabase } from './database.ts';
import { newLocalDoc } from './mapping/row-mapping.ts';
import { patchRecord } from './patch-record.ts';

const storage = getRxStorageDexie({ indexedDB, IDBKeyRange });
const opened: LocalDatabase[] = [];

async function open(userId: string): Promise<LocalDatabase> {
  const db = await openLocalDatabase(userId, { storage, devMode: true, multiInstance: false });
  opened.push(db);
  return db;
}

/** A provider as the replication writes it: the server's version, clean, straight to the storage. */
async function downloaded(db: LocalDatabase, id: string) {
  const doc = {
    ...newLocalDoc('providers', { id, first_name: 'Ada', last_name: 'Lovelace', email: 'ada@clinic.test', nppes_data: { results: [{ number: '1234567893' }], result_count: 1 } }),
    updated_at: '2026-11-20T10:00:00.000Z',
    server_modified: '2026-11-20T10:00:00.000Z',
    local_dirty: false,
  };
  const result = await db.providers.storageInstance.bulkWrite([{ document: { ...doc, _deleted: false, _meta: { lwt: Date.now() }, _rev: '1-downloaded', _attachments: {} } }], 'test-download');
  expect(result.error).toEqual([]);
  return (await db.providers.findOne(id).exec())!;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.close()));
});

describe('patchRecord', () => {
  it('writes nothing when the patch changes nothing, not even a new revision', async () => {
    const db = await open('user-patch-same');
    const doc = await downloaded(db, '11111111-1111-4111-8111-111111111111');
    const before = doc.toJSON(true);
    let writes = 0;
    const counting = db.providers.$.subscribe(() => (writes += 1));

    const after = await patchRecord(doc, {
      first_name: 'Ada',
      email: 'ada@clinic.test',
      // The same JSON with its keys in another order, and the same instant written another way.
      nppes_data: { result_count: 1, results: [{ number: '1234567893' }] },
      updated_at: '2026-11-20T10:00:00+00:00',
    });

    counting.unsubscribe();
    expect(writes).toBe(0);
    expect(after._rev).toBe(before._rev);
    expect(after._meta.lwt).toBe(before._meta.lwt);
    const stored = (await db.providers.findOne(doc.id).exec())!.toJSON(true);
    expect(stored).toMatchObject({ _rev: before._rev, local_dirty: false, email: 'ada@clinic.test' });
  });

  it('writes a patch that changes a field, as a local edit', async () => {
    const db = await open('user-patch-change');
    const doc = await downloaded(db, '22222222-2222-4222-8222-222222222222');

    const after = await patchRecord(doc, { first_name: 'Ada', email: 'ada.new@clinic.test' });

    expect(after._rev).not.toBe(doc.toJSON(true)._rev);
    expect(after).toMatchObject({ email: 'ada.new@clinic.test', local_dirty: true });
    expect((await db.providers.findOne(doc.id).exec())!.email).toBe('ada.new@clinic.test');
  });

  it("compares with the record's latest version, not the state the caller read", async () => {
    const db = await open('user-patch-latest');
    const stale = await downloaded(db, '33333333-3333-4333-8333-333333333333');
    await stale.incrementalPatch({ email: 'ada.other@clinic.test' });

    // Equal to what the caller read, but not to what the record holds now: it is written.
    const after = await patchRecord(stale, { email: 'ada@clinic.test' });

    expect(after.email).toBe('ada@clinic.test');
    expect((await db.providers.findOne(stale.id).exec())!.email).toBe('ada@clinic.test');
  });
});
