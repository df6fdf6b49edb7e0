/**
 * The read plan: the `select` tree resolved against the schema cache (which table each
 * embed reads, through which foreign key), with every filter, logic tree, order and
 * range attached to the node its embed path names, and every column checked to exist.
 * PostgREST's Plan.hs does the same before it writes any SQL.
 */
import { restError } from './errors.ts';
import type { Field, Filter, LogicTree, OrderTerm, SelectItem } from './grammar-types.ts';
import type { ParsedQuery, Range } from './query-params.ts';
import { findRelationship } from './relationships.ts';
import type { Column, Relationship, SchemaCache } from './schema-cache.ts';

export interface PlanNode {
  /** Table (or function) name: for relationships and error messages. */
  tableName: string;
  columns: Map<string, Column>;
  /** The SQL alias of this node's relation. */
  alias: string;
  items: PlanItem[];
  where: LogicTree[];
  order: OrderTerm[];
  range: Range | null;
  embeds: Embed[];
}

export type PlanItem =
  | { kind: 'star' }
  | { kind: 'field'; field: Field; cast: string | null; outputName: string }
  | { kind: 'embed'; embed: Embed };

export interface Embed {
  node: PlanNode;
  rel: Relationship;
  relName: string;
  relAlias: string | null;
  outputName: string;
  joinType: 'inner' | 'left';
  spread: boolean;
  /** The SQL alias of the lateral subquery that builds this embed's JSON. */
  lateral: string;
}

export interface PlanSource {
  tableName: string;
  columns: Map<string, Column>;
}

export interface PlanOptions {
  /** Attach the top-level filters (reads); mutations apply them in the mutation itself. */
  rootFilters: boolean;
  /** Attach order and ranges (PostgREST ignores them on mutations). */
  ordering: boolean;
}

export function buildPlan(cache: SchemaCache, source: PlanSource, query: ParsedQuery, options: PlanOptions): PlanNode {
  let counter = 0;
  const nextAlias = (name: string) => {
    counter += 1;
    return name.length > 40 ? `pgrst_${counter}` : `${name}_${counter}`;
  };

  const buildNode = (tableName: string, columns: Map<string, Column>, alias: string, select: SelectItem[]): PlanNode => {
    const node: PlanNode = { tableName, columns, alias, items: [], where: [], order: [], range: null, embeds: [] };
    for (const item of select) {
      if (item.kind !== 'relation') {
        node.items.push(
          item.kind === 'star'
            ? item
            : { kind: 'field', field: item.field, cast: item.cast, outputName: item.alias ?? outputNameOf(item.field) },
        );
        continue;
      }
      const rel = findRelationship(cache, tableName, item.name, item.hint);
      const target = cache.tables.get(rel.foreignTable);
      if (!target) throw restError(400, 'PGRST200', `Could not find a relationship between '${tableName}' and '${item.name}' in the schema cache`);
      if (item.spread && !rel.toOne) {
        throw restError(
          400,
          'PGRST119',
          `A spread operation on '${item.name}' is not possible`,
          `'${tableName}' and '${item.name}' do not form a many-to-one or one-to-one relationship`,
        );
      }
      const embed: Embed = {
        node: buildNode(target.name, target.columns, nextAlias(target.name), item.children),
        rel,
        relName: item.name,
        relAlias: item.alias,
        outputName: item.alias ?? item.name,
        joinType: item.joinType ?? 'left',
        spread: item.spread,
        lateral: `pgrst_lat_${counter}`,
      };
      node.embeds.push(embed);
      node.items.push({ kind: 'embed', embed });
    }
    return node;
  };

  const root = buildNode(source.tableName, source.columns, source.tableName, query.select);
  for (const { path, filter } of query.filters) {
    if (path.length === 0 && !options.rootFilters) continue;
    nodeAt(root, path).where.push({ kind: 'filter', filter });
  }
  for (const { path, tree } of query.logic) {
    if (path.length === 0 && !options.rootFilters) continue;
    nodeAt(root, path).where.push(tree);
  }
  if (options.ordering) {
    for (const { path, terms } of query.order) nodeAt(root, path).order.push(...terms);
    for (const [key, range] of query.ranges) nodeAt(root, key === '' ? [] : key.split('.')).range = range;
  }
  validate(root);
  return root;
}

/** The JSON key of a selected field: its last JSON key, else the column name. */
function outputNameOf(field: Field): string {
  const keys = field.jsonPath.filter((step) => !step.isIndex);
  return keys.length ? keys[keys.length - 1]!.operand : field.name;
}

function nodeAt(root: PlanNode, path: string[]): PlanNode {
  let node = root;
  for (const name of path) {
    const embed = node.embeds.find((candidate) => candidate.relName === name || candidate.relAlias === name);
    if (!embed) {
      throw restError(
        400,
        'PGRST108',
        `'${name}' is not an embedded resource in this request`,
        null,
        `Verify that '${name}' is included in the 'select' query parameter.`,
      );
    }
    node = embed.node;
  }
  return node;
}

/** The embed a top-level `rel=is.null` / `rel=not.is.null` filter tests, if it is one. */
export function nullEmbedOf(node: PlanNode, filter: Filter): Embed | null {
  if (filter.field.jsonPath.length || filter.operation.kind !== 'is' || filter.operation.value !== 'null') return null;
  if (node.columns.has(filter.field.name)) return null;
  return node.embeds.find((embed) => embed.outputName === filter.field.name || embed.relName === filter.field.name) ?? null;
}

function validate(node: PlanNode): void {
  const check = (name: string) => {
    if (!node.columns.has(name)) throw unknownColumn(node.tableName, name);
  };
  for (const item of node.items) if (item.kind === 'field') check(item.field.name);
  const visit = (tree: LogicTree) => {
    if (tree.kind === 'expr') return tree.children.forEach(visit);
    if (!nullEmbedOf(node, tree.filter)) check(tree.filter.field.name);
  };
  node.where.forEach(visit);
  for (const term of node.order) {
    if (term.kind === 'field') {
      check(term.field.name);
      continue;
    }
    const embed = node.embeds.find((candidate) => candidate.outputName === term.relation || candidate.relName === term.relation);
    if (!embed) {
      throw restError(400, 'PGRST108', `'${term.relation}' is not an embedded resource in this request`, null,
        `Verify that '${term.relation}' is included in the 'select' query parameter.`);
    }
    if (!embed.rel.toOne) {
      throw restError(
        400,
        'PGRST118',
        `A related order on '${term.relation}' is not possible`,
        `'${node.tableName}' and '${term.relation}' do not form a many-to-one or one-to-one relationship`,
      );
    }
    if (!embed.node.columns.has(term.field.name)) throw unknownColumn(embed.node.tableName, term.field.name);
  }
  for (const embed of node.embeds) validate(embed.node);
}

export function unknownColumn(table: string, column: string) {
  return restError(400, '42703', `column ${table}.${column} does not exist`);
}
