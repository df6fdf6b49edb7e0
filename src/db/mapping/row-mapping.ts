/**
 * Translation between a server row (PostgREST / sync_push JSON) and the local document:
 * `_modified` ⇄ `server_modified`, jsonb text decoded, text[] normalised, the local-only
 * fields derived. Also the one place that completes a record created in the browser with
 * the column defaults of the migration (ids are client-generated UUIDs, decision 4).
 */
import { defaultValueOf, type ColumnSpec } from '../tables/columns.ts';
import { TABLE_COLUMNS, type InputOfTable, type SyncedTable } from '../tables/definitions.ts';
import { derivedFields, type LocalDocOfTable } from '../tables/local-docs.ts';
import { compareTimestamps } from '../merge/values-equal.ts';
import { parseJsonColumn, parseTextArrayColumn } from './json-columns.ts';

/** A row as the server sends it. */
export interface ServerRow {
  id: string;
  _modified?: string | null;
  _deleted?: boolean | null;
  [column: string]: unknown;
}

/** A local document together with RxDB's deletion flag (what replication handlers see). */
export type DocWithDeleted<T extends SyncedTable = SyncedTable> = LocalDocOfTable[T] & { _deleted: boolean };

export function columnsOf(table: SyncedTable): Readonly<Record<string, ColumnSpec>> {
  return TABLE_COLUMNS[table];
}

/** A server value, coerced to the column's JSON type (the server is trusted to hold valid data). */
function normaliseColumn(spec: ColumnSpec, value: unknown): unknown {
  if (value === undefined || value === null) return spec.type === 'text[]' && !spec.nullable ? [] : null;
  switch (spec.type) {
    case 'jsonb':
      return parseJsonColumn(value);
    case 'text[]':
      return parseTextArrayColumn(value);
    case 'boolean':
      return typeof value === 'boolean' ? value : value === 'true' || value === 't';
    case 'integer':
    case 'numeric':
      // PostgREST sends numeric as a JSON number, or as text when it would lose precision.
      return typeof value === 'number' ? value : Number(value);
    default:
      return typeof value === 'string' ? value : String(value);
  }
}

/** A document's fields by name (documents are plain JSON objects). */
export function fieldsOf(doc: object): Record<string, unknown> {
  return doc as Record<string, unknown>;
}

/** Server row → local document, as the server has it (so not dirty). */
export function rowToDoc<T extends SyncedTable>(table: T, row: ServerRow): DocWithDeleted<T> {
  const doc: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(columnsOf(table))) doc[name] = normaliseColumn(spec, row[name]);
  doc.server_modified = typeof row._modified === 'string' ? row._modified : null;
  doc.local_dirty = false;
  Object.assign(doc, derivedFields(table, doc));
  doc._deleted = row._deleted === true;
  return doc as unknown as DocWithDeleted<T>;
}

/** Local document → the row sync_push expects (`new` or `assumed`): columns + `_modified` + `_deleted`. */
export function docToRow(table: SyncedTable, doc: Record<string, unknown>): ServerRow {
  const row: ServerRow = { id: String(doc.id) };
  for (const name of Object.keys(columnsOf(table))) row[name] = doc[name] === undefined ? null : doc[name];
  row._modified = typeof doc.server_modified === 'string' ? doc.server_modified : null;
  row._deleted = doc._deleted === true;
  return row;
}

export interface Clock {
  now: () => string;
  newId: () => string;
}

export const systemClock: Clock = {
  now: () => new Date().toISOString(),
  newId: () => crypto.randomUUID(),
};

const NUL = '\u0000';

/**
 * A value without NUL characters, which no Postgres text, text[] or jsonb value can hold: a
 * push carrying one (pasted text) is refused whole (22P05), and RxDB would send the same
 * batch again and again, holding back every other edit of the table.
 */
function withoutNul(value: unknown): unknown {
  if (typeof value === 'string') return value.includes(NUL) ? value.replaceAll(NUL, '') : value;
  if (Array.isArray(value)) return value.some(holdsNul) ? value.map(withoutNul) : value;
  if (value !== null && typeof value === 'object' && holdsNul(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key.replaceAll(NUL, ''), withoutNul(item)]));
  }
  return value;
}

function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value !== null && typeof value === 'object') return Object.entries(value).some(([key, item]) => key.includes(NUL) || holdsNul(item));
  return false;
}

/**
 * Normalise a document written in the browser, in place: fill the migration's defaults for
 * missing columns, decode JSON text, drop NUL characters, recompute the derived fields and
 * mark it dirty.
 * Runs in the collections' pre-insert/pre-save/pre-remove hooks.
 */
export function prepareLocalWrite(table: SyncedTable, doc: Record<string, unknown>, clock: Clock = systemClock): void {
  for (const [name, spec] of Object.entries(columnsOf(table))) {
    let value = doc[name] === undefined ? defaultValueOf(spec, clock.now, clock.newId) : doc[name];
    // Only JSON text is decoded here: any other wrong type is left for schema validation.
    if (typeof value === 'string' && spec.type === 'jsonb') value = parseJsonColumn(value);
    if (typeof value === 'string' && spec.type === 'text[]') value = parseTextArrayColumn(value);
    doc[name] = withoutNul(value);
  }
  if (doc.server_modified === undefined) doc.server_modified = null;
  Object.assign(doc, derivedFields(table, doc));
  doc.local_dirty = true;
}

/**
 * A local edit moves `updated_at` on, unless the caller set it. The edited record then
 * differs from the server state it started from even when the user set a field back to
 * that state's value (a switch turned on and off again while the first push's answer was
 * lost): RxDB would take such a record for "in sync", skip its push and let the next pull
 * overwrite it with the server's copy of the earlier value.
 */
export function touchUpdatedAt(table: SyncedTable, doc: Record<string, unknown>, previous: Record<string, unknown>, clock: Clock = systemClock): void {
  if (!('updated_at' in columnsOf(table)) || doc.updated_at !== previous.updated_at) return;
  const now = clock.now();
  const before = typeof previous.updated_at === 'string' ? previous.updated_at : null;
  doc.updated_at = before !== null && compareTimestamps(now, before) === 0 ? new Date(Date.parse(now) + 1).toISOString() : now;
}

/**
 * A complete new record from what a caller gives, with the migration's defaults (a fresh
 * UUID, now, …): `db.providers.insert(newLocalDoc('providers', { first_name, last_name }))`.
 */
export function newLocalDoc<T extends SyncedTable>(table: T, input: InputOfTable[T], clock: Clock = systemClock): LocalDocOfTable[T] {
  const doc: Record<string, unknown> = { ...fieldsOf(input), server_modified: null };
  prepareLocalWrite(table, doc, clock);
  return doc as unknown as LocalDocOfTable[T];
}
