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
import { filter, firstValueFrom } from 'rxjs';
import { rowToDoc, type ServerRow } from '../mapping/row-mapping.ts';
import type { SyncedTable } from '../tables/definitions.ts';
import type { LocalDocOfTable } from '../tables/local-docs.ts';
import { isAuthFailure, requestFailure, SyncPausedError } from './errors.ts';
import { afterCheckpointFilter, checkpointAfter, isPullCheckpoint, type PullCheckpoint } from './pull-query.ts';
import type { SyncContext } from './sync-context.ts';

/** At most this long a pull waits for the same table's push in flight. */
const PUSH_WAIT_MS = 3000;

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
   * A pull answered while this table's push is in flight brings the pushed rows before RxDB
   * has recorded the push; RxDB then skips them as local changes and the checkpoint passes
   * them, so their server stamp would not come back until a full resync. Let the push end.
   */
  async function afterPushInFlight(): Promise<void> {
    const active = ctx.replicationOf(table)?.internalReplicationState?.events.active.up;
    if (!active?.getValue()) return;
    await Promise.race([firstValueFrom(active.pipe(filter((busy) => !busy))), sleep(PUSH_WAIT_MS)]);
  }

  return async (checkpoint, batchSize) => {
    await ctx.gate.assertCanSync();
    await afterPushInFlight();
    let after = isPullCheckpoint(checkpoint) ? checkpoint : undefined;
    const rows: ServerRow[] = [];
    while (rows.length < batchSize) {
      const next = await page(after, batchSize - rows.length);
      if (next.length === 0) break;
      rows.push(...next);
      after = checkpointAfter(next, after);
      ctx.status.pulled(table, next.length);
    }
    ctx.status.requestSucceeded(table);
    if (rows.length < batchSize) ctx.status.caughtUp(table);
    return { documents: rows.map((row) => rowToDoc(table, row)), checkpoint: after };
  };
}
