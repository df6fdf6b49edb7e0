/**
 * How a replication reads the server's rows. The directory's tables are read with the table
 * API (PostgREST `select` under the user's RLS). The protected tables (patient data:
 * patients, orders, results) are not readable that way: the server hands them out only
 * through `sync_pull`, which applies the same RLS and logs who read which patient's rows
 * (supabase/migrations/20261205100002_phi_leaves_through_sync_pull.sql; docs/access-matrix.md).
 * Both paths answer the same rows in the same (_modified, id) order, so the handlers above
 * do not care which one served them.
 */
import type { SupabaseClient } from '../../lib/supabase.ts';
import type { ServerRow } from '../mapping/row-mapping.ts';
import { isProtectedTable, type SyncedTable } from '../tables/definitions.ts';
import { afterCheckpointFilter, type PullCheckpoint } from './pull-query.ts';

/** Ids per read of rows by id: about 4 KB of URL for the table API (a UUID and its separator take 37 bytes). */
export const READ_IDS_PER_REQUEST = 100;

export interface ServerAnswer {
  data: unknown;
  error: { message: string; code?: string } | null;
  status: number;
}

export type ReadClient = Pick<SupabaseClient, 'from' | 'rpc'>;

interface PullAnswer {
  rows: ServerRow[];
}

/** sync_pull answers {rows, checkpoint}; the rows are what the table API would have answered. */
function rowsOfPull(answer: ServerAnswer): ServerAnswer {
  if (answer.error) return answer;
  const rows = (answer.data as PullAnswer | null)?.rows;
  if (!Array.isArray(rows)) return { data: null, error: { message: 'unexpected answer from sync_pull' }, status: answer.status };
  return { ...answer, data: rows };
}

/** A page of the table's rows after `after` (from the start without one), at most `limit`. */
export async function readPage(client: ReadClient, table: SyncedTable, after: PullCheckpoint | undefined, limit: number): Promise<ServerAnswer> {
  if (isProtectedTable(table)) {
    return rowsOfPull(await client.rpc('sync_pull', { p_table: table, p_checkpoint: after ?? null, p_limit: limit }));
  }
  let query = client.from(table).select('*');
  if (after) query = query.or(afterCheckpointFilter(after));
  return query.order('_modified', { ascending: true }).order('id', { ascending: true }).limit(limit);
}

/** The server's current rows with these ids (as far as the user may see them), in slices the URL can carry. */
export async function readByIds(client: ReadClient, table: SyncedTable, ids: readonly string[]): Promise<ServerAnswer[]> {
  const answers: ServerAnswer[] = [];
  for (let start = 0; start < ids.length; start += READ_IDS_PER_REQUEST) {
    const slice = ids.slice(start, start + READ_IDS_PER_REQUEST);
    answers.push(
      isProtectedTable(table)
        ? rowsOfPull(await client.rpc('sync_pull', { p_table: table, p_ids: slice }))
        : await client.from(table).select('*').in('id', slice),
    );
  }
  return answers;
}

/** How many rows the user's pull of the table will bring (null when the server did not say). */
export async function countRows(client: ReadClient, table: SyncedTable): Promise<number | null> {
  if (isProtectedTable(table)) {
    const { data, error } = await client.rpc('sync_count', { p_table: table });
    return error || data === null ? null : Number(data);
  }
  const { count, error } = await client.from(table).select('*', { count: 'exact', head: true });
  return error ? null : count;
}
