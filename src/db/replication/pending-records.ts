/**
 * Counts the records with local changes the server has not acknowledged (`local_dirty`),
 * for the sync status and the sign-out warning, and clears the flag once a record's local
 * version is what the server holds (RxDB's assumed master state after a successful push).
 * Deleted records count too (a pending deletion is a pending change), so the count uses
 * storage-level queries on the (_deleted, local_dirty) index rather than collection queries.
 *
 * It also re-sends what RxDB forgot: its upstream drops the rows of a push cut short by a
 * pause (offline, session lost, reload) and a later push of other rows may store an upstream
 * checkpoint past them, so they are never pushed again (not even on RESYNC, which starts at
 * that checkpoint). A dirty record that differs from its master state, with the upstream
 * idle and its checkpoint past the record, is such a row: it gets a new revision and write
 * time (same data), which RxDB pushes.
 */
import { debounceTime, merge, type Subscription } from 'rxjs';
import {
  createRevision,
  getAssumedMasterState,
  getLastCheckpointDoc,
  normalizeMangoQuery,
  now,
  prepareQuery,
  type RxCollection,
  type RxDocumentData,
} from 'rxdb';
import { collectionOf, type LocalDatabase } from '../database.ts';
import { fieldsOf } from '../mapping/row-mapping.ts';
import { docsEqual } from '../merge/docs-equal.ts';
import { TABLE_COLUMNS, type SyncedTable } from '../tables/definitions.ts';
import type { AnyReplicationState } from './sync-context.ts';

type AnyCollection = RxCollection<Record<string, unknown>>;

const RECONCILE_BATCH = 500;

function dirtyQuery(collection: AnyCollection, deleted: boolean, limit?: number) {
  const schema = collection.schema.jsonSchema;
  const selector = { _deleted: { $eq: deleted }, local_dirty: { $eq: true } };
  return prepareQuery(
    schema,
    normalizeMangoQuery(schema, { selector, index: ['_deleted', 'local_dirty', 'id'], sort: [{ id: 'asc' }], ...(limit ? { limit } : {}) }),
  );
}

/** The upstream checkpoint of RxDB's storages: the last document read, by (lwt, id). */
interface UpCheckpoint {
  id?: string;
  lwt?: number;
}

/**
 * Runs `task` in the replication's downstream queue, between two of its steps. RxDB writes a
 * pulled row over the record it read just before, expecting the same revision; a write of
 * ours in between makes RxDB drop the pulled version as "changed locally, the upstream will
 * resolve it" — but a write that only clears the flag pushes nothing, and the downstream
 * checkpoint has passed the row: its server version would never come down.
 */
function inDownstreamQueue<T>(internal: NonNullable<AnyReplicationState['internalReplicationState']>, task: () => Promise<T>): Promise<T> {
  const queues = internal.streamQueue;
  const run = queues.down.then(task);
  queues.down = run.then(
    () => undefined,
    () => undefined,
  );
  return run;
}

function passedBy(checkpoint: UpCheckpoint | undefined, doc: RxDocumentData<Record<string, unknown>>): boolean {
  if (typeof checkpoint?.lwt !== 'number' || typeof checkpoint.id !== 'string') return false;
  const lwt = doc._meta.lwt;
  return lwt < checkpoint.lwt || (lwt === checkpoint.lwt && String(doc.id) <= checkpoint.id);
}

export class PendingRecords {
  private subscription: Subscription | null = null;
  private readonly collections: Array<[SyncedTable, AnyCollection]>;

  constructor(
    db: LocalDatabase,
    tables: readonly SyncedTable[],
    private readonly onCount: (count: number) => void,
  ) {
    this.collections = tables.flatMap((table) => {
      const collection = collectionOf(db, table) as unknown as AnyCollection | undefined;
      return collection ? [[table, collection] as [SyncedTable, AnyCollection]] : [];
    });
  }

  start(): void {
    this.subscription = merge(...this.collections.map(([, collection]) => collection.eventBulks$))
      .pipe(debounceTime(100))
      .subscribe(() => void this.recount());
    void this.recount();
  }

  stop(): void {
    this.subscription?.unsubscribe();
    this.subscription = null;
  }

  async count(): Promise<number> {
    let total = 0;
    for (const [, collection] of this.collections) {
      if (collection.closed) continue;
      for (const deleted of [false, true]) total += (await collection.storageInstance.count(dirtyQuery(collection, deleted))).count;
    }
    return total;
  }

  async recount(): Promise<void> {
    try {
      this.onCount(await this.count());
    } catch {
      // The database closed while counting; the next start counts again.
    }
  }

  /**
   * Clear `local_dirty` on records whose local version is the server's, as far as RxDB
   * knows; with `repush`, touch the other dirty records so RxDB pushes them again.
   */
  async reconcile(table: SyncedTable, replication: AnyReplicationState, repush = false): Promise<number> {
    const entry = this.collections.find(([name]) => name === table);
    const internal = replication.internalReplicationState;
    if (!entry || !internal || entry[1].closed) return 0;
    const collection = entry[1];
    return inDownstreamQueue(internal, async () => (collection.closed ? 0 : this.reconcileNow(table, collection, internal, repush)));
  }

  private async reconcileNow(
    table: SyncedTable,
    collection: AnyCollection,
    internal: NonNullable<AnyReplicationState['internalReplicationState']>,
    repush: boolean,
  ): Promise<number> {
    const dirty = [];
    for (const deleted of [false, true]) {
      dirty.push(...(await collection.storageInstance.query(dirtyQuery(collection, deleted, RECONCILE_BATCH))).documents);
    }
    if (dirty.length === 0) return 0;
    const assumed = await getAssumedMasterState(internal, dirty.map((doc) => String(doc.id)));
    const acknowledged = dirty.filter((doc) => {
      const master = assumed[String(doc.id)];
      return master !== undefined && docsEqual(fieldsOf(master.docData), doc, TABLE_COLUMNS[table]);
    });
    // Only rows the stored upstream checkpoint has passed: any other row RxDB still pushes
    // (its change stream or the RESYNC on resume), and touching it would push it twice.
    const checkpoint = repush ? ((await getLastCheckpointDoc(internal, 'up')) as UpCheckpoint | undefined) : undefined;
    const unpushed = dirty.filter((doc) => !acknowledged.includes(doc) && passedBy(checkpoint, doc));
    const token = collection.database.token;
    const rows = [
      ...acknowledged.map((doc) => ({ previous: doc, document: { ...doc, local_dirty: false } })),
      ...(repush ? unpushed : []).map((doc) => ({
        previous: doc,
        document: { ...doc, _rev: createRevision(token, doc), _meta: { ...doc._meta, lwt: now() } },
      })),
    ];
    if (rows.length === 0 || collection.closed) return 0;
    // A record written again meanwhile answers 409: it stays dirty and that write is pushed.
    const result = await collection.storageInstance.bulkWrite(rows, 'sync-acknowledged');
    return rows.length - result.error.length;
  }
}
