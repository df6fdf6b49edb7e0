/**
 * The local changes since a checkpoint come from the (write time, id) index: the same rows
 * in the same order as RxDB's query, without reading the rows of the checkpoint's write that
 * are already behind it (indexed-changes-storage.ts).
 */
import { IDBCursor, IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { getChangedDocumentsSince, getChangedDocumentsSinceQuery, prepareQuery, type RxDocumentData } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openLocalDatabase, type LocalDatabase } from './database.ts';
import type { LwtCheckpoint } from './patch-storage-instances.ts';
import { newLocalDoc } from './mapping/row-mapping.ts';
import type { ProviderDoc } from './tables/local-docs.ts';

let db: LocalDatabase;
/** Every write's rows, in write order. */
const writes: string[][] = [];

const providerId = (n: number) => `0b6c7a3e-4444-4000-8000-${String(n).padStart(12, '0')}`;

/** One write of providers, as a download writes them: one bulk, one write time, ids in no order. */
async function writeProviders(ids: string[], deleted = false): Promise<void> {
  const rows = ids.map((id) => ({
    document: { ...newLocalDoc('providers', { id, first_name: 'Pat', last_name: `Row ${id.slice(-4)}` }), local_dirty: false, _deleted: deleted, _attachments: {}, _rev: '1-test', _meta: { lwt: 1 } },
  }));
  const result = await db.providers.storageInstance.bulkWrite(rows as never, 'test-download');
  expect(result.error).toEqual([]);
  writes.push(ids);
}

/** RxDB's own answer: its change query, run as a query. */
async function changesByQuery(limit: number, checkpoint: LwtCheckpoint | undefined): Promise<Array<RxDocumentData<ProviderDoc>>> {
  const instance = db.providers.storageInstance;
  const query = prepareQuery(instance.schema, getChangedDocumentsSinceQuery(instance, limit, checkpoint));
  return (await instance.query(query)).documents;
}

const keyOf = (doc: RxDocumentData<ProviderDoc>): LwtCheckpoint => ({ id: doc.id, lwt: doc._meta.lwt });

beforeAll(async () => {
  db = await openLocalDatabase('indexed-changes-test', {
    storage: getRxStorageDexie({ indexedDB, IDBKeyRange }),
    devMode: false,
    multiInstance: false,
    tables: ['providers'],
  });
  // Three writes whose ids interleave, one of them deletions.
  await writeProviders([7, 3, 9, 1, 5].map(providerId));
  await writeProviders([8, 2, 6].map(providerId), true);
  await writeProviders([4, 10, 0].map(providerId));
});

afterAll(async () => {
  await db.close();
});

describe('the changes since a checkpoint', () => {
  it('are the rows of RxDB query, in its order, from any checkpoint and with any limit', async () => {
    const all = await changesByQuery(100, undefined);
    expect(all.map((doc) => doc.id)).toEqual(writes.flatMap((ids) => [...ids].sort()));
    expect(all.filter((doc) => doc._deleted).map((doc) => doc.id)).toEqual([2, 6, 8].map(providerId));

    const checkpoints: Array<LwtCheckpoint | undefined> = [
      undefined,
      ...all.map(keyOf),
      // Between two ids of one write, and before every row of a write.
      { id: `${providerId(5)}0`, lwt: all[0]!._meta.lwt },
      { id: '', lwt: all[5]!._meta.lwt },
    ];
    for (const checkpoint of checkpoints) {
      for (const limit of [1, 2, 4, 100]) {
        const expected = await changesByQuery(limit, checkpoint);
        const answer = await getChangedDocumentsSince(db.providers.storageInstance, limit, checkpoint);
        expect(answer.documents).toEqual(expected);
        expect(answer.checkpoint).toEqual(expected.length > 0 ? keyOf(expected.at(-1)!) : (checkpoint ?? { id: '', lwt: 0 }));
      }
    }
  });

  it('do not read the rows of the checkpoint write behind it', async () => {
    const ids = Array.from({ length: 300 }, (_, i) => providerId(1000 + ((i * 7919) % 300)));
    await writeProviders(ids);
    const all = await changesByQuery(1000, undefined);
    const pastTheWrite = keyOf(all.at(-1)!);

    const continued = vi.spyOn(IDBCursor.prototype, 'continue');
    try {
      // RxDB's query walks the whole write to find nothing.
      expect(await changesByQuery(10, pastTheWrite)).toEqual([]);
      expect(continued.mock.calls.length).toBeGreaterThanOrEqual(300);
      continued.mockClear();

      const answer = await getChangedDocumentsSince(db.providers.storageInstance, 10, pastTheWrite);
      expect(answer).toEqual({ documents: [], checkpoint: pastTheWrite });
      expect(continued).not.toHaveBeenCalled();
    } finally {
      continued.mockRestore();
    }
  });
});
