/**
 * The IndexedDB side of a packed storage instance (packed-storage-instance.ts): an
 * append-only log in a Dexie database of its own. Each write appends ONE record holding
 * every row it wrote, in one transaction, and resolves once that transaction has committed;
 * opening replays the records in order (a later row wins, a purge removes). Compaction
 * rewrites the live rows as a few large records and drops the old ones, in one transaction,
 * so a crash leaves either the old log or the new one.
 *
 * Every write transaction first compares the log's head (the sequence number of its last
 * record) with the one this connection last saw: a second tab that wrote in between makes
 * the write fail with StaleLogError, before it changes anything, so the caller reloads and
 * decides again. Two tabs' appends can therefore never interleave into a log that loses or
 * reorders an acknowledged write.
 */
import { Dexie, type DexieOptions, type Table } from 'dexie';

export interface LogRecord<Row> {
  seq: number;
  /** Rows written (inserted or replaced), whole. */
  rows: Row[];
  /** Primary keys removed for good (a cleanup's purge). */
  purged?: string[];
}

interface Head {
  id: 'head';
  seq: number;
}

/** Another connection wrote to the log since this one last read it. */
export class StaleLogError extends Error {
  constructor() {
    super('The packed log was written by another connection');
    this.name = 'StaleLogError';
  }
}

/** How many rows a compacted record holds. */
export const CHUNK_ROWS = 2000;

export type LogDexieOptions = Pick<DexieOptions, 'indexedDB' | 'IDBKeyRange'>;

export class PackedLog<Row> {
  private readonly dexie: Dexie;
  private readonly records: Table<LogRecord<Row>, number>;
  private readonly head: Table<Head, string>;
  /** The sequence number of the last record this connection has read or written. */
  private seq = 0;
  /** Records and rows in the log (for the compaction's decision). */
  recordCount = 0;
  rowCount = 0;

  constructor(
    readonly name: string,
    options: LogDexieOptions,
  ) {
    // Dexie's defaults (the global IndexedDB) stand unless a factory is given (tests).
    const given = Object.fromEntries(Object.entries({ indexedDB: options.indexedDB, IDBKeyRange: options.IDBKeyRange }).filter(([, value]) => value !== undefined));
    this.dexie = new Dexie(name, { ...given, autoOpen: true });
    this.dexie.version(1).stores({ records: 'seq', head: 'id' });
    this.records = this.dexie.table('records');
    this.head = this.dexie.table('head');
  }

  /** Whether the log has ever been written (a fresh one may take over an older layout's rows). */
  get isEmpty(): boolean {
    return this.seq === 0;
  }

  /** Reads the whole log, in order, in one transaction; `apply` replays each record. */
  async load(apply: (record: LogRecord<Row>) => void): Promise<void> {
    const { head, records } = await this.dexie.transaction('r', [this.records, this.head], async () => ({
      head: await this.head.get('head'),
      records: await this.records.toArray(),
    }));
    this.seq = head?.seq ?? 0;
    this.recordCount = records.length;
    this.rowCount = 0;
    for (const record of records) {
      this.rowCount += record.rows.length;
      apply(record);
    }
  }

  /** Appends one record; resolves once it is committed. Throws StaleLogError, changing nothing, if another connection wrote first. */
  async append(rows: Row[], purged: string[] = []): Promise<void> {
    const seq = this.seq + 1;
    const record: LogRecord<Row> = purged.length > 0 ? { seq, rows, purged } : { seq, rows };
    await this.dexie.transaction('rw', [this.records, this.head], async () => {
      await this.expectHead();
      await this.records.add(record);
      await this.head.put({ id: 'head', seq });
    });
    this.seq = seq;
    this.recordCount += 1;
    this.rowCount += rows.length;
  }

  /**
   * Replaces the whole log with the live rows, CHUNK_ROWS to a record, in one transaction.
   * Returns false (and changes nothing) if another connection wrote since this one read.
   */
  async compact(live: Row[]): Promise<boolean> {
    const chunks: Array<LogRecord<Row>> = [];
    for (let at = 0; at < live.length; at += CHUNK_ROWS) chunks.push({ seq: this.seq + 1 + chunks.length, rows: live.slice(at, at + CHUNK_ROWS) });
    const last = this.seq + chunks.length;
    try {
      await this.dexie.transaction('rw', [this.records, this.head], async () => {
        await this.expectHead();
        await this.records.clear();
        if (chunks.length > 0) await this.records.bulkAdd(chunks);
        await this.head.put({ id: 'head', seq: last });
      });
    } catch (error) {
      if (error instanceof StaleLogError) return false;
      throw error;
    }
    this.seq = last;
    this.recordCount = chunks.length;
    this.rowCount = live.length;
    return true;
  }

  /** Empties the log (the instance's removal), in one transaction. */
  async clear(): Promise<void> {
    await this.dexie.transaction('rw', [this.records, this.head], async () => {
      await this.records.clear();
      await this.head.clear();
    });
    this.seq = 0;
    this.recordCount = 0;
    this.rowCount = 0;
  }

  close(): void {
    this.dexie.close();
  }

  private async expectHead(): Promise<void> {
    const head = await this.head.get('head');
    if ((head?.seq ?? 0) !== this.seq) throw new StaleLogError();
  }
}
