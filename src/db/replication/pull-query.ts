/**
 * The pull side of replication as PostgREST filters: rows after a checkpoint in the sync
 * order (_modified, id). `_modified` is strictly increasing per table (trigger), so the
 * pair is a total order and a checkpoint never skips or repeats a row. Values are
 * double-quoted: timestamps hold `.`, `:` and `+`, which PostgREST's logic-tree grammar
 * reserves.
 */

export interface PullCheckpoint {
  /** The `_modified` text of the last row pulled, exactly as the server sent it. */
  modified: string;
  id: string;
}

function quote(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** The `or=(…)` filter of the rows strictly after the checkpoint. */
export function afterCheckpointFilter(checkpoint: PullCheckpoint): string {
  const modified = quote(checkpoint.modified);
  return `_modified.gt.${modified},and(_modified.eq.${modified},id.gt.${quote(checkpoint.id)})`;
}

/** The checkpoint after a batch (the last row), or the previous one for an empty batch. */
export function checkpointAfter(
  rows: ReadonlyArray<{ id: string; _modified?: unknown }>,
  previous: PullCheckpoint | undefined,
): PullCheckpoint | undefined {
  const last = rows[rows.length - 1];
  if (!last) return previous;
  if (typeof last._modified !== 'string') throw new Error('A pulled row has no _modified text');
  return { modified: last._modified, id: last.id };
}

export function isPullCheckpoint(value: unknown): value is PullCheckpoint {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as PullCheckpoint).modified === 'string' &&
    typeof (value as PullCheckpoint).id === 'string'
  );
}
