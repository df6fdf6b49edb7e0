/**
 * The change feed the provider lists keep their search index current with: every write
 * and delete, as it happens, and nothing kept once it is reported. The second test needs
 * the garbage collector (V8's `--expose_gc`, switched on from inside the test).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import type { RxDocumentData } from 'rxdb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openLocalDatabase, type LocalDatabase } from './database.ts';
import { newLocalDoc } from './index.ts';
import { latestWrite, readChangedSince, watchProviderChanges, type ProviderChange } from './queries.ts';
import type { ProviderDoc } from './tables/local-docs.ts';

const TEMPLATE_ID = '0b6c7a3e-2222-4000-8000-000000000000';
let db: LocalDatabase;
let template: RxDocumentData<ProviderDoc>;

function providerId(n: number): string {
  return `0b6c7a3e-2222-4000-8000-${String(n).padStart(12, '0')}`;
}

/** New providers written as the sync writes them: to the storage, one bulk, no RxDocument made. */
async function downloadProviders(ids: readonly string[], lastName = 'Downloaded'): Promise<void> {
  const rows = ids.map((id) => ({
    document: { ...template, id, last_name: lastName, nppes_data: { results: [{ number: id }] }, _rev: '1-bench', _meta: { lwt: Date.now() } },
  }));
  const result = await db.providers.storageInstance.bulkWrite(rows as never, 'test-download');
  expect(result.error).toEqual([]);
}

beforeAll(async () => {
  db = await openLocalDatabase('queries-test', {
    storage: getRxStorageDexie({ indexedDB, IDBKeyRange }),
    devMode: false,
    multiInstance: false,
    tables: ['providers'],
  });
  await db.providers.insert(newLocalDoc('providers', { id: TEMPLATE_ID, first_name: 'Tess', last_name: 'Template' }));
  const [stored] = await db.providers.storageInstance.findDocumentsById([TEMPLATE_ID], false);
  if (!stored) throw new Error('the template provider is missing');
  template = stored;
});

afterAll(async () => {
  await db.close();
});

describe('watchProviderChanges', () => {
  it('reports each write with the document and each delete with its id', async () => {
    const changes: ProviderChange[] = [];
    const subscription = watchProviderChanges(db).subscribe((change) => changes.push(change));
    try {
      await downloadProviders([providerId(1), providerId(2)]);
      const edited = await db.providers.findOne(providerId(1)).exec();
      await edited?.incrementalPatch({ first_name: 'Edith' });
      await edited?.getLatest().remove();
      await vi.waitFor(() => expect(changes).toHaveLength(4));
      expect(changes.map((change) => [change.id, change.doc?.first_name ?? null])).toEqual([
        [providerId(1), 'Tess'],
        [providerId(2), 'Tess'],
        [providerId(1), 'Edith'],
        [providerId(1), null],
      ]);
    } finally {
      subscription.unsubscribe();
    }
  });

  it('keeps no reported provider in memory (RxDB caches every event of collection.$ for good)', async () => {
    setFlagsFromString('--expose_gc');
    const collectGarbage = runInNewContext('gc') as () => void;
    let reported: WeakRef<object> | null = null;
    const subscription = watchProviderChanges(db).subscribe((change) => {
      if (change.id === providerId(100) && change.doc) reported = new WeakRef(change.doc);
    });
    try {
      await downloadProviders([providerId(100)], 'Forgotten');
      // More writes than RxDB's change event buffer keeps (its last 100 events).
      await downloadProviders(Array.from({ length: 150 }, (_, i) => providerId(200 + i)));
      await vi.waitFor(() => expect(reported).not.toBeNull());
      await vi.waitFor(
        async () => {
          collectGarbage();
          await new Promise((resolve) => setTimeout(resolve, 10));
          // A boolean: a failed expectation that held the document would keep it alive itself.
          expect(reported?.deref() === undefined, 'the reported provider is still referenced').toBe(true);
        },
        { timeout: 3000, interval: 50 },
      );
    } finally {
      subscription.unsubscribe();
    }
  });
});

describe('readChangedSince', () => {
  it('reads what was written after a write, and nothing of that write itself', async () => {
    const ids = [providerId(20), providerId(21), providerId(22)];
    await downloadProviders(ids);
    const saved = await latestWrite(db, 'providers');
    // One bulk, one write time: a list saved at that time holds all three already.
    const stored = await db.providers.storageInstance.findDocumentsById(ids, false);
    expect(stored.map((doc) => doc._meta.lwt)).toEqual([saved, saved, saved]);
    expect(await readChangedSince(db, 'providers', saved)).toEqual([]);
    expect((await readChangedSince(db, 'providers', saved - 1)).map((change) => change.id).sort()).toEqual(ids);

    const edited = await db.providers.findOne(providerId(21)).exec();
    await edited?.incrementalPatch({ first_name: 'Later' });
    await db.providers.findOne(providerId(22)).exec().then((doc) => doc?.remove());
    const changes = await readChangedSince(db, 'providers', saved);
    expect(changes.map((change) => [change.id, change.doc?.first_name ?? null])).toEqual([
      [providerId(21), 'Later'],
      [providerId(22), null],
    ]);
  });
});
