/**
 * The push half of a table's replication: one `sync_push` RPC per batch, applied by the
 * server under RLS with conflict detection against the state the browser last saw.
 * - conflicts come back as master rows and go to RxDB's conflict handler (three-way merge);
 * - a refused row (RLS, check, unique, …) is reset to the server's version — or removed
 *   when the server has none — and the user is told what was refused and why;
 * - a row refused for a missing parent (23503) while that parent still waits to be pushed
 *   is sent again once the parent is through: a record created offline is never lost
 *   because its parent was not pushed yet. Children also wait for their parents' pending
 *   pushes before the first send, so the usual order is parents first anyway.
 */
import type { ReplicationPushHandler, RxReplicationWriteToMasterRow } from 'rxdb';
import { collectionOf } from '../database.ts';
import { docToRow, fieldsOf, rowToDoc, type DocWithDeleted, type ServerRow } from '../mapping/row-mapping.ts';
import { docsEqual } from '../merge/docs-equal.ts';
import { parentTables, REFERENCES, TABLE_COLUMNS, type SyncedTable } from '../tables/definitions.ts';
import type { LocalDocOfTable } from '../tables/local-docs.ts';
import { isAuthFailure, requestFailure, SyncDeferredError, SyncPausedError, SyncRequestError } from './errors.ts';
import { describeRecord, rejectionNotice } from './notices.ts';
import { readByIds } from './server-reads.ts';
import type { SyncContext } from './sync-context.ts';

interface PushAnswer {
  conflicts: ServerRow[];
  rejected: Array<{ id: string; code: string; message: string; master: ServerRow | null }>;
}

type Row<T extends SyncedTable> = RxReplicationWriteToMasterRow<LocalDocOfTable[T]>;
type Doc = Record<string, unknown>;

function isPushAnswer(value: unknown): value is PushAnswer {
  const answer = value as PushAnswer | null;
  return !!answer && Array.isArray(answer.conflicts) && Array.isArray(answer.rejected);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A resolved conflict that ended equal to the server's row: nothing to write. */
function alreadyOnServer<T extends SyncedTable>(row: Row<T>, columns: (typeof TABLE_COLUMNS)[T]): boolean {
  return !!row.assumedMasterState && docsEqual(row.assumedMasterState, row.newDocumentState, columns);
}

/**
 * A clean record with no assumed server state: the server's own copy, downloaded while the
 * page was closed or reloaded before RxDB recorded having received it. It holds no edit,
 * so it is not pushed (the user may not even be allowed to edit it); the server's current
 * row is read instead and handed back as a conflict, which refreshes a stale copy quietly.
 */
function isUnrecordedDownload<T extends SyncedTable>(row: Row<T>): boolean {
  // Tombstones too: a local removal is dirty (the pre-remove hook), a downloaded one clean.
  return !row.assumedMasterState && row.newDocumentState.local_dirty === false;
}

export function createPushHandler<T extends SyncedTable>(ctx: SyncContext, table: T): ReplicationPushHandler<LocalDocOfTable[T]> {
  const columns = TABLE_COLUMNS[table];
  const references = Object.entries(REFERENCES[table]) as Array<[string, SyncedTable]>;

  async function send(rows: Row<T>[]): Promise<PushAnswer> {
    const p_rows = rows.map((row) => ({
      new: docToRow(table, fieldsOf(row.newDocumentState)),
      assumed: row.assumedMasterState ? docToRow(table, fieldsOf(row.assumedMasterState)) : null,
    }));
    // Recorded (durably) before the request: its answer may never arrive (see unacknowledged-pushes.ts).
    await ctx.unacknowledged?.sent(
      table,
      rows.map((row) => ({
        id: String(row.newDocumentState.id),
        doc: fieldsOf(row.newDocumentState),
        against: row.assumedMasterState ? fieldsOf(row.assumedMasterState) : null,
      })),
    );
    ctx.pushesSent?.set(table, (ctx.pushesSent.get(table) ?? 0) + 1);
    const { data, error, status } = await ctx.supabase.rpc('sync_push', { p_table: table, p_rows });
    if (error) throw failureOf(status, error);
    if (!isPushAnswer(data)) throw requestFailure('save your changes', status, { message: 'unexpected answer from sync_push' });
    return data;
  }

  /** What a failed request means: sync paused when the session was refused, else a failure to retry. */
  function failureOf(status: number, error: { message: string; code?: string }): Error {
    if (!isAuthFailure(status, error)) return requestFailure('save your changes', status, error);
    ctx.gate.authFailed();
    return new SyncPausedError('Sync paused: the server refused the session');
  }

  /**
   * The server's current rows with these ids, as far as the user may see them. The ids go
   * in the URL, so a long list is read in slices (a whole push batch of ids would exceed
   * the server's header limit and fail on every retry).
   */
  async function readMasters(ids: string[]): Promise<ServerRow[]> {
    const rows: ServerRow[] = [];
    for (const { data, error, status } of await readByIds(ctx.supabase, table, ids)) {
      if (error) throw failureOf(status, error);
      rows.push(...((data ?? []) as ServerRow[]));
    }
    return rows;
  }

  /** Whether a record this row refers to exists locally and still waits to be pushed. */
  async function hasPendingParent(doc: Doc): Promise<boolean> {
    for (const [column, parent] of references) {
      const id = doc[column];
      const collection = collectionOf(ctx.db, parent);
      if (typeof id !== 'string' || !collection) continue;
      const [parentDoc] = await collection.storageInstance.findDocumentsById([id], true);
      if (parentDoc && !parentDoc._deleted && parentDoc.local_dirty) return true;
    }
    return false;
  }

  /** Until the parent tables' replications are in sync, or `ms` at most. */
  async function waitForParents(ms: number): Promise<void> {
    const parents = parentTables(table)
      .map((parent) => ctx.replicationOf(parent))
      .filter((state) => state !== undefined);
    await Promise.race([Promise.all(parents.map((state) => state.awaitInSync().catch(() => undefined))), sleep(ms)]);
  }

  return async (rows) => {
    await ctx.gate.assertCanSync();
    let pending = rows.filter((row) => !alreadyOnServer(row, columns));
    const conflicts: Array<DocWithDeleted<T>> = [];
    const refused: string[] = [];
    const notices: string[] = [];
    try {
      const downloads = pending.filter(isUnrecordedDownload);
      if (downloads.length > 0) {
        const masters = (await readMasters(downloads.map((row) => String(row.newDocumentState.id)))).map((row) => rowToDoc(table, row));
        for (const master of masters) {
          const copy = downloads.find((row) => row.newDocumentState.id === master.id);
          // Only a copy that differs reaches the conflict handler (RxDB skips equal ones).
          if (copy && !docsEqual(master, copy.newDocumentState, columns)) {
            ctx.rejections.adoptServerCopy(table, String(master.id));
            refused.push(String(master.id));
          }
        }
        conflicts.push(...masters);
        // One the server no longer shows this user goes out as before, for the server to judge.
        const found = new Set(masters.map((doc) => String(doc.id)));
        pending = pending.filter((row) => !isUnrecordedDownload(row) || !found.has(String(row.newDocumentState.id)));
      }
      const pendingParents = await Promise.all(pending.map((row) => hasPendingParent(fieldsOf(row.newDocumentState))));
      if (pendingParents.some(Boolean)) await waitForParents(ctx.timing.parentWaitMs);

      for (let round = 0; pending.length > 0; round++) {
        const answer = await send(pending);
        conflicts.push(...answer.conflicts.map((row) => rowToDoc(table, row)));
        const again: Row<T>[] = [];
        for (const rejection of answer.rejected) {
          const row = pending.find((candidate) => candidate.newDocumentState.id === rejection.id);
          if (!row) continue;
          const doc = fieldsOf(row.newDocumentState);
          if (rejection.code === '23503' && (await hasPendingParent(doc))) {
            again.push(row);
            continue;
          }
          const master = rejection.master ? rowToDoc(table, rejection.master) : null;
          ctx.rejections.add(table, rejection.id, { code: rejection.code, message: rejection.message });
          refused.push(rejection.id);
          conflicts.push(master ?? ({ ...row.newDocumentState, _deleted: true, local_dirty: false } as unknown as DocWithDeleted<T>));
          const record = await describeRecord(table, doc, ctx.lookup);
          notices.push(rejectionNotice(record, rejection.code, rejection.message, master !== null));
        }
        pending = again;
        if (pending.length === 0) break;
        const delay = ctx.timing.parentRetryDelaysMs[round];
        if (delay === undefined) throw new SyncDeferredError('Waiting for related records to be saved first');
        await waitForParents(delay);
        await ctx.gate.assertCanSync();
      }
    } catch (error) {
      // RxDB sends the whole batch again later: forget this attempt's refusals (and adoptions).
      ctx.rejections.discard(table, refused);
      if (error instanceof SyncRequestError) ctx.status.requestFailed(table, error);
      throw error;
    }
    ctx.status.requestSucceeded(table);
    for (const message of notices) ctx.notify(message, 'rejected');
    return conflicts;
  };
}
