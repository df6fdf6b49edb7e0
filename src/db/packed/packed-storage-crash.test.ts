/**
 * What a packed instance keeps when the page ends: a sequence of writes (its log compacted
 * every few records) is cut after each IndexedDB transaction in turn (the page killed there,
 * its running transactions aborted, nothing new started), and once in the middle of a
 * compaction; the instance reopened on the same IndexedDB holds exactly the acknowledged
 * writes. And two tabs writing to one log: neither loses or overwrites the other's writes.
 */
import { IDBFactory, IDBKeyRange, IDBObjectStore } from 'fake-indexeddb';
import { fillWithDefaultSettings, normalizeMangoQuery, prepareQuery, type RxJsonSchema } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageIndexedDB } from '../../../tests/integration/helpers/page-indexeddb.ts';
import { PackedStorageInstance, type PackedSettings } from './packed-storage-instance.ts';

interface Doc {
  id: string;
  value: number;
  _deleted: boolean;
  _rev: string;
  _meta: { lwt: number };
  _attachments: Record<string, never>;
}

const schema = fillWithDefaultSettings({
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: { id: { type: 'string', maxLength: 20 }, value: { type: 'number' } },
  required: ['id', 'value'],
} as RxJsonSchema<Doc>) as RxJsonSchema<Doc>;

const storage = getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange });
let run = 0;
const paramsOf = (databaseName: string) => ({ databaseName, collectionName: 'items', schema, options: {}, devMode: false });
const open = (databaseName: string, settings: PackedSettings) => PackedStorageInstance.open(storage as never, paramsOf(databaseName) as never, { IDBKeyRange, ...settings });
const everything = prepareQuery(schema, normalizeMangoQuery(schema, { selector: {}, sort: [{ id: 'asc' }] }));

/** Twelve writes of one to four rows over six ids: inserts, updates and deletions. */
const WRITES = Array.from({ length: 12 }, (_, step) =>
  Array.from({ length: 1 + (step % 4) }, (_, at) => ({ id: 'abcdef'[(step * 5 + at * 2) % 6]!, value: step * 10 + at, deleted: (step + at) % 5 === 4 })),
).map((rows) => rows.filter((row, at) => rows.findIndex((other) => other.id === row.id) === at));

function nextDoc(id: string, value: number, deleted: boolean, step: number, previous: Doc | undefined): Doc {
  const height = previous ? Number(previous._rev.split('-')[0]) + 1 : 1;
  return { id, value, _deleted: deleted, _rev: `${height}-s${step}`, _meta: { lwt: 1000 + step }, _attachments: {} };
}

/** Runs the writes on a page of a fresh browser, ended after its `killAt`-th write transaction; what was acknowledged, and how many transactions it committed. */
async function writeUntilEnded(name: string, base: IDBFactory, killAt: number | null, onPage: (page: PageIndexedDB) => void = () => undefined) {
  const page = new PageIndexedDB(base);
  onPage(page);
  let commits = 0;
  page.onCommit = () => {
    commits += 1;
    if (commits === killAt) page.kill();
  };
  const instance = await open(name, { indexedDB: page.factory, compactAfterRecords: 2 });
  const acknowledged = new Map<string, Doc>();
  for (const [step, rows] of WRITES.entries()) {
    const writes = rows.map((row) => ({ document: nextDoc(row.id, row.value, row.deleted, step, acknowledged.get(row.id)), previous: acknowledged.get(row.id) }));
    try {
      const result = await instance.bulkWrite(writes as never, 'crash-test');
      expect(result.error).toEqual([]);
      for (const write of writes) acknowledged.set(write.document.id, write.document);
    } catch {
      // Not acknowledged: the page is gone.
    }
  }
  await instance.close().catch(() => undefined);
  await page.settled();
  return { acknowledged, commits };
}

async function reopenedRows(name: string, base: IDBFactory): Promise<Doc[]> {
  const instance = await open(name, { indexedDB: base });
  try {
    return (await instance.query(everything as never)).documents as unknown as Doc[];
  } finally {
    await instance.close();
  }
}

const sortedValues = (rows: Map<string, Doc>) => [...rows.values()].sort((a, b) => (a.id < b.id ? -1 : 1));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a packed instance whose page ends', () => {
  it('keeps every acknowledged write, the page killed after any of its transactions', async () => {
    const { acknowledged: all, commits } = await writeUntilEnded(`crash-${(run += 1)}`, new IDBFactory(), null);
    expect(all.size).toBe(6);
    // Twelve appends and the compactions between them.
    expect(commits).toBeGreaterThan(WRITES.length + 2);
    for (let killAt = 1; killAt <= commits; killAt += 1) {
      const name = `crash-${(run += 1)}`;
      const base = new IDBFactory();
      const { acknowledged } = await writeUntilEnded(name, base, killAt);
      expect(await reopenedRows(name, base), `killed after transaction ${killAt}`).toEqual(sortedValues(acknowledged));
    }
  });

  it('keeps the log from before a compaction killed half-way', async () => {
    const name = `crash-${(run += 1)}`;
    const base = new IDBFactory();
    let page: PageIndexedDB | null = null;
    const clear = IDBObjectStore.prototype.clear;
    let cut = 0;
    // The compaction's first step empties the log; the page dies right after it, before the live rows are written back.
    vi.spyOn(IDBObjectStore.prototype, 'clear').mockImplementation(function (this: IDBObjectStore) {
      const request = clear.call(this);
      request.addEventListener('success', () => {
        cut += 1;
        page?.kill();
      });
      return request;
    });
    const { acknowledged } = await writeUntilEnded(name, base, null, (current) => (page = current));
    expect(cut).toBe(1);
    expect(acknowledged.size).toBeGreaterThan(0);
    vi.restoreAllMocks();
    expect(await reopenedRows(name, base)).toEqual(sortedValues(acknowledged));
  });
});

describe('two tabs writing to one packed instance', () => {
  it('refuse a write decided on a stale copy: the second tab rereads, and its conflict is reported', async () => {
    const name = `tabs-${(run += 1)}`;
    const indexedDB = new IDBFactory();
    const first = await open(name, { indexedDB });
    const second = await open(name, { indexedDB });
    const a = nextDoc('a', 1, false, 1, undefined);
    expect((await first.bulkWrite([{ document: a }] as never, 'tab-1')).error).toEqual([]);

    // The second tab has not seen `a`: its insert of `b` still lands, after rereading the log.
    const b = nextDoc('b', 2, false, 2, undefined);
    expect((await second.bulkWrite([{ document: b }] as never, 'tab-2')).error).toEqual([]);
    expect(await second.findDocumentsById(['a'], true)).toEqual([a]);
    // Its insert of `a` is now a conflict with the first tab's row, not a silent overwrite.
    const result = await second.bulkWrite([{ document: nextDoc('a', 3, false, 3, undefined) }] as never, 'tab-2');
    expect(result.error).toMatchObject([{ status: 409, documentId: 'a', documentInDb: a }]);

    // The first tab's next write rereads too.
    const c = nextDoc('c', 4, false, 4, undefined);
    expect((await first.bulkWrite([{ document: c }] as never, 'tab-1')).error).toEqual([]);
    expect(await first.findDocumentsById(['b'], false)).toEqual([b]);
    await Promise.all([first.close(), second.close()]);
    expect(await reopenedRows(name, indexedDB)).toEqual([a, b, c]);
  });
});
