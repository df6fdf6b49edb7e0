/**
 * The pull half of a table's replication: the rows after the checkpoint in (_modified, id)
 * order, in large batches, through supabase-js (the table API under the user's RLS, or
 * `sync_pull` for patient data: server-reads.ts), the next batch read while RxDB stores the last. Rows are turned into local documents (JSON text
 * decoded, sort keys derived) before RxDB sees them.
 *
 * RxDB takes a batch shorter than it asked for as "nothing more on the server". A hosted
 * PostgREST caps every answer at its `max-rows` (1000 by default on Supabase), so a short
 * page does not prove the end: the handler keeps reading pages until the batch is full or
 * a page comes back empty.
 */
import type { ReplicationPullHandler } from 'rxdb';
import { collectionOf } from '../database.ts';
import { rowToDoc, type ServerRow } from '../mapping/row-mapping.ts';
import type { SyncedTable } from '../tables/definitions.ts';
import type { LocalDocOfTable } from '../tables/local-docs.ts';
import { isAuthFailure, requestFailure, SyncPausedError } from './errors.ts';
import { checkpointAfter, isPullCheckpoint, type PullCheckpoint } from './pull-query.ts';
import { readByIds, readPage } from './server-reads.ts';
import type { SyncContext } from './sync-context.ts';

/** At most this long a pull waits for the same table's pushes to be recorded. */
const PUSH_WAIT_MS = 10_000;

interface Batch {
  rows: ServerRow[];
  after: PullCheckpoint | undefined;
}

/** Until `promise` settles (true), or `ms` at most (false). */
async function settledWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const settled = await Promise.race([promise.then(() => true, () => true), timeout]);
  clearTimeout(timer);
  return settled;
}

export function createPullHandler<T extends SyncedTable>(
  ctx: SyncContext,
  table: T,
): ReplicationPullHandler<LocalDocOfTable[T], PullCheckpoint> {
  /** A page of rows after `after`; a read ahead (`report` false) leaves failures to the real read. */
  async function page(after: PullCheckpoint | undefined, limit: number, report = true): Promise<ServerRow[]> {
    const answer = await readPage(ctx.supabase, table, after, limit);
    if (!report && answer.error) throw new Error(answer.error.message);
    return answerOf(answer);
  }

  /** The server's current rows with these ids (as far as the user may see them). */
  async function rowsById(ids: readonly string[]): Promise<ServerRow[]> {
    return (await readByIds(ctx.supabase, table, ids)).flatMap(answerOf);
  }

  function answerOf({ data, error, status }: { data: unknown; error: { message: string; code?: string } | null; status: number }): ServerRow[] {
    if (error) {
      if (isAuthFailure(status, error)) {
        ctx.gate.authFailed();
        throw new SyncPausedError('Sync paused: the server refused the session');
      }
      const failure = requestFailure('load the latest data', status, error);
      ctx.status.requestFailed(table, failure);
      throw failure;
    }
    return (data ?? []) as ServerRow[];
  }

  /**
   * Pulled rows must not cross this table's pushes. A row read while a push of it is on its
   * way reaches RxDB before the push is recorded: RxDB skips it as a local change, the
   * checkpoint passes it, and its server stamp never comes back. And a row read before a
   * push that RxDB records before it takes the rows is an older copy that RxDB would write
   * over the pushed edit. So the pull starts once the upstream's queue is through (RxDB's
   * `active.up` is no guide: it reads false while a RESYNC re-pushes), and a batch read
   * while a push went out is read again once that push is through. True when the queue is
   * through; false when the wait ran out first.
   */
  async function afterQueuedPushes(deadline: number): Promise<boolean> {
    const queues = ctx.replicationOf(table)?.internalReplicationState?.streamQueue;
    return queues ? settledWithin(queues.up, Math.max(0, deadline - Date.now())) : true;
  }

  /**
   * Rows read while pushes were still on their way (the pull stops waiting after
   * PUSH_WAIT_MS: a slow push must not hold every newer row back) and that have local
   * changes: RxDB sets such a row aside for its push to settle, and when the push was
   * applied before this newer version was written, it is answered without a conflict and
   * the newer version would never come down. They are read again, by id, with the first
   * pull after the pushes are through (asked for then).
   */
  const readAgain = new Set<string>();

  async function locallyChanged(rows: readonly ServerRow[]): Promise<string[]> {
    const collection = ctx.db ? collectionOf(ctx.db, table) : undefined;
    if (!collection || rows.length === 0) return [];
    const local = await collection.storageInstance.findDocumentsById(rows.map((row) => row.id), false);
    return local.filter((doc) => doc.local_dirty).map((doc) => String(doc.id));
  }

  async function setAsideRowsOf(rows: readonly ServerRow[]): Promise<void> {
    const ids = await locallyChanged(rows);
    if (ids.length === 0) return;
    ids.forEach((id) => readAgain.add(id));
    const queues = ctx.replicationOf(table)?.internalReplicationState?.streamQueue;
    void (queues?.up ?? Promise.resolve()).catch(() => undefined).then(() => ctx.resync?.(table));
  }

  const pushesSent = () => ctx.pushesSent?.get(table) ?? 0;

  async function readBatch(checkpoint: PullCheckpoint | undefined, batchSize: number, report = true) {
    let after = checkpoint;
    const rows: ServerRow[] = [];
    while (rows.length < batchSize) {
      const next = await page(after, batchSize - rows.length, report);
      if (next.length === 0) break;
      rows.push(...next);
      after = checkpointAfter(next, after);
    }
    return { rows, after };
  }

  /**
   * The next batch, read while RxDB writes this one: a first download is a long run of full
   * batches, and reading each only once the last is stored left the browser waiting on the
   * server for every page. A batch read ahead is taken only by the pull it was read for (the
   * same checkpoint and size), and only when it was read as the pull itself would have: with
   * this table's queued pushes through, and no push sent since it started. Otherwise, or when
   * it failed, the pull reads the batch itself.
   */
  let ahead: { from: PullCheckpoint; batchSize: number; pushes: number; batch: Promise<Batch | null> } | null = null;

  function readAhead(from: PullCheckpoint, batchSize: number, deadline: number): void {
    const pushes = pushesSent();
    const batch = afterQueuedPushes(deadline).then((settled) =>
      settled && pushesSent() === pushes ? readBatch(from, batchSize, false).catch(() => null) : null,
    );
    ahead = { from, batchSize, pushes, batch };
  }

  async function takeAhead(from: PullCheckpoint | undefined, batchSize: number, pushes: number): Promise<Batch | null> {
    const taken = ahead;
    ahead = null;
    if (!taken || !from || taken.from.id !== from.id || taken.from.modified !== from.modified || taken.batchSize !== batchSize) return null;
    const batch = await taken.batch;
    return batch && taken.pushes === pushes && pushesSent() === pushes ? batch : null;
  }

  return async (checkpoint, batchSize) => {
    await ctx.gate.assertCanSync();
    const from = isPullCheckpoint(checkpoint) ? checkpoint : undefined;
    const deadline = Date.now() + PUSH_WAIT_MS;
    let batch: Batch;
    let again: { ids: string[]; rows: ServerRow[] };
    let crossed: boolean;
    for (;;) {
      const settled = await afterQueuedPushes(deadline);
      const pushes = pushesSent();
      batch = (settled ? await takeAhead(from, batchSize, pushes) : null) ?? (await readBatch(from, batchSize));
      const ids = settled ? [...readAgain] : [];
      again = { ids, rows: await rowsById(ids) };
      crossed = !settled || pushesSent() !== pushes;
      if (!crossed || Date.now() >= deadline) break;
    }
    const { rows, after } = batch;
    const documents = [...rows];
    if (crossed) {
      await setAsideRowsOf(rows);
    } else {
      again.ids.forEach((id) => readAgain.delete(id));
      const inBatch = new Set(rows.map((row) => row.id));
      documents.push(...again.rows.filter((row) => !inBatch.has(row.id)));
    }
    ctx.status.requestSucceeded(table);
    if (rows.length < batchSize) ctx.status.caughtUp(table);
    else if (!crossed && after) readAhead(after, batchSize, Date.now() + PUSH_WAIT_MS);
    return { documents: documents.map((row) => rowToDoc(table, row)), checkpoint: after };
  };
}
