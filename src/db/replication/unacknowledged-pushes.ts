/**
 * Pushes whose answer never arrived. A push can reach the server and be applied while its
 * answer is lost (a reset connection, a gateway error, a body cut mid-way); RxDB then
 * pushes again against the master state it last saw, and the server reports a conflict
 * whose "server change" is the browser's own earlier write. Merged naively, that earlier
 * write beats the user's newer edit of the same field and the newer edit is lost (the soak
 * in tests/integration/soak.test.ts found this). So every state sent is kept here until an
 * answer accepts it; when a conflict comes back, a server field that equals one of these
 * unacknowledged states came from this browser and does not count as a server change.
 * Each state is kept with the master state it was sent against: only states sent against
 * the conflict's base can tell which server values are this browser's; an older one (sent
 * before a merge moved the base on) would take another user's later write for its own.
 *
 * The record is persisted (a local document of the user's database, written before the
 * request goes out): a reload or crash while a push is unanswered must not forget it, or
 * the retry after the reload lets the older write win again.
 */
import type { LocalDatabase } from '../database.ts';
import { docsEqual } from '../merge/docs-equal.ts';
import { TABLE_COLUMNS, type SyncedTable } from '../tables/definitions.ts';

type Doc = Record<string, unknown>;

/**
 * A state sent and the master state it was sent against (null: sent as new; undefined: not
 * known, for records saved before the base was kept — such a state fits any base).
 */
export interface SentState {
  doc: Doc;
  against?: Doc | null;
}

type Entries = Record<string, SentState[]>;

function isSentState(saved: unknown): saved is SentState {
  const doc = (saved as { doc?: unknown } | null)?.doc;
  return typeof doc === 'object' && doc !== null;
}

const MAX_STATES_PER_ROW = 10;

/** Where the record is kept between sessions (the database's local documents in the app). */
export interface UnacknowledgedStore {
  read(): Promise<Entries | null>;
  write(entries: Entries): Promise<void>;
}

const LOCAL_DOC_ID = 'unacknowledged-pushes';

/** Keep the record in a local document of the user's RxDB database. */
export function localDocumentStore(db: LocalDatabase): UnacknowledgedStore {
  return {
    async read() {
      const doc = await db.getLocal<{ entries: Entries }>(LOCAL_DOC_ID);
      return doc ? (doc.toJSON().data.entries as Entries) : null;
    },
    async write(entries) {
      await db.upsertLocal(LOCAL_DOC_ID, { entries });
    },
  };
}

function sameBase(table: SyncedTable, a: Doc | null, b: Doc | null): boolean {
  return a === null || b === null ? a === b : docsEqual(a, b, TABLE_COLUMNS[table]);
}

export class UnacknowledgedPushes {
  private entries = new Map<string, SentState[]>();
  private store: UnacknowledgedStore | null = null;
  /** Writes go one after the other, each with the whole record (it stays small). */
  private writes: Promise<void> = Promise.resolve();
  private queued: Promise<void> | null = null;

  private static key(table: SyncedTable, id: string): string {
    return `${table}\u0000${id}`;
  }

  /** Read what earlier sessions left (pushes unanswered at a reload) and persist from now on. */
  async load(store: UnacknowledgedStore): Promise<void> {
    const saved = (await store.read()) ?? {};
    for (const [key, states] of Object.entries(saved)) {
      const read = (states as unknown[]).map((state) => (isSentState(state) ? state : { doc: state as Doc }));
      const merged = [...read, ...(this.entries.get(key) ?? [])];
      this.entries.set(key, merged.slice(-MAX_STATES_PER_ROW));
    }
    this.store = store;
  }

  /** States are about to be sent; resolves once they are recorded durably. */
  async sent(table: SyncedTable, rows: ReadonlyArray<{ id: string; doc: Doc; against: Doc | null }>): Promise<void> {
    for (const { id, doc, against } of rows) {
      const key = UnacknowledgedPushes.key(table, id);
      const list = [...(this.entries.get(key) ?? []), { doc, against }];
      // A row that keeps failing is sent again and again: the latest few states are enough.
      this.entries.set(key, list.slice(-MAX_STATES_PER_ROW));
    }
    await this.persist();
  }

  /**
   * RxDB recorded the pushed state as the server's (its `sent$`): nothing of the row is in
   * doubt any more. Not on the answer itself: RxDB drops an accepted answer that arrives
   * while the replication is paused (offline, session lost) and pushes the row again
   * against the old master state, which then needs these states.
   */
  async acknowledge(table: SyncedTable, ids: readonly string[]): Promise<void> {
    let changed = false;
    for (const id of ids) changed = this.entries.delete(UnacknowledgedPushes.key(table, id)) || changed;
    if (changed) await this.persist();
  }

  /**
   * The states of a row sent without an accepting answer against `base` (the conflict's
   * assumed master state). Kept until a push of the row is accepted: RxDB drops a merge
   * result when the user wrote in between (the write starts a new push against the same
   * base, which conflicts again and needs the same states).
   */
  statesOf(table: SyncedTable, id: string, base: Doc | null): Doc[] {
    const states = this.entries.get(UnacknowledgedPushes.key(table, id)) ?? [];
    return states.filter((state) => state.against === undefined || sameBase(table, state.against, base)).map((state) => state.doc);
  }

  get size(): number {
    return this.entries.size;
  }

  private persist(): Promise<void> {
    const store = this.store;
    if (!store) return Promise.resolve();
    // A write queued but not started yet takes the record as it is when it starts.
    if (this.queued) return this.queued;
    const write = this.writes.then(() => {
      this.queued = null;
      return store.write(Object.fromEntries(this.entries));
    });
    this.queued = write;
    this.writes = write.catch(() => undefined);
    return write;
  }
}
