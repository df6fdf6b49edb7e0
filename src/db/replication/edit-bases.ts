/**
 * The server version each record's local edits started from, kept by the app itself.
 *
 * RxDB keeps it too (its assumed master state), but its replication writes a downloaded row
 * and that state separately, in two databases: a page closed between the two writes leaves
 * a local copy with no recorded server state. If the user then edits that copy and the
 * server has a newer version by the time the edit is pushed, the merge has no base: every
 * field the user changed counts as changed on both sides and loses to the server's value
 * (the soak found an email edit lost this way).
 *
 * So when a clean record (a server version as it came down) gets its first local change,
 * that clean state is kept here, durably, before the change is written. The conflict
 * handler takes it when RxDB has no state of its own and the local copy still carries the
 * same server stamp. It is forgotten once RxDB records a pushed state of the record (its
 * `sent$`): from then on RxDB has the base.
 */
import type { LocalDatabase } from '../database.ts';
import { TABLE_COLUMNS, type SyncedTable } from '../tables/definitions.ts';
import { compareTimestamps } from '../merge/values-equal.ts';

type Doc = Record<string, unknown>;

/** Where the bases are kept: one small record per edited record (local documents in the app). */
export interface EditBaseStore {
  get(key: string): Promise<Doc | null>;
  set(key: string, doc: Doc): Promise<void>;
  remove(key: string): Promise<void>;
}

/** Keep the bases as local documents of the user's RxDB database (read back after a reload). */
export function localDocumentBaseStore(db: LocalDatabase): EditBaseStore {
  return {
    async get(key) {
      const doc = await db.getLocal<{ doc: Doc }>(key);
      return doc ? (doc.toJSON().data.doc as Doc) : null;
    },
    async set(key, doc) {
      await db.upsertLocal(key, { doc });
    },
    async remove(key) {
      const doc = await db.getLocal(key);
      await doc?.remove();
    },
  };
}

/** A record's state as the server had it: its columns, its server stamp and its deletion flag. */
function serverStateOf(table: SyncedTable, doc: Doc): Doc {
  const state: Doc = {};
  for (const column of Object.keys(TABLE_COLUMNS[table])) state[column] = doc[column];
  state.server_modified = doc.server_modified ?? null;
  state._deleted = doc._deleted === true;
  return state;
}

export class EditBases {
  private store: EditBaseStore | null = null;
  /** One operation at a time: a base forgotten for an acknowledged push must not take a newer one with it. */
  private queue: Promise<unknown> = Promise.resolve();

  private static key(table: SyncedTable, id: string): string {
    return `edit-base:${table}:${id}`;
  }

  attach(store: EditBaseStore): void {
    this.store = store;
  }

  private run<T>(task: (store: EditBaseStore) => Promise<T>, otherwise: T): Promise<T> {
    const store = this.store;
    if (!store) return Promise.resolve(otherwise);
    const result = this.queue.then(() => task(store));
    this.queue = result.catch(() => undefined);
    return result;
  }

  /**
   * A clean record is about to get its first local change: keep the state it is in. A
   * record the server has never had (no server stamp) has no base to keep.
   */
  remember(table: SyncedTable, clean: Doc): Promise<void> {
    if (typeof clean.server_modified !== 'string' || typeof clean.id !== 'string') return Promise.resolve();
    const state = serverStateOf(table, clean);
    return this.run((store) => store.set(EditBases.key(table, String(clean.id)), state), undefined);
  }

  /** The kept base of a record whose local copy carries the server stamp `serverModified`. */
  baseFor(table: SyncedTable, id: string, serverModified: unknown): Promise<Doc | null> {
    if (typeof serverModified !== 'string') return Promise.resolve(null);
    return this.run(async (store) => {
      const base = await store.get(EditBases.key(table, id));
      const stamp = base?.server_modified;
      // A base from an earlier round of edits (the copy has moved on to a newer server version since) does not apply.
      return base && typeof stamp === 'string' && compareTimestamps(stamp, serverModified) === 0 ? base : null;
    }, null);
  }

  /** RxDB recorded a pushed state of these records: it has their base from now on. */
  forget(table: SyncedTable, ids: readonly string[]): Promise<void> {
    return this.run(async (store) => {
      for (const id of ids) await store.remove(EditBases.key(table, id));
    }, undefined);
  }
}
