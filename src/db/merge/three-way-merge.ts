/**
 * The field-level three-way merge of a push conflict (ARCHITECTURE.md decision 5), as a
 * pure function. `base` is the server state the browser last saw (RxDB's assumed master),
 * `local` the browser's version, `server` the current master row:
 * - a field changed only locally keeps the local value;
 * - a field changed only on the server takes the server value;
 * - a field changed on both sides takes the server value, and when the two values differ
 *   the field is reported so the user can be told their change was replaced;
 * - bookkeeping timestamps (updated_at) take the later of the two and are never reported;
 * - deletion (`_deleted`) merges like a field.
 * Without a base (the browser created a record the server already has) every differing
 * field counts as changed on both sides.
 * `unacknowledged` are states this browser sent against `base` whose answer was lost: a
 * server value equal to one of them is the browser's own write, not a change made on the
 * server, and the local value (written after it) stands — also when the user set the
 * field back to its base value, which the comparison with the base alone would miss.
 */
import { BOOKKEEPING_COLUMNS } from '../tables/definitions.ts';
import type { ColumnMap, ColumnSpec } from '../tables/columns.ts';
import { compareTimestamps, valuesEqual } from './values-equal.ts';

export type MergeDoc = Record<string, unknown>;

export interface MergeInput {
  columns: ColumnMap;
  base: MergeDoc | null | undefined;
  local: MergeDoc;
  server: MergeDoc;
  unacknowledged?: readonly MergeDoc[];
}

export interface MergeResult {
  merged: MergeDoc;
  /** Fields the user changed that now hold the server's (different) value. */
  overwrittenFields: string[];
}

const DELETED_SPEC: ColumnSpec = { type: 'boolean', nullable: false };

export function threeWayMerge({ columns, base, local, server, unacknowledged = [] }: MergeInput): MergeResult {
  const merged: MergeDoc = { ...server };
  const overwrittenFields: string[] = [];
  const fields: Array<[string, ColumnSpec]> = [...Object.entries(columns), ['_deleted', DELETED_SPEC]];

  for (const [field, spec] of fields) {
    if (field === 'id') continue;
    const read = (doc: MergeDoc): unknown => (field === '_deleted' ? doc._deleted === true : doc[field]);
    const localValue = read(local);
    const serverValue = read(server);
    if (BOOKKEEPING_COLUMNS.has(field) && typeof localValue === 'string' && typeof serverValue === 'string') {
      merged[field] = compareTimestamps(localValue, serverValue) > 0 ? localValue : serverValue;
      continue;
    }
    const localChanged = base ? !valuesEqual(spec, read(base), localValue) : true;
    const serverWroteOurs = unacknowledged.some((sent) => valuesEqual(spec, read(sent), serverValue));
    const serverChanged = serverWroteOurs ? false : base ? !valuesEqual(spec, read(base), serverValue) : true;
    if (serverWroteOurs || (localChanged && !serverChanged)) {
      merged[field] = localValue;
    } else {
      merged[field] = serverValue;
      if (localChanged && !valuesEqual(spec, localValue, serverValue) && !BOOKKEEPING_COLUMNS.has(field)) {
        overwrittenFields.push(field);
      }
    }
  }
  return { merged, overwrittenFields };
}
