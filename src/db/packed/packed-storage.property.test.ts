/**
 * The packed storage answers as RxDB's Dexie storage does: random sequences of writes
 * (inserts, updates, deletions, stale and missing revisions), reads by id, queries, counts,
 * changes since a checkpoint and cleanups, with the instances closed and reopened in
 * between, run against both on fake-indexeddb; every answer and every change event must be
 * the same. The log is compacted every few writes, so reopening reads compacted logs too.
 */
import fc from 'fast-check';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { fillWithDefaultSettings, getChangedDocumentsSince, normalizeMangoQuery, prepareQuery, type RxJsonSchema, type RxStorageInstance } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { describe, expect, it } from 'vitest';
import { PackedStorageInstance } from './packed-storage-instance.ts';

interface Doc {
  id: string;
  value: number;
  tag: string;
  _deleted: boolean;
  _rev: string;
  _meta: { lwt: number };
  _attachments: Record<string, never>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Instance = RxStorageInstance<any, any, any, any>;

const schema = fillWithDefaultSettings({
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 20 },
    value: { type: 'number', minimum: 0, maximum: 1000, multipleOf: 1 },
    tag: { type: 'string', maxLength: 10 },
  },
  required: ['id', 'value', 'tag'],
  indexes: ['value'],
} as RxJsonSchema<Doc>) as RxJsonSchema<Doc>;

const IDS = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];

type Op =
  | { kind: 'write'; rows: Array<{ id: string; value: number; tag: string; deleted: boolean; previous: 'current' | 'none' | 'stale' }> }
  | { kind: 'find'; ids: string[]; withDeleted: boolean }
  | { kind: 'query'; min: number; sort: 'value' | 'id' | 'tag'; desc: boolean; skip: number; limit: number | undefined }
  | { kind: 'count'; min: number }
  | { kind: 'changes'; limit: number; from: string | null }
  | { kind: 'cleanup'; all: boolean }
  | { kind: 'reopen' };

const row = fc.record({
  id: fc.constantFrom(...IDS),
  value: fc.integer({ min: 0, max: 20 }),
  tag: fc.constantFrom('x', 'y', 'z'),
  deleted: fc.boolean(),
  previous: fc.constantFrom('current' as const, 'current' as const, 'none' as const, 'stale' as const),
});

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('write' as const), rows: fc.uniqueArray(row, { selector: (r) => r.id, minLength: 1, maxLength: 5 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('find' as const), ids: fc.subarray([...IDS, 'missing']), withDeleted: fc.boolean() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('query' as const),
      min: fc.integer({ min: 0, max: 20 }),
      sort: fc.constantFrom('value' as const, 'id' as const, 'tag' as const),
      desc: fc.boolean(),
      skip: fc.integer({ min: 0, max: 3 }),
      limit: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('count' as const), min: fc.integer({ min: 0, max: 20 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('changes' as const), limit: fc.integer({ min: 1, max: 8 }), from: fc.option(fc.constantFrom(...IDS), { nil: null }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cleanup' as const), all: fc.boolean() }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reopen' as const }) },
);

let run = 0;

/** A Dexie instance and a packed one, on the same fresh IndexedDB, under names of this run. */
class Pair {
  private readonly indexedDB = new IDBFactory();
  private readonly dexie = getRxStorageDexie({ indexedDB: this.indexedDB, IDBKeyRange });
  private readonly params = { databaseName: `packed-prop-${(run += 1)}`, collectionName: 'items', schema, options: {}, devMode: false, multiInstance: false, databaseInstanceToken: 'token' };
  reference!: Instance;
  packed!: Instance;
  /** Each side's change events, as (id, operation, row) and checkpoint per bulk. */
  readonly events: { reference: unknown[]; packed: unknown[] } = { reference: [], packed: [] };

  async open(): Promise<void> {
    this.reference = await this.dexie.createStorageInstance(this.params);
    this.packed = await PackedStorageInstance.open(this.dexie as never, this.params as never, { indexedDB: this.indexedDB, IDBKeyRange, compactAfterRecords: 3 });
    for (const side of ['reference', 'packed'] as const) {
      this[side].changeStream().subscribe((bulk) =>
        this.events[side].push({ checkpoint: bulk.checkpoint, events: bulk.events.map((e) => [e.documentId, e.operation, e.documentData, e.previousDocumentData]) }),
      );
    }
  }

  async close(): Promise<void> {
    await Promise.all([this.reference.close(), this.packed.close()]);
  }
}

const query = (mango: Record<string, unknown>) => prepareQuery(schema, normalizeMangoQuery(schema, mango as never));

/** Applies one operation to both sides; returns both answers. */
async function apply(pair: Pair, step: number, operation: Op): Promise<[unknown, unknown]> {
  switch (operation.kind) {
    case 'write': {
      const current = new Map((await pair.reference.findDocumentsById(operation.rows.map((r) => r.id), true)).map((doc: Doc) => [doc.id, doc]));
      const writes = operation.rows.map((r) => {
        const inDb = current.get(r.id);
        const height = inDb ? Number(inDb._rev.split('-')[0]) + 1 : 1;
        const document: Doc = { id: r.id, value: r.value, tag: r.tag, _deleted: r.deleted, _rev: `${height}-s${step}`, _meta: { lwt: 1000 + step }, _attachments: {} };
        const previous = r.previous === 'none' ? undefined : r.previous === 'stale' ? { ...(inDb ?? document), _rev: '0-stale' } : inDb;
        return { document, previous };
      });
      const results = await Promise.all([pair.reference.bulkWrite(structuredClone(writes), 'test'), pair.packed.bulkWrite(structuredClone(writes), 'test')]);
      return results.map((result) => result.error.map((e) => ({ status: e.status, documentId: e.documentId, documentInDb: (e as { documentInDb?: unknown }).documentInDb }))) as [unknown, unknown];
    }
    case 'find':
      return Promise.all([pair.reference.findDocumentsById(operation.ids, operation.withDeleted), pair.packed.findDocumentsById(operation.ids, operation.withDeleted)]);
    case 'query': {
      const prepared = query({ selector: { value: { $gte: operation.min } }, sort: [{ [operation.sort]: operation.desc ? 'desc' : 'asc' }], skip: operation.skip, limit: operation.limit });
      return Promise.all([pair.reference.query(prepared), pair.packed.query(prepared)]);
    }
    case 'count': {
      const prepared = query({ selector: { value: { $gte: operation.min }, _deleted: false } });
      const [a, b] = await Promise.all([pair.reference.count(prepared), pair.packed.count(prepared)]);
      return [a.count, b.count];
    }
    case 'changes': {
      const [from] = operation.from ? await pair.reference.findDocumentsById([operation.from], true) : [];
      const checkpoint = from ? { id: from.id, lwt: from._meta.lwt } : undefined;
      return Promise.all([getChangedDocumentsSince(pair.reference, operation.limit, checkpoint), getChangedDocumentsSince(pair.packed, operation.limit, checkpoint)]);
    }
    case 'cleanup': {
      // Every row's write time is long past: 0 purges every deleted row, a huge age none.
      const age = operation.all ? 0 : Number.MAX_SAFE_INTEGER;
      return Promise.all([pair.reference.cleanup(age), pair.packed.cleanup(age)]);
    }
    case 'reopen':
      await pair.close();
      await pair.open();
      return [null, null];
  }
}

const everything = query({ selector: {}, sort: [{ id: 'asc' }] });

describe('the packed storage against the Dexie storage', () => {
  it('gives the same answers and change events on any sequence of operations, across reopens', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 30 }), async (operations) => {
        const pair = new Pair();
        await pair.open();
        try {
          for (const [step, operation] of operations.entries()) {
            const [reference, packed] = await apply(pair, step, operation);
            expect(packed, `step ${step}: ${JSON.stringify(operation)}`).toEqual(reference);
          }
          expect(pair.events.packed).toEqual(pair.events.reference);
          await apply(pair, operations.length, { kind: 'reopen' });
          const [reference, packed] = await Promise.all([pair.reference.query(everything), pair.packed.query(everything)]);
          expect(packed).toEqual(reference);
        } finally {
          await pair.close();
        }
      }),
      { numRuns: 60 },
    );
  });
});
