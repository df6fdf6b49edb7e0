/**
 * SQL fragments shared by reads, writes and RPC: bound parameters, quoted identifiers,
 * column references with JSON paths, filters, logic trees and order terms. Every value
 * from the request becomes a `$n` parameter; identifiers are quoted and were checked
 * against the schema cache before they get here.
 */
import { quoteIdent } from '../db/database.ts';
import { FTS_OPERATORS, SIMPLE_OPERATORS, type Field, type Filter, type LogicTree, type OrderTerm } from './grammar-types.ts';
import { nullEmbedOf, type PlanNode } from './plan.ts';

export const qi = quoteIdent;

/** Collects the values of one statement; `add` returns the placeholder to splice in. */
export class SqlParams {
  readonly values: string[] = [];

  add(value: string): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** `"alias"."column"` followed by its JSON path steps. */
export function fieldSql(alias: string, field: Field, p: SqlParams): string {
  let sql = `${qi(alias)}.${qi(field.name)}`;
  for (const step of field.jsonPath) {
    sql = `(${sql} ${step.arrow} ${p.add(step.operand)}::${step.isIndex ? 'int' : 'text'})`;
  }
  return sql;
}

/** Collects the laterals that a WHERE clause references (needed again for counting). */
export type UsedLaterals = Set<string>;

export function filterSql(node: PlanNode, filter: Filter, p: SqlParams, used: UsedLaterals): string {
  const embed = nullEmbedOf(node, filter);
  if (embed) {
    used.add(embed.lateral);
    const sql = `${qi(embed.lateral)}.pgrst_body IS NULL`;
    return filter.negate ? `NOT (${sql})` : sql;
  }
  const lhs = fieldSql(node.alias, filter.field, p);
  const op = filter.operation;
  let sql: string;
  switch (op.kind) {
    case 'op': {
      const value = op.op === 'like' || op.op === 'ilike' ? op.value.replaceAll('*', '%') : op.value;
      const operator = SIMPLE_OPERATORS[op.op];
      sql = op.quantifier ? `${lhs} ${operator} ${op.quantifier}(${p.add(value)})` : `${lhs} ${operator} ${p.add(value)}`;
      break;
    }
    case 'in':
      // `in.()` parses as one empty element: PostgREST reads it as the empty list.
      sql = op.values.length === 1 && op.values[0] === '' ? 'false' : `${lhs} IN (${op.values.map((v) => p.add(v)).join(', ')})`;
      break;
    case 'is':
      sql = `${lhs} IS ${op.value.toUpperCase()}`;
      break;
    case 'fts': {
      const config = op.language === null ? '' : `${p.add(op.language)}::regconfig, `;
      const isVector = node.columns.get(filter.field.name)?.type === 'tsvector' && filter.field.jsonPath.length === 0;
      const vector = isVector ? lhs : `to_tsvector(${config}${lhs})`;
      sql = `${vector} @@ ${FTS_OPERATORS[op.op]}(${config}${p.add(op.value)})`;
      break;
    }
  }
  return filter.negate ? `NOT (${sql})` : sql;
}

export function logicSql(node: PlanNode, tree: LogicTree, p: SqlParams, used: UsedLaterals): string {
  if (tree.kind === 'filter') return filterSql(node, tree.filter, p, used);
  const joined = `(${tree.children.map((child) => logicSql(node, child, p, used)).join(tree.op === 'and' ? ' AND ' : ' OR ')})`;
  return tree.negate ? `NOT ${joined}` : joined;
}

export function orderSql(node: PlanNode, term: OrderTerm, p: SqlParams): string {
  let expr: string;
  if (term.kind === 'field') expr = fieldSql(node.alias, term.field, p);
  else {
    const embed = node.embeds.find((candidate) => candidate.outputName === term.relation || candidate.relName === term.relation)!;
    expr = fieldSql(embed.lateral, term.field, p);
  }
  const direction = term.direction === null ? '' : ` ${term.direction.toUpperCase()}`;
  const nulls = term.nulls === null ? '' : ` NULLS ${term.nulls.toUpperCase()}`;
  return `${expr}${direction}${nulls}`;
}

export function limitSql(range: { offset: number; limit: number | null } | null): string {
  if (!range) return '';
  const limit = range.limit === null ? '' : ` LIMIT ${Math.max(0, Math.trunc(range.limit))}`;
  const offset = range.offset > 0 ? ` OFFSET ${Math.trunc(range.offset)}` : '';
  return `${limit}${offset}`;
}
