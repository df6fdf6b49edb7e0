/**
 * Renders the demo rows as plain Postgres INSERT statements: the seed must run unchanged
 * under `supabase db reset` on a hosted-compatible database, so no client library, no
 * COPY, no psql meta-commands, and every value spelled as a literal.
 */

export type SqlValue =
  | string
  | number
  | boolean
  | null
  | { readonly jsonb: unknown }
  | { readonly textArray: readonly string[] };

export type SqlRow = Readonly<Record<string, SqlValue>>;

export function jsonb(value: unknown): SqlValue {
  return { jsonb: value };
}

export function textArray(values: readonly string[]): SqlValue {
  return { textArray: values };
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
  if ('jsonb' in value) return `${quote(JSON.stringify(value.jsonb))}::jsonb`;
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
