/**
 * Turns a read plan into one SQL statement whose result is the response body as JSON
 * text, built inside Postgres (json_agg / row_to_json over subqueries, one LEFT JOIN
 * LATERAL per embed), so timestamps keep their microseconds and jsonb / arrays come out
 * exactly as Postgres prints them. Mutations and RPC reuse it over their own source.
 */
import type { Range } from './query-params.ts';
import type { Embed, PlanNode } from './plan.ts';
import { SCHEMA } from './schema-cache.ts';
import { fieldSql, limitSql, logicSql, orderSql, qi, type SqlParams, type UsedLaterals } from './sql-fragments.ts';

/** The JSON keys a node's rows have, in order (for spread embeds). */
function outputNames(node: PlanNode): string[] {
  return node.items.flatMap((item) => {
    if (item.kind === 'star') return [...node.columns.keys()];
    if (item.kind === 'field') return [item.outputName];
    return item.embed.spread ? outputNames(item.embed.node) : [item.embed.outputName];
  });
}

function projection(node: PlanNode, p: SqlParams): string {
  const parts = node.items.flatMap((item): string[] => {
    if (item.kind === 'star') return [...node.columns.keys()].map((name) => `${qi(node.alias)}.${qi(name)} AS ${qi(name)}`);
    if (item.kind === 'field') {
      const cast = item.cast === null ? '' : `::${item.cast}`;
      return [`${fieldSql(node.alias, item.field, p)}${cast} AS ${qi(item.outputName)}`];
    }
    const { embed } = item;
    const body = `${qi(embed.lateral)}.pgrst_body`;
    if (embed.spread) return outputNames(embed.node).map((name) => `${body} -> ${p.add(name)}::text AS ${qi(name)}`);
    return [embed.rel.toOne ? `${body} AS ${qi(embed.outputName)}` : `COALESCE(${body}, '[]'::json) AS ${qi(embed.outputName)}`];
  });
  return parts.join(', ');
}

/** The WHERE conditions of a node: its filters and trees, plus `!inner` embeds. */
function conditions(node: PlanNode, p: SqlParams, used: UsedLaterals): string[] {
  const conds = node.where.map((tree) => logicSql(node, tree, p, used));
  for (const embed of node.embeds) {
    if (embed.joinType === 'inner') {
      used.add(embed.lateral);
      conds.push(`${qi(embed.lateral)}.pgrst_body IS NOT NULL`);
    }
  }
  return conds;
}

function whereClause(conds: string[]): string {
  return conds.length ? ` WHERE ${conds.join(' AND ')}` : '';
}

function orderClause(node: PlanNode, p: SqlParams): string {
  return node.order.length ? ` ORDER BY ${node.order.map((term) => orderSql(node, term, p)).join(', ')}` : '';
}

function lateral(embed: Embed, parentAlias: string, p: SqlParams): string {
  const child = embed.node;
  const joins = embed.rel.columns.map(([column, foreign]) => `${qi(child.alias)}.${qi(foreign)} = ${qi(parentAlias)}.${qi(column)}`);
  const laterals = child.embeds.map((nested) => lateral(nested, child.alias, p)).join('');
  const proj = projection(child, p);
  const from = `${qi(SCHEMA)}.${qi(child.tableName)} AS ${qi(child.alias)}${laterals}`;
  const where = whereClause([...joins, ...conditions(child, p, new Set())]);
  const tail = `${orderClause(child, p)}${limitSql(child.range)}`;
  const inner = embed.rel.toOne
    ? // The row's columns stay visible beside the JSON so the parent can order by them.
      `SELECT (SELECT row_to_json(pgrst_row) FROM (SELECT ${proj}) AS pgrst_row) AS pgrst_body, ${qi(child.alias)}.* FROM ${from}${where}${tail}`
    : `SELECT json_agg(pgrst_row) AS pgrst_body FROM (SELECT ${proj} FROM ${from}${where}${tail}) AS pgrst_row`;
  return ` LEFT JOIN LATERAL (${inner}) AS ${qi(embed.lateral)} ON TRUE`;
}

export interface RootSql {
  /** The page: SELECT … FROM source … WHERE … ORDER BY … LIMIT … */
  select: string;
  /** SELECT count(*) over the same rows without the range. */
  count: string;
}

/** The top-level SELECT of a plan over `source`: a table, a CTE name or a function call. */
export function rootSql(node: PlanNode, source: string, p: SqlParams, range: Range | null): RootSql {
  const used: UsedLaterals = new Set();
  const proj = projection(node, p);
  const laterals = node.embeds.map((embed) => ({ embed, sql: lateral(embed, node.alias, p) }));
  const where = whereClause(conditions(node, p, used));
  const from = `${source} AS ${qi(node.alias)}`;
  const select = `SELECT ${proj} FROM ${from}${laterals.map((l) => l.sql).join('')}${where}${orderClause(node, p)}${limitSql(range)}`;
  const countLaterals = laterals.filter((l) => used.has(l.embed.lateral)).map((l) => l.sql).join('');
  const count = `SELECT count(*) FROM ${from}${countLaterals}${where}`;
  return { select, count };
}

export type BodyShape = 'array' | 'object' | 'array-stripped' | 'object-stripped';

/** The aggregate that turns the rows of `pgrst_t` into the response body text. */
export function bodyAggregate(shape: BodyShape): string {
  switch (shape) {
    case 'array':
      return `coalesce(json_agg(pgrst_t), '[]'::json)::text`;
    case 'array-stripped':
      return `coalesce(json_agg(json_strip_nulls(row_to_json(pgrst_t))), '[]'::json)::text`;
    case 'object':
      return `(json_agg(pgrst_t) -> 0)::text`;
    case 'object-stripped':
      return `(json_agg(json_strip_nulls(row_to_json(pgrst_t))) -> 0)::text`;
  }
}

/** A complete read: total (when counting), page size and body. */
export function readStatement(node: PlanNode, table: string, p: SqlParams, range: Range | null, shape: BodyShape, count: boolean): string {
  const { select, count: countSql } = rootSql(node, `${qi(SCHEMA)}.${qi(table)}`, p, range);
  const total = count ? `(${countSql})::bigint::text` : 'NULL::text';
  return `WITH pgrst_source AS (${select}) SELECT ${total} AS total, count(*)::int AS page_total, ${bodyAggregate(shape)} AS body FROM pgrst_source AS pgrst_t`;
}
