/**
 * The pull half of a table's replication: the rows after the checkpoint in (_modified, id)
 * order, in large batches, through supabase-js (PostgREST under the user's RLS). Rows are
 * turned into local documents (JSON text decoded, sort keys derived) before RxDB sees them.
 */
import type { ReplicationPullHandler } from 'rxdb';
import { rowToDoc, type ServerRow } from '../mapping/row-mapping.ts';
import type { SyncedTable } from '../tables/definitions.ts';
import type { LocalDocOfTable } from '../tables/local-docs.ts';
import { isAuthFailure, requestFailure, SyncPausedError } from './errors.ts';
import { afterCheckpointFilter, checkpointAfter, isPullCheckpoint, type PullCheckpoint } from './pull-query.ts';
import type { SyncContext } from './sync-context.ts';

export function createPullHandler<T extends SyncedTable>(
  ctx: SyncContext,
  table: T,
): ReplicationPullHandler<LocalDocOfTable[T], PullCheckpoint> {
  return async (checkpoint, batchSize) => {
    await ctx.gate.assertCanSync();
    const previous = isPullCheckpoint(checkpoint) ? checkpoint : undefined;
    let query = ctx.supabase.from(table).select('*');
    if (previous) query = query.or(afterCheckpointFilter(previous));
    const { data, error, status } = await query
      .order('_modified', { ascending: true })
      .order('id', { ascending: true })
      .limit(batchSize);
    if (error) {
      if (isAuthFailure(status, error)) {
        ctx.gate.authFailed();
        throw new SyncPausedError('Sync paused: the server refused the session');
      }
      const failure = requestFailure('load the latest data', status, error);
      ctx.status.requestFailed(table, failure);
      throw failure;
    }
    const rows = (data ?? []) as ServerRow[];
    ctx.status.requestSucceeded(table);
    ctx.status.pulled(table, rows.length);
    if (rows.length < batchSize) ctx.status.caughtUp(table);
    return { documents: rows.map((row) => rowToDoc(table, row)), checkpoint: checkpointAfter(rows, previous) };
  };
}
