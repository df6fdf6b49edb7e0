/**
 * Whether two versions of a record hold the same data: what the replication uses to decide
 * that a local version needs no push and that a server version needs no local write. The
 * local-only fields and RxDB's own bookkeeping (_meta, _rev, _attachments) are ignored;
 * `_deleted` counts; values compare by meaning (timestamps by instant, jsonb by content).
 */
import type { ColumnMap, ColumnSpec } from '../tables/columns.ts';
import { LOCAL_ONLY_FIELDS } from '../tables/local-docs.ts';
import { valuesEqual } from './values-equal.ts';

const SERVER_MODIFIED_SPEC: ColumnSpec = { type: 'timestamptz', nullable: true };

function compared(key: string): boolean {
  if (key === '_deleted') return true;
  return !key.startsWith('_') && !LOCAL_ONLY_FIELDS.has(key);
}

export function docsEqual(a: object, b: object, columns?: ColumnMap): boolean {
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(ra), ...Object.keys(rb)]);
  for (const key of keys) {
    if (!compared(key)) continue;
    const va = key === '_deleted' ? ra[key] === true : ra[key];
    const vb = key === '_deleted' ? rb[key] === true : rb[key];
    if (va === vb) continue;
    const spec = key === 'server_modified' ? SERVER_MODIFIED_SPEC : columns?.[key];
    if (!valuesEqual(spec, va, vb)) return false;
  }
  return true;
}
