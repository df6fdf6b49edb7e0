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

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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
   * A pull may bring rows this table's push has just written on the server, before RxDB has
   * recorded that push; RxDB then skips them as local changes, the checkpoint passes them,
   * and their server stamp never comes back. So the pulled rows are handed over only once
   * the upstream's queue (every push started so far, with RxDB's record of it) is through.
   * RxDB's `active.up` is no guide: it reads false while a RESYNC re-pushes.
   */
  async function afterQueuedPushes(): Promise<void> {
    const queues = ctx.replicationOf(table)?.internalReplicationState?.streamQueue;
    if (!queues) return;
    const deadline = Date.now() + PUSH_WAIT_MS;
    let awaited: Promise<unknown> | null = null;
    while (awaited !== queues.up && Date.now() < deadline) {
      awaited = queues.up;
      await Promise.race([awaited.catch(() => undefined), sleep(deadline - Date.now())]);
    }
  }

  return async (checkpoint, batchSize) => {
    await ctx.gate.assertCanSync();
    let after = isPullCheckpoint(checkpoint) ? checkpoint : undefined;
    const rows: ServerRow[] = [];
    while (rows.length < batchSize) {
      const next = await page(after, batchSize - rows.length);
      if (next.length === 0) break;
      rows.push(...next);
      after = checkpointAfter(next, after);
      ctx.status.pulled(table, next.length);
    }
    await afterQueuedPushes();
    ctx.status.requestSucceeded(table);
    if (rows.length < batchSize) ctx.status.caughtUp(table);
    return { documents: rows.map((row) => rowToDoc(table, row)), checkpoint: after };
  };
}
