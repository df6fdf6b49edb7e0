/**
 * A large read by key answers exactly what one request per key answers, and asks IndexedDB
 * only for the keys that exist (key-scan-bulk-reads.ts); the storage's reads inside its
 * writes go through it too, so a write still finds the rows it conflicts with.
 */
import { Dexie } from 'dexie';
import { IDBFactory, IDBKeyRange, IDBObjectStore } from 'fake-indexeddb';
import { fillWithDefaultSettings } from 'rxdb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dexieStorage } from './database.ts';
import { keyScanBulkReads, MIN_KEYS_FOR_SCAN, SCANNED_KEYS_PER_REQUEST } from './key-scan-bulk-reads.ts';
import { syncedSchema } from './schema/synced-schemas.ts';

interface Row {
  id: string;
  n: number;
}

const rowId = (n: number) => `row-${String(n).padStart(6, '0')}`;
const opened: Dexie[] = [];

/** Two databases with the same rows: one with the middleware, one without. */
async function openPair(rowCount: number): Promise<{ plain: Dexie; scanning: Dexie }> {
  const open = async (scan: boolean) => {
    const db = new Dexie(`pair-${scan}-${rowCount}`, { indexedDB: new IDBFactory(), IDBKeyRange });
    if (scan) db.use(keyScanBulkReads);
    db.version(1).stores({ docs: 'id' });
    await db.open();
    // Every third row number is left out, so reads mix present and missing keys.
    const rows: Row[] = [];
    for (let n = 0; n < rowCount * 1.5; n += 1) if (n % 3 !== 2) rows.push({ id: rowId(n), n });
    await db.table('docs').bulkPut(rows);
    opened.push(db);
    return db;
  };
  return { plain: await open(false), scanning: await open(true) };
}

/** A deterministic shuffle, so the keys come in no order. */
function shuffled<T>(items: T[], seed: number): T[] {
  const copy = [...items];
  let state = seed;
  for (let i = copy.length - 1; i > 0; i -= 1) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const j = state % (i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

function countGets() {
  return vi.spyOn(IDBObjectStore.prototype, 'get');
}

afterEach(async () => {
  vi.restoreAllMocks();
  for (const db of opened.splice(0)) db.close();
});

describe('reading many rows by key', () => {
  it('answers what one request per key answers: missing keys, duplicates, keys past a capped scan', async () => {
    const { plain, scanning } = await openPair(3000);
    const readSets: string[][] = [
      // Small: read key by key.
      [rowId(0), rowId(2), rowId(4)],
      // Large and dense: one scan covers the range.
      shuffled(Array.from({ length: 600 }, (_, n) => rowId(n)), 1),
      // Large and spread over the whole table: the capped scan stops early, the rest is read key by key.
      shuffled(Array.from({ length: MIN_KEYS_FOR_SCAN }, (_, n) => rowId(n * 22)), 2),
      // Duplicates, keys below and above every row.
      shuffled([...Array.from({ length: 300 }, (_, n) => rowId(n % 150)), 'a-before', 'z-after'], 3),
      // Nothing there.
      Array.from({ length: 400 }, (_, n) => rowId(n * 3 + 2)),
    ];
    for (const keys of readSets) {
      const expected = await plain.table('docs').bulkGet(keys);
      const answer = await scanning.table('docs').bulkGet(keys);
      expect(answer).toEqual(expected);
    }
  });

  it('asks for the keys that exist only', async () => {
    const { plain, scanning } = await openPair(1000);
    // 500 keys, of which 100 exist (row numbers 0..149 minus every third).
    const keys = shuffled([...Array.from({ length: 150 }, (_, n) => rowId(n)).filter((_, n) => n % 3 !== 2), ...Array.from({ length: 400 }, (_, n) => `row-missing-${n}`)], 4);

    const gets = countGets();
    const rows = await scanning.table('docs').bulkGet(keys);
    expect(rows.filter(Boolean)).toHaveLength(100);
    expect(gets).toHaveBeenCalledTimes(100);

    gets.mockClear();
    await plain.table('docs').bulkGet(keys);
    expect(gets).toHaveBeenCalledTimes(keys.length);
  });

  it('scans no more keys than the requests it saves would cost', async () => {
    const { scanning } = await openPair(3000);
    const getAllKeys = vi.spyOn(IDBObjectStore.prototype, 'getAllKeys');
    const keys = Array.from({ length: MIN_KEYS_FOR_SCAN }, (_, n) => rowId(n * 22));
    await scanning.table('docs').bulkGet(keys);
    expect(getAllKeys).toHaveBeenCalledTimes(1);
    // getAllKeys(range, count), or getAllKeys({ query, count }) where IndexedDB 3 is there.
    const [first, second] = getAllKeys.mock.calls[0]! as unknown[];
    const count = typeof second === 'number' ? second : (first as { count?: number }).count;
    expect(count).toBe(MIN_KEYS_FOR_SCAN * SCANNED_KEYS_PER_REQUEST);
  });
});

describe('the storage on it', () => {
  it('finds the rows a write conflicts with, and reads no missing row to insert new ones', async () => {
    const storage = dexieStorage({ indexedDB: new IDBFactory(), IDBKeyRange });
    const instance = await storage.createStorageInstance({
      databaseInstanceToken: 'key-scan-test',
      databaseName: 'key-scan-test',
      collectionName: 'providers',
      schema: fillWithDefaultSettings(syncedSchema('providers')),
      options: {},
      multiInstance: false,
      devMode: false,
    });
    const doc = (n: number) => ({
      id: `0b6c7a3e-4444-4000-8000-${String(n).padStart(12, '0')}`,
      first_name: 'Pat',
      last_name: `Row ${n}`,
      updated_at: '2026-01-01T00:00:00.000000+00:00',
      local_dirty: false,
      _deleted: false,
      _attachments: {},
      _rev: '1-test',
      _meta: { lwt: 1 },
    });
    const docs = Array.from({ length: 400 }, (_, n) => doc(n));

    const gets = countGets();
    const inserted = await instance.bulkWrite(docs.map((document) => ({ document })) as never, 'test');
    expect(inserted.error).toEqual([]);
    expect(gets).not.toHaveBeenCalled();

    // The same rows inserted again, as if new: every one is a conflict with the stored row.
    const again = await instance.bulkWrite(docs.map((document) => ({ document: { ...document, _rev: '2-test' } })) as never, 'test');
    expect(again.error).toHaveLength(400);
    expect(again.error.every((error) => error.status === 409)).toBe(true);
    expect(gets).toHaveBeenCalledTimes(400);
    await instance.remove();
  });
});
