/**
 * A write's change checkpoint passes every row of the write, so RxDB's replication does not
 * read a pulled batch back on the next RESYNC (bulk-checkpoint-storage.ts).
 */
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { getLastCheckpointDoc } from 'rxdb';
import { replicateRxCollection } from 'rxdb/plugins/replication';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { Subject } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { greatestCheckpoint } from './bulk-checkpoint-storage.ts';
import { openLocalDatabase, type LocalDatabase } from './database.ts';
import { newLocalDoc } from './mapping/row-mapping.ts';
import type { ProviderDoc } from './tables/local-docs.ts';

const row = (id: string, lwt: number) => ({ documentData: { id, _meta: { lwt } } });

describe('greatestCheckpoint', () => {
  it('moves the checkpoint to the greatest id of a write whose rows share its time', () => {
    const bulk = { checkpoint: { id: 'b', lwt: 5 }, events: [row('c', 5), row('a', 5), row('b', 5)] };
    expect(greatestCheckpoint(bulk, 'id')).toEqual({ id: 'c', lwt: 5 });
  });

  it('keeps the checkpoint when it already is the greatest, when the rows differ in time, or when it is not (time, id)', () => {
    const last = { checkpoint: { id: 'c', lwt: 5 }, events: [row('a', 5), row('c', 5)] };
    expect(greatestCheckpoint(last, 'id')).toBe(last.checkpoint);
    const mixed = { checkpoint: { id: 'b', lwt: 6 }, events: [row('c', 5), row('b', 6)] };
    expect(greatestCheckpoint(mixed, 'id')).toBe(mixed.checkpoint);
    const other = { checkpoint: { sequence: 7 }, events: [row('c', 5)] };
    expect(greatestCheckpoint(other, 'id')).toBe(other.checkpoint);
  });
});

describe('a pulled batch in the server order', () => {
  let db: LocalDatabase | null = null;

  afterEach(async () => {
    await db?.close();
    db = null;
  });

  it('is not read back by the RESYNC after it', async () => {
    db = await openLocalDatabase('bulk-checkpoint-test', {
      storage: getRxStorageDexie({ indexedDB, IDBKeyRange }),
      devMode: false,
      multiInstance: false,
      tables: ['providers'],
    });
    // Ids falling while the pull order goes on (the server sorts by its change time).
    const pulled = Array.from({ length: 40 }, (_, i) => ({
      ...newLocalDoc('providers', { id: `0b6c7a3e-3333-4000-8000-${String(99 - i).padStart(12, '0')}`, first_name: 'Pat', last_name: `Pulled ${i}` }),
      local_dirty: false,
      _deleted: false,
    }));
    let served = false;
    const pushed: unknown[] = [];
    const stream$ = new Subject<'RESYNC'>();
    const replication = replicateRxCollection<ProviderDoc, number>({
      collection: db.providers,
      replicationIdentifier: 'bulk-checkpoint-test',
      live: true,
      pull: {
        batchSize: 100,
        handler: async () => {
          const documents = served ? [] : pulled;
          served = true;
          return { documents: documents as never, checkpoint: 1 };
        },
        stream$,
      },
      push: {
        handler: async (rows) => {
          pushed.push(...rows);
          return [];
        },
      },
    });
    try {
      await replication.awaitInitialReplication();
      const internal = replication.internalReplicationState!;
      const greatestId = pulled.map((doc) => doc.id).sort().at(-1);
      await vi.waitFor(async () => expect(await getLastCheckpointDoc(internal, 'up')).toMatchObject({ id: greatestId }));

      // How RxDB reads the local changes (indexed-changes-storage.ts).
      const changes = vi.spyOn(db.providers.storageInstance, 'getChangedDocumentsSince');
      stream$.next('RESYNC');
      await vi.waitFor(() => expect(internal.stats.up.upstreamInitialSync).toBe(2));
      await replication.awaitInSync();
      expect(changes).toHaveBeenCalled();
      const readBack = await Promise.all(changes.mock.results.map((result) => result.value as Promise<{ documents: unknown[] }>));
      expect(readBack.flatMap((result) => result.documents)).toEqual([]);
      expect(pushed).toEqual([]);
    } finally {
      await replication.cancel();
    }
  });
});
