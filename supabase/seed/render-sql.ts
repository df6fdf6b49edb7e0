/**
 * Renders the demo rows as plain Postgres INSERT statements: the seed must run unchanged
 * under `supabase db reset` on a hosted-compatible database, so no client library, no
 * COPY, no psql meta-commands, and every value spelled as a literal.
 */
import { SEED_NOW } from './ids.ts';

export type SqlValue =
  | string
  | number
  | boolean
  | null
  | { readonly jsonb: unknown }
  | { readonly textArray: readonly string[] }
  | { readonly live: string; readonly type: 'timestamptz' | 'date' }
  | { readonly liveItems: readonly object[]; readonly key: string }
  | { readonly liveKeys: object; readonly keys: readonly string[] };

export type SqlRow = Readonly<Record<string, SqlValue>>;

export function jsonb(value: unknown): SqlValue {
  return { jsonb: value };
}

export function textArray(values: readonly string[]): SqlValue {
  return { textArray: values };
}

/**
 * The demo's "now" (ids.ts SEED_NOW): a live value is written as its distance from it,
 * added to the moment the seed runs, so the demo laboratory's activity is always recent
 * (orders today, results this morning) on whatever day the database is seeded.
 */
/** A timestamp (or a date) of the demo's activity, moved to the day the seed runs. */
export function live(iso: string | null, type: 'timestamptz' | 'date' = 'timestamptz'): SqlValue {
  return iso === null ? null : { live: iso, type };
}

/**
 * A jsonb object whose top-level timestamps `keys` are live too (a PECOS check's evidence
 * says when it was made: moved with the column that says the same).
 */
export function liveKeys(value: object, keys: readonly string[]): SqlValue {
  return { liveKeys: value, keys };
}

/**
 * A jsonb array of objects whose `key` timestamp is live too (a result's observations are
 * dated when they were observed): each item's `key` moved as live() moves a column.
 */
export function liveItems(items: readonly object[], key: string): SqlValue {
  return { liveItems: items, key };
}

function quote(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

export function sqlLiteral(value: SqlValue): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`Not a finite number: ${value}`);
    return String(value);
  }
  if (typeof value === 'string') return quote(value);
  if ('live' in value) {
    const anchor = SEED_NOW;
    return value.type === 'date'
      ? `(date ${quote(value.live)} + (current_date - date ${quote(anchor.slice(0, 10))}))`
      : `(timestamptz ${quote(value.live)} + (now() - timestamptz ${quote(anchor)}))`;
  }
  if ('jsonb' in value) return `${quote(JSON.stringify(value.jsonb))}::jsonb`;
  if ('liveKeys' in value) {
    return value.keys.reduce((sql, key) => {
      const at = (value.liveKeys as Record<string, unknown>)[key];
      if (typeof at !== 'string') return sql;
      return `jsonb_set(${sql}, ${quote(`{${key}}`)}, to_jsonb(timestamptz ${quote(at)} + (now() - timestamptz ${quote(SEED_NOW)})))`;
    }, `${quote(JSON.stringify(value.liveKeys))}::jsonb`);
  }
  if ('liveItems' in value) {
    const key = quote(value.key);
    const moved = `to_jsonb((item->>${key})::timestamptz + (now() - timestamptz ${quote(SEED_NOW)}))`;
    return (
      `coalesce((select jsonb_agg(case when item ? ${key} then item || jsonb_build_object(${key}, ${moved}) else item end order by position) ` +
      `from jsonb_array_elements(${quote(JSON.stringify(value.liveItems))}::jsonb) with ordinality as items(item, position)), '[]'::jsonb)`
    );
  }
  if (value.textArray.length === 0) return `'{}'::text[]`;
  return `array[${value.textArray.map(quote).join(', ')}]::text[]`;
}

/** One multi-row INSERT; every row must have the same columns, in the same order. */
export function insertStatement(table: string, rows: readonly SqlRow[]): string {
  const first = rows[0];
  if (!first) return `-- (no rows for ${table})`;
  const columns = Object.keys(first);
  const lines = rows.map((row) => {
    const keys = Object.keys(row);
    if (keys.join(',') !== columns.join(',')) {
      throw new Error(`Row of ${table} has columns ${keys.join(', ')}, expected ${columns.join(', ')}`);
    }
    return `  (${columns.map((column) => sqlLiteral(row[column] ?? null)).join(', ')})`;
  });
  return `insert into ${table} (${columns.join(', ')}) values\n${lines.join(',\n')};`;
}
