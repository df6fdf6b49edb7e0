/**
 * PostgREST's schema cache, reduced to what this stack serves: the tables and views of
 * `public` with their columns and keys, the relationships their foreign keys imply
 * (many-to-one, one-to-many, one-to-one; as SchemaCache.hs derives them) and the
 * functions callable under /rpc. Read from pg_catalog once and kept; reloaded when a
 * request names something the cache does not know (a migration applied since).
 */
import { loadPreRequest } from './in-database-config.ts';
import type { Transaction } from '../db/database.ts';

export const SCHEMA = 'public';

export interface Column {
  name: string;
  /** `format_type` text, e.g. `uuid`, `text[]`, `timestamp with time zone`. */
  type: string;
  nullable: boolean;
  /** The column default as SQL from the catalog (`gen_random_uuid()`), or null. */
  defaultExpr: string | null;
}

export interface Table {
  name: string;
  isView: boolean;
  columns: Map<string, Column>;
  primaryKey: string[];
}

export interface Relationship {
  table: string;
  foreignTable: string;
  constraint: string;
  cardinality: 'many-to-one' | 'one-to-many' | 'one-to-one';
  /** Column pairs (column of `table`, column of `foreignTable`). */
  columns: Array<[string, string]>;
  isSelf: boolean;
  /** True when one row of `table` relates to at most one row of `foreignTable`. */
  toOne: boolean;
}

export interface RoutineParam {
  name: string;
  type: string;
  hasDefault: boolean;
}

export interface Routine {
  name: string;
  params: RoutineParam[];
  volatility: 'immutable' | 'stable' | 'volatile';
  returnsSet: boolean;
  returnsVoid: boolean;
  /** Columns when the function returns rows (a table type, a composite or TABLE(…)). */
  returnColumns: Column[] | null;
  /** The public table whose row type the function returns, for embedding. */
  returnTable: string | null;
}

export interface SchemaCache {
  tables: Map<string, Table>;
  relationships: Map<string, Relationship[]>;
  routines: Map<string, Routine[]>;
  /** PostgREST's `db-pre-request` function, from the authenticator role's settings (in-database-config.ts). */
  preRequest: string | null;
}

interface ColumnRow {
  table_name: string;
  relkind: string;
  name: string;
  type: string;
  nullable: boolean;
  default_expr: string | null;
}

interface ConstraintRow {
  name: string;
  type: 'p' | 'u' | 'f';
  table_name: string;
  foreign_table: string | null;
  foreign_schema: string | null;
  columns: string[];
  foreign_columns: string[] | null;
}

interface RoutineRow {
  name: string;
  volatility: 'i' | 's' | 'v';
  returns_set: boolean;
  returns_void: boolean;
  arg_names: string[] | null;
  arg_types: string[];
  arg_modes: string[] | null;
  default_count: number;
  return_relid: number;
  return_table: string | null;
  return_schema: string | null;
  return_typtype: string;
  return_type: string;
}

const COLUMNS_SQL = `
select c.relname as table_name, c.relkind::text as relkind, a.attname as name,
       format_type(a.atttypid, a.atttypmod) as type, not a.attnotnull as nullable,
       pg_get_expr(d.adbin, d.adrelid) as default_expr
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'f', 'p')
order by c.relname, a.attnum`;

const CONSTRAINTS_SQL = `
select con.conname as name, con.contype::text as type, c.relname as table_name,
       fc.relname as foreign_table, fn.nspname as foreign_schema,
       array(select a.attname::text from unnest(con.conkey) with ordinality k(num, i)
             join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num order by k.i) as columns,
       case when con.contype = 'f' then
         array(select a.attname::text from unnest(con.confkey) with ordinality k(num, i)
               join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.num order by k.i)
       end as foreign_columns
from pg_constraint con
join pg_class c on c.oid = con.conrelid
join pg_namespace n on n.oid = c.relnamespace
left join pg_class fc on fc.oid = con.confrelid
left join pg_namespace fn on fn.oid = fc.relnamespace
where n.nspname = $1 and con.contype in ('p', 'u', 'f')
order by con.conname`;

const ROUTINES_SQL = `
select p.proname as name, p.provolatile::text as volatility, p.proretset as returns_set,
       p.prorettype = 'void'::regtype as returns_void, p.proargnames::text[] as arg_names,
       array(select format_type(t, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]))
             with ordinality x(t, i) order by x.i) as arg_types,
       p.proargmodes::text[] as arg_modes, p.pronargdefaults::int as default_count,
       rt.typrelid::int as return_relid, rc.relname as return_table, rn.nspname as return_schema,
       rt.typtype::text as return_typtype, format_type(p.prorettype, null) as return_type
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
join pg_type rt on rt.oid = p.prorettype
left join pg_class rc on rc.oid = rt.typrelid
left join pg_namespace rn on rn.oid = rc.relnamespace
where n.nspname = $1 and p.prokind = 'f'
order by p.proname, p.oid`;

const COMPOSITE_COLUMNS_SQL = `
select a.attname as name, format_type(a.atttypid, a.atttypmod) as type
from pg_attribute a where a.attrelid = $1 and a.attnum > 0 and not a.attisdropped order by a.attnum`;

export async function loadSchemaCache(tx: Transaction): Promise<SchemaCache> {
  const tables = new Map<string, Table>();
  for (const row of (await tx.query<ColumnRow>(COLUMNS_SQL, [SCHEMA])).rows) {
    let table = tables.get(row.table_name);
    if (!table) {
      table = { name: row.table_name, isView: row.relkind === 'v' || row.relkind === 'm', columns: new Map(), primaryKey: [] };
      tables.set(row.table_name, table);
    }
    table.columns.set(row.name, { name: row.name, type: row.type, nullable: row.nullable, defaultExpr: row.default_expr });
  }

  const constraints = (await tx.query<ConstraintRow>(CONSTRAINTS_SQL, [SCHEMA])).rows;
  const uniqueSets = new Map<string, string[][]>();
  for (const con of constraints) {
    if (con.type === 'f') continue;
    if (con.type === 'p') {
      const table = tables.get(con.table_name);
      if (table) table.primaryKey = con.columns;
    }
    uniqueSets.set(con.table_name, [...(uniqueSets.get(con.table_name) ?? []), con.columns]);
  }

  const relationships = new Map<string, Relationship[]>();
  const add = (rel: Relationship) => relationships.set(rel.table, [...(relationships.get(rel.table) ?? []), rel]);
  for (const con of constraints) {
    if (con.type !== 'f' || con.foreign_schema !== SCHEMA || !con.foreign_table || !con.foreign_columns) continue;
    const fkColumns = new Set(con.columns);
    const oneToOne = (uniqueSets.get(con.table_name) ?? []).some(
      (set) => set.length === fkColumns.size && set.every((column) => fkColumns.has(column)),
    );
    const pairs = con.columns.map((column, i): [string, string] => [column, con.foreign_columns![i]!]);
    const isSelf = con.table_name === con.foreign_table;
    add({
      table: con.table_name,
      foreignTable: con.foreign_table,
      constraint: con.name,
      cardinality: oneToOne ? 'one-to-one' : 'many-to-one',
      columns: pairs,
      isSelf,
      toOne: true,
    });
    add({
      table: con.foreign_table,
      foreignTable: con.table_name,
      constraint: con.name,
      cardinality: oneToOne ? 'one-to-one' : 'one-to-many',
      columns: pairs.map(([column, foreign]): [string, string] => [foreign, column]),
      isSelf,
      toOne: oneToOne,
    });
  }

  const routines = new Map<string, Routine[]>();
  for (const row of (await tx.query<RoutineRow>(ROUTINES_SQL, [SCHEMA])).rows) {
    const routine = await toRoutine(tx, row, tables);
    routines.set(row.name, [...(routines.get(row.name) ?? []), routine]);
  }
  return { tables, relationships, routines, preRequest: await loadPreRequest(tx) };
}

async function toRoutine(tx: Transaction, row: RoutineRow, tables: Map<string, Table>): Promise<Routine> {
  const modes = row.arg_modes ?? row.arg_types.map(() => 'i');
  const names = row.arg_names ?? [];
  const inputs: RoutineParam[] = [];
  const outputs: Column[] = [];
  row.arg_types.forEach((type, i) => {
    const mode = modes[i] ?? 'i';
    const name = names[i] ?? '';
    if (mode === 'i' || mode === 'b' || mode === 'v') inputs.push({ name, type, hasDefault: false });
    if (mode === 'o' || mode === 'b' || mode === 't') outputs.push({ name, type, nullable: true, defaultExpr: null });
  });
  inputs.forEach((param, i) => {
    param.hasDefault = i >= inputs.length - row.default_count;
  });

  let returnColumns: Column[] | null = null;
  let returnTable: string | null = null;
  if (row.return_typtype === 'c') {
    returnTable = row.return_schema === SCHEMA ? row.return_table : null;
    const known = returnTable ? tables.get(returnTable) : undefined;
    returnColumns = known
      ? [...known.columns.values()]
      : (await tx.query<{ name: string; type: string }>(COMPOSITE_COLUMNS_SQL, [row.return_relid])).rows.map((column) => ({
          ...column,
          nullable: true,
          defaultExpr: null,
        }));
  } else if (row.return_type === 'record' && outputs.length > 0) {
    returnColumns = outputs;
  }
  return {
    name: row.name,
    params: inputs,
    volatility: row.volatility === 'i' ? 'immutable' : row.volatility === 's' ? 'stable' : 'volatile',
    returnsSet: row.returns_set,
    returnsVoid: row.returns_void,
    returnColumns,
    returnTable,
  };
}
