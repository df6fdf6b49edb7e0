/**
 * The save's database side on a real local database (RxDB on fake-indexeddb): a write
 * marks the record dirty; the wait ends when the record is clean again and newer than the
 * write (acknowledged, or refused and reset), and not before; offline it does not wait.
 */
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openLocalDatabase, type LocalDatabase } from '../../../db/database.ts';
import { newLocalDoc } from '../../../db/index.ts';
import { useSyncStore } from '../../../stores/sync-store.ts';
import { databaseSaveDeps } from './save-provider.ts';

const ID = '0b6c7a3e-1111-4000-8000-00000000aa01';
let db: LocalDatabase;

/** What the sync layer does on the server's answer: a storage write with local_dirty false. */
async function serverAnswers(fields: Record<string, unknown>): Promise<void> {
  const collection = db.providers;
  const [previous] = await collection.storageInstance.findDocumentsById([ID], false);
  if (!previous) throw new Error('the test provider is missing');
  await collection.storageInstance.bulkWrite([{ previous, document: { ...previous, ...fields, local_dirty: false } }], 'test-sync');
}

beforeAll(async () => {
  db = await openLocalDatabase('save-provider-test', {
    storage: getRxStorageDexie({ indexedDB, IDBKeyRange }),
    devMode: false,
    multiInstance: false,
    tables: ['providers'],
  });
  await db.providers.insert(newLocalDoc('providers', { id: ID, first_name: 'Jane', last_name: 'Doe' }));
  await serverAnswers({});
});

afterAll(async () => {
  await db.close();
});

beforeEach(() => {
  useSyncStore.setState({ online: true, pauseReason: null });
});

describe('databaseSaveDeps', () => {
  it('writes to the local record and marks it dirty', async () => {
    const deps = databaseSaveDeps(db, ID);
    const written = await deps.write({ nickname: 'JD' });
    expect(written.record).toMatchObject({ nickname: 'JD', local_dirty: true });
    expect(written.lwt).toBeGreaterThan(0);
    await serverAnswers({});
  });

  it('waits for the acknowledgement, and answers with the record', async () => {
    const deps = databaseSaveDeps(db, ID);
    const written = await deps.write({ first_name: 'Janet' });
    let settled = false;
    const answer = deps.awaitServer(written).finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).toBe(false);
    await serverAnswers({});
    await expect(answer).resolves.toMatchObject({ kind: 'answered', record: { first_name: 'Janet', local_dirty: false } });
  });

  it('answers with the reset record when the server refused the change', async () => {
    const deps = databaseSaveDeps(db, ID);
    const written = await deps.write({ first_name: 'Refused' });
    const answer = deps.awaitServer(written);
    await serverAnswers({ first_name: 'Janet' });
    await expect(answer).resolves.toMatchObject({ kind: 'answered', record: { first_name: 'Janet' } });
  });

  it('does not wait when the write changed nothing', async () => {
    const deps = databaseSaveDeps(db, ID);
    const written = await deps.write({ first_name: 'Janet' });
    expect(written.record.local_dirty).toBe(false);
    await expect(deps.awaitServer(written)).resolves.toMatchObject({ kind: 'answered', record: { first_name: 'Janet' } });
  });

  it('does not wait while sync is paused, and gives up after the timeout', async () => {
    useSyncStore.setState({ online: false, pauseReason: 'offline' });
    const deps = databaseSaveDeps(db, ID, 100);
    const written = await deps.write({ first_name: 'Offline' });
    await expect(deps.awaitServer(written)).resolves.toEqual({ kind: 'pending' });
    useSyncStore.setState({ online: true, pauseReason: null });
    await expect(deps.awaitServer(written)).resolves.toEqual({ kind: 'pending' });
    await serverAnswers({});
  });

  it('fails the write when the record is not on this device', async () => {
    await expect(databaseSaveDeps(db, 'missing').write({ first_name: 'X' })).rejects.toThrow('not on this device');
  });
});
