/**
 * Splits a request's query string into what PostgREST reads from it: `select`, filters
 * (per embed path), `or`/`and` trees, `order`, `limit`/`offset`, `columns`,
 * `on_conflict`, and the remaining plain parameters (the arguments of a GET RPC call).
 * The classification follows PostgREST's QueryParams.parse.
 */
import { parseColumns, parseFilterValue, parseLogicTree, parseLogicKey, parseOrder, parseSelect, parseTreePath } from './grammar.ts';
import {
  FTS_OPERATORS,
  SIMPLE_OPERATORS,
  type Filter,
  type LogicTree,
  type OrderTerm,
  type SelectItem,
} from './grammar-types.ts';

export interface Range {
  offset: number;
  limit: number | null;
}

export interface ParsedQuery {
  select: SelectItem[];
  filters: Array<{ path: string[]; filter: Filter }>;
  logic: Array<{ path: string[]; tree: LogicTree }>;
  order: Array<{ path: string[]; terms: OrderTerm[] }>;
  /** Keyed by the embed path joined with `.` (`''` for the top level). */
  ranges: Map<string, Range>;
  columns: string[] | null;
  onConflict: string[] | null;
  /** Parameters that are neither reserved nor filters: the arguments of a GET RPC call. */
  params: Array<[string, string]>;
}

const RESERVED = new Set(['select', 'columns', 'on_conflict']);
const RESERVED_EMBEDDABLE = new Set(['order', 'limit', 'offset', 'and', 'or']);

function lastWord(key: string): string {
  const parts = key.split('.');
  return parts[parts.length - 1] ?? key;
}

function pathOf(key: string): string[] {
  return key.split('.').slice(0, -1);
}

/** PostgREST's `hasOperator`: does this value start with an operator? */
function hasOperator(value: string): boolean {
  const parts = value.split('.');
  const first = parts[0] ?? '';
  if (first === 'not' && parts.length >= 2) return true;
  if (first === 'is' || first === 'in') return true;
  const bare = first.replace(/\((any|all)\)$/, '');
  return Object.hasOwn(SIMPLE_OPERATORS, bare) || Object.hasOwn(FTS_OPERATORS, bare);
}

function hasFtsOperator(value: string): boolean {
  const parts = value.split('(');
  return parts.length >= 2 && Object.hasOwn(FTS_OPERATORS, parts[0] ?? '');
}

function parseInteger(value: string): number | null {
  return /^-?[0-9]+$/.test(value.trim()) ? Number.parseInt(value, 10) : null;
}

export function parseQuery(search: URLSearchParams): ParsedQuery {
  const entries = [...search.entries()];
  const first = (name: string): string | null => entries.find(([key]) => key === name)?.[1] ?? null;

  const selectValue = first('select');
  const columnsValue = first('columns');
  const onConflictValue = first('on_conflict');
  const parsed: ParsedQuery = {
    select: parseSelect(selectValue === null || selectValue === '' ? '*' : selectValue),
    filters: [],
    logic: [],
    order: [],
    ranges: new Map(),
    columns: columnsValue === null ? null : parseColumns(columnsValue, 'columns parameter'),
    onConflict: onConflictValue === null ? null : parseColumns(onConflictValue, 'on_conflict parameter'),
    params: [],
  };

  const limits = new Map<string, number>();
  const offsets = new Map<string, number>();
  for (const [key, value] of entries) {
    if (RESERVED.has(key)) continue;
    const word = lastWord(key);
    if (RESERVED_EMBEDDABLE.has(word)) {
      if (value === '') continue;
      const path = pathOf(key);
      if (word === 'order') parsed.order.push({ path, terms: parseOrder(value) });
      else if (word === 'and' || word === 'or') {
        const logicKey = parseLogicKey(key);
        parsed.logic.push({ path: logicKey.path, tree: parseLogicTree(logicKey.op, value) });
      } else {
        const number = parseInteger(value);
        if (number !== null) (word === 'limit' ? limits : offsets).set(path.join('.'), number);
      }
      continue;
    }
    if (key.includes('.') || hasOperator(value) || hasFtsOperator(value)) {
      const { path, field } = parseTreePath(key);
      parsed.filters.push({ path, filter: { field, ...parseFilterValue(value) } });
    } else {
      parsed.params.push([key, value]);
    }
  }
  for (const key of new Set([...limits.keys(), ...offsets.keys()])) {
    parsed.ranges.set(key, { offset: Math.max(0, offsets.get(key) ?? 0), limit: limits.get(key) ?? null });
  }
  return parsed;
}
