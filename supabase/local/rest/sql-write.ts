/**
 * INSERT (and upsert), UPDATE and DELETE statements in PostgREST's shape: the payload is
 * one bound JSON parameter turned into rows by jsonb_populate_record (so arrays and jsonb
 * arrive typed), the mutation runs in a CTE, and the response body is built from its
 * RETURNING rows by the read builder. Without a representation the mutation returns
 * `1`, so under RLS it needs no SELECT policy, as with PostgREST.
 */
import type { PlanNode } from './plan.ts';
import { SCHEMA, type Table } from './schema-cache.ts';
import { bodyAggregate, rootSql, type BodyShape } from './sql-read.ts';
import { logicSql, qi, type SqlParams } from './sql-fragments.ts';

export interface Returning {
  /** The read plan of the representation, or null for `return=minimal`. */
  plan: PlanNode | null;
  shape: BodyShape;
  /** Count inserted rows apart from updated ones (upsert with merge-duplicates). */
  countInserted: boolean;
}

export interface InsertSpec {
  table: Table;
  columns: string[];
  /** The payload as a JSON array text, passed through untouched. */
  payload: string;
  missingDefault: boolean;
  onConflict: { columns: string[]; action: 'merge' | 'ignore' } | null;
}

function target(table: Table): string {
  return `${qi(SCHEMA)}.${qi(table.name)} AS ${qi(table.name)}`;
}

export function insertSql(spec: InsertSpec, p: SqlParams): string {
  const { table, columns } = spec;
  const rowType = `NULL::${qi(SCHEMA)}.${qi(table.name)}`;
  const source =
    `FROM jsonb_array_elements(${p.add(spec.payload)}::jsonb) WITH ORDINALITY AS pgrst_e(value, i), ` +
    `LATERAL jsonb_populate_record(${rowType}, pgrst_e.value) AS pgrst_r`;
  const values = columns.map((name) => {
    if (!spec.missingDefault) return `pgrst_r.${qi(name)}`;
    const fallback = table.columns.get(name)?.defaultExpr ?? 'NULL';
    return `CASE WHEN pgrst_e.value ? ${p.add(name)}::text THEN pgrst_r.${qi(name)} ELSE ${fallback} END`;
  });
  const columnList = columns.length ? ` (${columns.map(qi).join(', ')})` : '';
  let sql = `INSERT INTO ${target(table)}${columnList} SELECT ${values.join(', ')} ${source} ORDER BY pgrst_e.i`;
  if (spec.onConflict) {
    const conflict = spec.onConflict.columns.map(qi).join(', ');
    const updates = columns.map((name) => `${qi(name)} = EXCLUDED.${qi(name)}`);
    sql +=
      spec.onConflict.action === 'merge' && updates.length
        ? ` ON CONFLICT (${conflict}) DO UPDATE SET ${updates.join(', ')}`
        : ` ON CONFLICT (${conflict}) DO NOTHING`;
  }
  return sql;
}

/** UPDATE with the payload object; `filters` is the plan holding the top-level filters. */
export function updateSql(table: Table, columns: string[], payload: string, filters: PlanNode, p: SqlParams): string {
  const rowType = `NULL::${qi(SCHEMA)}.${qi(table.name)}`;
  const sets = columns.map((name) => `${qi(name)} = pgrst_body.${qi(name)}`).join(', ');
  return `UPDATE ${target(table)} SET ${sets} FROM jsonb_populate_record(${rowType}, ${p.add(payload)}::jsonb) AS pgrst_body${where(filters, p)}`;
}

export function deleteSql(table: Table, filters: PlanNode, p: SqlParams): string {
  return `DELETE FROM ${target(table)}${where(filters, p)}`;
}

function where(filters: PlanNode, p: SqlParams): string {
  const conds = filters.where.map((tree) => logicSql(filters, tree, p, new Set()));
  return conds.length ? ` WHERE ${conds.join(' AND ')}` : '';
}

/**
 * The whole statement: the mutation in a CTE, then page size, body and (for upserts)
 * how many rows were inserted rather than updated.
 */
export function mutationStatement(mutation: string, table: Table, returning: Returning, p: SqlParams, count: boolean): string {
  const alias = qi(table.name);
  const inserted = returning.countInserted ? `, (${alias}.xmax = 0) AS pgrst_inserted` : '';
  const insertedCount = returning.countInserted
    ? `(SELECT count(*) FROM pgrst_source WHERE pgrst_inserted)::int`
    : 'NULL::int';
  const total = count ? '(SELECT count(*) FROM pgrst_source)::bigint::text' : 'NULL::text';
  if (!returning.plan) {
    return (
      `WITH pgrst_source AS (${mutation} RETURNING 1 AS pgrst_one${inserted}) ` +
      `SELECT ${total} AS total, (SELECT count(*) FROM pgrst_source)::int AS page_total, NULL::text AS body, ${insertedCount} AS inserted`
    );
  }
  const read = rootSql(returning.plan, 'pgrst_source', p, null).select;
  return (
    `WITH pgrst_source AS (${mutation} RETURNING ${alias}.*${inserted}) ` +
    `SELECT ${total} AS total, count(*)::int AS page_total, ${bodyAggregate(returning.shape)} AS body, ${insertedCount} AS inserted ` +
    `FROM (${read}) AS pgrst_t`
  );
}
