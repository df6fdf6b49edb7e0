/**
 * The app's storage sends RxDB's replication metadata, and only it, to the packed storage:
 * a replication of the local database pulls 250 rows in three batches and its metadata is a
 * handful of IndexedDB records, not one per row; reopened, the replication goes on from its
 * checkpoint. A device that synced before the packing keeps its checkpoint and server states.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { replicateRxCollection } from 'rxdb/plugins/replication';
import { describe, expect, it } from 'vitest';
import { dexieStorage, openLocalDatabase, type AnyRxStorage, type LocalDatabase } from '../database.ts';
import { newLocalDoc } from '../mapping/row-mapping.ts';
import type { ProviderDoc } from '../tables/local-docs.ts';
import { PackedStorageInstance } from './packed-storage-instance.ts';

const ROWS = 250;
const providerId = (n: number) => `5a1e0000-4444-4000-8000-${String(n).padStart(12, '0')}`;
const serverRows: ProviderDoc[] = Array.from({ length: ROWS }, (_, n) => ({
  ...newLocalDoc('providers', { id: providerId(n), first_name: 'Pat', last_name: `Row ${n}` }),
  local_dirty: false,
}));

let run = 0;

/** The app's storage with the packing on (database.ts: PACK_REPLICATION_META), whatever the build's default. */
const packedAppStorage = (indexedDB: IDBFactory) => dexieStorage({ indexedDB, IDBKeyRange, packReplicationMeta: true });

/** Opens the database on the storage and runs one pull to the end; the checkpoints the pull was asked from. */
async function syncOnce(storage: AnyRxStorage, name: string) {
  const db: LocalDatabase = await openLocalDatabase(name, { name, storage, devMode: false, multiInstance: false, tables: ['providers'] });
  const askedFrom: Array<number | null> = [];
  const replication = replicateRxCollection<ProviderDoc, { at: number }>({
    replicationIdentifier: 'packed-meta-test',
    collection: db.providers,
    live: false,
    waitForLeadership: false,
    pull: {
      batchSize: 100,
      handler: async (checkpoint, batchSize) => {
        const at = checkpoint?.at ?? 0;
        askedFrom.push(checkpoint ? checkpoint.at : null);
        const documents = serverRows.slice(at, at + batchSize).map((row) => ({ ...row, _deleted: false }));
        return { documents, checkpoint: { at: at + documents.length } };
      },
    },
    push: { handler: async () => [] },
  });
  await replication.awaitInitialReplication();
  const meta = replication.metaInstance;
  const count = await db.providers.count().exec();
  await replication.cancel();
  await db.close();
  return { meta, askedFrom, count };
}

describe('the replication metadata of the app storage', () => {
  it('is packed: a few records for a pull of 250 rows, and the checkpoint kept across a reopen', async () => {
    const storage = packedAppStorage(new IDBFactory());
    const name = `packed-meta-${(run += 1)}`;
    const first = await syncOnce(storage, name);
    expect(first.count).toBe(ROWS);
    // A batch short of the batch size ends the pull.
    expect(first.askedFrom).toEqual([null, 100, 200]);
    expect(first.meta).toBeInstanceOf(PackedStorageInstance);
    const log = (first.meta as unknown as PackedStorageInstance).internals;
    // Per batch one record of server states and one of the checkpoint (and the push side's checkpoint).
    expect(log.rowCount).toBeGreaterThanOrEqual(ROWS);
    expect(log.recordCount).toBeLessThanOrEqual(10);

    const again = await syncOnce(storage, name);
    expect(again.askedFrom).toEqual([250]);
    expect(again.count).toBe(ROWS);
  });

  it('takes over the metadata a device kept on Dexie before the packing', async () => {
    const indexedDB = new IDBFactory();
    const name = `packed-meta-${(run += 1)}`;
    const before = await syncOnce(getRxStorageDexie({ indexedDB, IDBKeyRange }), name);
    expect(before.meta).not.toBeInstanceOf(PackedStorageInstance);

    const after = await syncOnce(packedAppStorage(indexedDB), name);
    expect(after.meta).toBeInstanceOf(PackedStorageInstance);
    expect(after.askedFrom).toEqual([250]);
    // The Dexie copy is emptied once the packed one holds it.
    const old = await getRxStorageDexie({ indexedDB, IDBKeyRange }).createStorageInstance({ ...after.meta!, databaseInstanceToken: 'check', multiInstance: false, devMode: false } as never);
    expect(await old.findDocumentsById(['down|1'], true)).toEqual([]);
    await old.close();
  });
});
