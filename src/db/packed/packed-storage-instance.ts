/**
 * A storage instance whose rows live in memory (a Map by primary key, loaded once at open)
 * and persist as a packed log (packed-log.ts): one IndexedDB record per write, however many
 * rows it holds. It serves RxDB's replication metadata (packed-replication-meta.ts), which
 * the Dexie storage kept one record per row: at 50,000 providers, 50,000 puts of a first
 * sync's 100,000.
 *
 * It keeps RxDB's storage semantics as its own storages do (rx-storage-helper.js
 * categorizeBulkWriteRows): a write whose `previous` revision is not the stored one is a 409
 * error carrying the stored document; deleted rows stay (as `_deleted`) until `cleanup`
 * purges them; each write emits one change bulk whose checkpoint is its newest row. A write
 * resolves only once its log record has committed; until then, and if it fails, the
 * in-memory rows are unchanged. Writes run one at a time, in order.
 *
 * Several tabs: only the leader tab replicates (RxDB's leader election), so only one writes
 * in practice. Should two ever write, the log refuses a write from a tab that has not read
 * the other's records (StaleLogError); that tab reloads the whole log and decides its write
 * again, so no acknowledged write is lost or overwritten unseen. A tab that does not write
 * may read a stale copy: the replication's metadata is read only by the tab that writes it.
 */
import {
  categorizeBulkWriteRows,
  getPrimaryFieldOfPrimaryKey,
  getQueryMatcher,
  getSortComparator,
  now,
  type BulkWriteRow,
  type EventBulk,
  type PreparedQuery,
  type RxDocumentData,
  type RxJsonSchema,
  type RxStorage,
  type RxStorageBulkWriteResponse,
  type RxStorageChangeEvent,
  type RxStorageCountResult,
  type RxStorageInstance,
  type RxStorageQueryResult,
} from 'rxdb';
import { Subject, type Observable } from 'rxjs';
import type { LwtCheckpoint } from '../patch-storage-instances.ts';
import { PackedLog, StaleLogError, type LogDexieOptions, type LogRecord } from './packed-log.ts';

type Row = RxDocumentData<Record<string, unknown>>;
type Options = Record<string, unknown>;
type ChangeBulk = EventBulk<RxStorageChangeEvent<Row>, LwtCheckpoint>;

export interface PackedSettings extends LogDexieOptions {
  /** Compact when the log holds more records than this (default 200). */
  compactAfterRecords?: number;
}

export interface PackedInstanceParams {
  databaseName: string;
  collectionName: string;
  schema: RxJsonSchema<Row>;
  options: Options;
  devMode: boolean;
}

export const DEFAULT_COMPACT_AFTER_RECORDS = 200;
/** Superseded rows below this many are not worth a rewrite, whatever the ratio. */
const MIN_WASTED_ROWS = 100;

/** The IndexedDB database of a packed instance (like the Dexie storage's, under its own prefix). */
export function packedDatabaseName(databaseName: string, schemaVersion: number, collectionName: string): string {
  return `rxdb-packed-${databaseName}--${schemaVersion}--${collectionName}`;
}

export class PackedStorageInstance implements RxStorageInstance<Record<string, unknown>, PackedLog<Row>, Options, LwtCheckpoint> {
  readonly databaseName: string;
  readonly collectionName: string;
  readonly schema: Readonly<RxJsonSchema<Row>>;
  readonly options: Readonly<Options>;
  readonly primaryPath: string;
  readonly internals: PackedLog<Row>;
  /** Set once closing has begun (the Dexie storage's instances have the same field). */
  closed?: Promise<void>;
  private readonly rows = new Map<string, Row>();
  private readonly changes = new Subject<ChangeBulk>();
  private queue: Promise<unknown> = Promise.resolve();
  private readonly compactAfterRecords: number;
  private compacting = false;

  private constructor(
    readonly storage: RxStorage<unknown, unknown>,
    params: PackedInstanceParams,
    settings: PackedSettings,
  ) {
    this.databaseName = params.databaseName;
    this.collectionName = params.collectionName;
    this.schema = params.schema;
    this.options = params.options;
    this.primaryPath = getPrimaryFieldOfPrimaryKey(params.schema.primaryKey) as string;
    this.compactAfterRecords = settings.compactAfterRecords ?? DEFAULT_COMPACT_AFTER_RECORDS;
    this.internals = new PackedLog<Row>(packedDatabaseName(params.databaseName, params.schema.version, params.collectionName), settings);
  }

  /** Opens the instance: its log is read once, whole. */
  static async open(storage: RxStorage<unknown, unknown>, params: PackedInstanceParams, settings: PackedSettings): Promise<PackedStorageInstance> {
    const instance = new PackedStorageInstance(storage, params, settings);
    try {
      await instance.reload();
    } catch (error) {
      instance.internals.close();
      throw error;
    }
    return instance;
  }

  /** Whether nothing was ever written here. */
  get isEmpty(): boolean {
    return this.internals.isEmpty;
  }

  async bulkWrite(documentWrites: Array<BulkWriteRow<Record<string, unknown>>>, context: string): Promise<RxStorageBulkWriteResponse<Record<string, unknown>>> {
    this.ensureOpen();
    return this.enqueue(() => this.write(documentWrites as Array<BulkWriteRow<Row>>, context));
  }

  async findDocumentsById(ids: string[], withDeleted: boolean): Promise<Row[]> {
    this.ensureOpen();
    const found: Row[] = [];
    for (const id of ids) {
      const row = this.rows.get(id);
      if (row && (withDeleted || !row._deleted)) found.push(row);
    }
    return found;
  }

  async query(preparedQuery: PreparedQuery<Record<string, unknown>>): Promise<RxStorageQueryResult<Record<string, unknown>>> {
    this.ensureOpen();
    const { query } = preparedQuery;
    const matching = this.matching(preparedQuery);
    const skip = query.skip ?? 0;
    const end = typeof query.limit === 'number' ? skip + query.limit : undefined;
    return { documents: matching.slice(skip, end) };
  }

  async count(preparedQuery: PreparedQuery<Record<string, unknown>>): Promise<RxStorageCountResult> {
    this.ensureOpen();
    return { count: this.matching(preparedQuery).length, mode: 'fast' };
  }

  /** The rows written after the checkpoint, in (write time, id) order. */
  async getChangedDocumentsSince(limit: number, checkpoint?: LwtCheckpoint): Promise<{ documents: Row[]; checkpoint: LwtCheckpoint }> {
    this.ensureOpen();
    const after = (row: Row) => {
      if (!checkpoint) return true;
      const lwt = row._meta.lwt;
      return lwt > checkpoint.lwt || (lwt === checkpoint.lwt && String(row[this.primaryPath]) > checkpoint.id);
    };
    const documents = [...this.rows.values()]
      .filter(after)
      .sort((a, b) => a._meta.lwt - b._meta.lwt || compareText(String(a[this.primaryPath]), String(b[this.primaryPath])))
      .slice(0, limit);
    const last = documents.at(-1);
    return { documents, checkpoint: last ? { id: String(last[this.primaryPath]), lwt: last._meta.lwt } : (checkpoint ?? { id: '', lwt: 0 }) };
  }

  changeStream(): Observable<ChangeBulk> {
    this.ensureOpen();
    return this.changes.asObservable();
  }

  /** Purges the rows deleted longer ago than `minimumDeletedTime` (ms), in one log record. */
  async cleanup(minimumDeletedTime: number): Promise<boolean> {
    this.ensureOpen();
    return this.enqueue(async () => {
      const before = now() - minimumDeletedTime;
      for (;;) {
        const purged = [...this.rows.values()].filter((row) => row._deleted && row._meta.lwt < before).map((row) => String(row[this.primaryPath]));
        if (purged.length === 0) return true;
        if (!(await this.appendOrReload([], purged))) continue;
        for (const id of purged) this.rows.delete(id);
        this.scheduleCompaction();
        return true;
      }
    });
  }

  getAttachmentData(documentId: string, attachmentId: string): Promise<Blob> {
    return Promise.reject(new Error(`The packed storage keeps no attachments (${documentId}/${attachmentId})`));
  }

  async remove(): Promise<void> {
    this.ensureOpen();
    await this.enqueue(() => this.internals.clear());
    this.rows.clear();
    await this.close();
  }

  close(): Promise<void> {
    this.closed ??= (async () => {
      // Writes already asked for still complete (or fail) first.
      await this.queue.catch(() => undefined);
      this.changes.complete();
      this.internals.close();
    })();
    return this.closed;
  }

  /** Writes rows read from elsewhere as this instance's first state (an older layout's rows). */
  async adopt(rows: Row[]): Promise<boolean> {
    return this.enqueue(async () => {
      if (!this.internals.isEmpty || !(await this.internals.compact(rows))) return false;
      for (const row of rows) this.rows.set(String(row[this.primaryPath]), row);
      return true;
    });
  }

  private async write(documentWrites: Array<BulkWriteRow<Row>>, context: string): Promise<RxStorageBulkWriteResponse<Record<string, unknown>>> {
    for (;;) {
      const categorized = categorizeBulkWriteRows<Row>(this as never, this.primaryPath as never, this.rows as never, documentWrites, context);
      const written = [...categorized.bulkInsertDocs, ...categorized.bulkUpdateDocs].map((row) => row.document);
      if (written.length > 0) {
        if (!(await this.appendOrReload(written))) continue;
        for (const row of written) this.rows.set(String(row[this.primaryPath]), row);
      }
      if (categorized.eventBulk.events.length > 0 && categorized.newestRow) {
        const newest = categorized.newestRow.document;
        const bulk = categorized.eventBulk as unknown as ChangeBulk;
        bulk.checkpoint = { id: String(newest[this.primaryPath]), lwt: newest._meta.lwt };
        this.changes.next(bulk);
      }
      this.scheduleCompaction();
      return { error: categorized.errors as RxStorageBulkWriteResponse<Record<string, unknown>>['error'] };
    }
  }

  /** Appends a record; false when another tab wrote first (the rows are then reloaded: decide again). */
  private async appendOrReload(rows: Row[], purged: string[] = []): Promise<boolean> {
    try {
      await this.internals.append(rows, purged);
      return true;
    } catch (error) {
      if (!(error instanceof StaleLogError)) throw error;
      await this.reload();
      return false;
    }
  }

  private async reload(): Promise<void> {
    const rows = new Map<string, Row>();
    await this.internals.load((record: LogRecord<Row>) => {
      for (const row of record.rows) rows.set(String(row[this.primaryPath]), row);
      for (const id of record.purged ?? []) rows.delete(id);
    });
    this.rows.clear();
    for (const [id, row] of rows) this.rows.set(id, row);
  }

  /**
   * Rewrites the log, after the writes already asked for, when it holds too many records or
   * more rows than twice the live ones. The write that made it due is acknowledged already.
   */
  private scheduleCompaction(): void {
    const log = this.internals;
    const wasted = log.rowCount - this.rows.size;
    if (log.recordCount <= this.compactAfterRecords && (wasted <= this.rows.size || wasted < MIN_WASTED_ROWS)) return;
    if (this.compacting) return;
    this.compacting = true;
    // A failure leaves the old log, whole, with every acknowledged write in it.
    void this.enqueue(async () => {
      this.compacting = false;
      if (!this.closed) await log.compact([...this.rows.values()]).catch(() => undefined);
    });
  }

  private matching(preparedQuery: PreparedQuery<Record<string, unknown>>): Row[] {
    const matches = getQueryMatcher(this.schema as never, preparedQuery.query as never);
    const compare = getSortComparator(this.schema as never, preparedQuery.query as never);
    return [...this.rows.values()].filter((row) => matches(row as never)).sort(compare as (a: Row, b: Row) => number);
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private ensureOpen(): void {
    if (this.closed) throw new Error(`The packed storage instance is closed: ${this.databaseName}-${this.collectionName}`);
  }
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
