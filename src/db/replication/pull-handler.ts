/**
 * The pull half of a table's replication: the rows after the checkpoint in (_modified, id)
 * order, in large batches, through supabase-js (PostgREST under the user's RLS). Rows are
 * turned into local documents (JSON text decoded, sort keys derived) before RxDB sees them.
 *
 * RxDB takes a batch shorter than it asked for as "nothing more on the server". A hosted
 * PostgREST caps every answer at its `max-rows` (1000 by default on Supabase), so a short
 * page does not prove the end: the handler keeps reading pages until the batch is full or
 * a page comes back empty.
 */
import type { ReplicationPullHandler } from 'rxdb';
import { rowToDoc, type ServerRow } from '../mapping/row-mapping.ts';
import type { SyncedTable } from '../tables/definitions.ts';
import type { LocalDocOfTable } from '../tables/local-docs.ts';
import { isAuthFailure, requestFailure, SyncPausedError } from './errors.ts';
import { afterCheckpointFilter, checkpointAfter, isPullCheckpoint, type PullCheckpoint } from './pull-query.ts';
import type { SyncContext } from './sync-context.ts';

/** At most this long a pull waits for the same table's pushes to be recorded. */
const PUSH_WAIT_MS = 10_000;

/** Until `promise` settles, or `ms` at most. */
async function settledWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  await Promise.race([promise.then(() => undefined, () => undefined), timeout]);
  clearTimeout(timer);
}

export function createPullHandler<T extends SyncedTable>(
  ctx: SyncContext,
  table: T,
): ReplicationPullHandler<LocalDocOfTable[T], PullCheckpoint> {
  async function page(after: PullCheckpoint | undefined, limit: number): Promise<ServerRow[]> {
    let query = ctx.supabase.from(table).select('*');
    if (after) query = query.or(afterCheckpointFilter(after));
    const { data, error, status } = await query
      .order('_modified', { ascending: true })
      .order('id', { ascending: true })
      .limit(limit);
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
   * while a push went out is read again once that push is through.
   */
  async function afterQueuedPushes(deadline: number): Promise<void> {
    const queues = ctx.replicationOf(table)?.internalReplicationState?.streamQueue;
    if (queues) await settledWithin(queues.up, Math.max(0, deadline - Date.now()));
  }

  const pushesSent = () => ctx.pushesSent?.get(table) ?? 0;

  async function readBatch(checkpoint: PullCheckpoint | undefined, batchSize: number) {
    let after = checkpoint;
    const rows: ServerRow[] = [];
    while (rows.length < batchSize) {
      const next = await page(after, batchSize - rows.length);
      if (next.length === 0) break;
      rows.push(...next);
      after = checkpointAfter(next, after);
    }
    return { rows, after };
  }

  return async (checkpoint, batchSize) => {
    await ctx.gate.assertCanSync();
    const from = isPullCheckpoint(checkpoint) ? checkpoint : undefined;
    const deadline = Date.now() + PUSH_WAIT_MS;
    let batch: Awaited<ReturnType<typeof readBatch>>;
    for (;;) {
      await afterQueuedPushes(deadline);
      const pushes = pushesSent();
      batch = await readBatch(from, batchSize);
      if (pushesSent() === pushes || Date.now() >= deadline) break;
    }
    const { rows, after } = batch;
    ctx.status.requestSucceeded(table);
    if (rows.length < batchSize) ctx.status.caughtUp(table);
    return { documents: rows.map((row) => rowToDoc(table, row)), checkpoint: after };
  };
}
