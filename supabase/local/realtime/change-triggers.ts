/**
 * PGlite has no logical replication, so the stack's Realtime is fed by row triggers: every
 * table in the `supabase_realtime` publication gets an AFTER row trigger that NOTIFYs the
 * schema, table, change type, transaction timestamp and primary key (never the row: NOTIFY
 * payloads must stay under 8000 bytes, and the row is re-selected per subscriber under RLS).
 * Installed idempotently at start, after the migrations; nothing is removed on stop.
 */
import type { PGlite } from '@electric-sql/pglite';
import { quoteIdent } from '../db/database.ts';

export const CHANGES_CHANNEL = 'realtime_changes';

/** A notification as the trigger sends it. */
export interface ChangeNotice {
  schema: string;
  table: string;
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  commit_timestamp: string;
  /** Primary key of the new row (INSERT, UPDATE) or of the deleted row. */
  pk: Record<string, unknown>;
  /** Primary key of the row before an UPDATE or DELETE. */
  old_pk: Record<string, unknown> | null;
}

export interface TableInfo {
  schema: string;
  table: string;
  /** Every column with its type name as Realtime reports it (`uuid`, `_text`, `timestamptz`). */
  columns: Array<{ name: string; type: string }>;
  /** Primary key columns with their SQL types, for re-selecting rows by key. */
  primaryKey: Array<{ name: string; sqlType: string }>;
}

const TRIGGER_NAME = 'realtime_local_changes';

// The primary key columns arrive as trigger arguments, so one function serves every table.
const NOTIFY_FUNCTION = `
create schema if not exists realtime;
create or replace function realtime.local_notify_change()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  row_json jsonb;
  old_json jsonb;
  pk jsonb := '{}'::jsonb;
  old_pk jsonb := null;
  col text;
begin
  if tg_op <> 'DELETE' then row_json := to_jsonb(new); end if;
  if tg_op <> 'INSERT' then old_json := to_jsonb(old); old_pk := '{}'::jsonb; end if;
  foreach col in array tg_argv loop
    pk := pk || jsonb_build_object(col, coalesce(row_json, old_json) -> col);
    if old_json is not null then old_pk := old_pk || jsonb_build_object(col, old_json -> col); end if;
  end loop;
  perform pg_notify('${CHANGES_CHANNEL}', jsonb_build_object(
    'schema', tg_table_schema,
    'table', tg_table_name,
    'type', tg_op,
    'commit_timestamp', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'pk', pk,
    'old_pk', old_pk)::text);
  return null;
end;
$$;
comment on function realtime.local_notify_change() is
  'Local stack only: NOTIFY realtime_changes with the primary key of each changed row (PGlite has no logical replication).';
`;

/** Install the function and the triggers; returns what the change feed needs per table. */
export async function installChangeTriggers(pg: PGlite): Promise<Map<string, TableInfo>> {
  await pg.exec(NOTIFY_FUNCTION);
  const tables = await loadPublishedTables(pg);
  const existing = await pg.query<{ schema: string; table: string }>(
    `select n.nspname as schema, c.relname as table
       from pg_trigger g join pg_class c on c.oid = g.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where g.tgname = $1`,
    [TRIGGER_NAME],
  );
  const installed = new Set(existing.rows.map((row) => `${row.schema}.${row.table}`));
  for (const [key, info] of tables) {
    if (info.primaryKey.length === 0) continue; // Realtime cannot identify rows without a key either.
    const args = info.primaryKey.map((column) => `'${column.name.replace(/'/g, "''")}'`).join(', ');
    await pg.exec(
      `create or replace trigger ${TRIGGER_NAME}
         after insert or update or delete on ${quoteIdent(info.schema)}.${quoteIdent(info.table)}
         for each row execute function realtime.local_notify_change(${args})`,
    );
    installed.delete(key);
  }
  // Tables that left the publication stop notifying.
  for (const key of installed) {
    const [schema = '', table = ''] = key.split('.');
    await pg.exec(`drop trigger if exists ${TRIGGER_NAME} on ${quoteIdent(schema)}.${quoteIdent(table)}`);
  }
  return tables;
}

export async function loadPublishedTables(pg: PGlite): Promise<Map<string, TableInfo>> {
  const result = await pg.query<{
    schema: string;
    table: string;
    columns: Array<{ name: string; type: string }>;
    primary_key: Array<{ name: string; sqlType: string }> | null;
  }>(
    `select p.schemaname as schema, p.tablename as table,
            (select jsonb_agg(jsonb_build_object('name', a.attname, 'type', t.typname) order by a.attnum)
               from pg_attribute a join pg_type t on t.oid = a.atttypid
              where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns,
            (select jsonb_agg(jsonb_build_object('name', a.attname, 'sqlType', format_type(a.atttypid, a.atttypmod))
                              order by array_position(i.indkey::int2[], a.attnum))
               from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
              where i.indrelid = c.oid and i.indisprimary) as primary_key
       from pg_publication_tables p
       join pg_namespace n on n.nspname = p.schemaname
       join pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
      where p.pubname = 'supabase_realtime'`,
  );
  const tables = new Map<string, TableInfo>();
  for (const row of result.rows) {
    tables.set(`${row.schema}.${row.table}`, {
      schema: row.schema,
      table: row.table,
      columns: row.columns,
      primaryKey: row.primary_key ?? [],
    });
  }
  return tables;
}
