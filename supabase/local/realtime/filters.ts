/**
 * `postgres_changes` filters (`col=eq.value`, several joined by commas, `in.(a,"b,c")`,
 * `not.` prefix), parsed at join and compiled to a SQL boolean over the row alias `t`, so
 * Postgres compares with the column's own type exactly as Realtime does.
 */
import { quoteIdent } from '../db/database.ts';

const COMPARISONS: Record<string, string> = { eq: '=', neq: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=' };
const PATTERNS: Record<string, string> = { like: 'like', ilike: 'ilike', match: '~', imatch: '~*' };
const IS_VALUES: Record<string, string> = { null: 'null', true: 'true', false: 'false', unknown: 'unknown' };

export interface FilterCondition {
  column: string;
  operator: string;
  negate: boolean;
  values: string[];
}

export class FilterError extends Error {}

/** Own keys only: `toString`, `constructor` or `__proto__` are no operators. */
const known = (table: Record<string, string>, key: string): boolean => Object.hasOwn(table, key);

export function parseFilter(filter: string, columns: readonly string[]): FilterCondition[] {
  const conditions = splitTopLevel(filter).map((part) => parseCondition(part.trim()));
  for (const condition of conditions) {
    if (!columns.includes(condition.column)) {
      throw new FilterError(`Invalid column name in filter: ${condition.column}`);
    }
  }
  return conditions;
}

function parseCondition(part: string): FilterCondition {
  const eq = part.indexOf('=');
  if (eq <= 0) throw new FilterError(`Error parsing \`filter\` params: ${part}`);
  const column = part.slice(0, eq).trim();
  let rest = part.slice(eq + 1);
  const negate = rest.startsWith('not.');
  if (negate) rest = rest.slice(4);
  const dot = rest.indexOf('.');
  if (dot <= 0) throw new FilterError(`Error parsing \`filter\` params: ${part}`);
  const operator = rest.slice(0, dot);
  const raw = rest.slice(dot + 1);
  if (operator === 'in') {
    if (!raw.startsWith('(') || !raw.endsWith(')')) throw new FilterError(`Error parsing \`filter\` params: ${part}`);
    const values = splitTopLevel(raw.slice(1, -1)).map(unquote);
    if (values.length === 0) throw new FilterError(`Error parsing \`filter\` params: ${part}`);
    return { column, operator, negate, values };
  }
  if (operator === 'is' && !known(IS_VALUES, raw.toLowerCase())) {
    throw new FilterError(`Error parsing \`filter\` params: ${part}`);
  }
  if (!known(COMPARISONS, operator) && !known(PATTERNS, operator) && operator !== 'is' && operator !== 'isdistinct') {
    throw new FilterError(`Error parsing \`filter\` params: unknown operator ${operator}`);
  }
  return { column, operator, negate, values: [unquote(raw)] };
}

/** Split on commas outside double quotes and parentheses. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (quoted && char === '\\') {
      current += char + (text[i + 1] ?? '');
      i++;
      continue;
    }
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === '(') depth++;
    else if (!quoted && char === ')') depth--;
    if (char === ',' && !quoted && depth === 0) {
      parts.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  if (current.length > 0 || parts.length > 0) parts.push(current);
  return parts;
}

function unquote(value: string): string {
  const trimmed = value.trim();
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    return trimmed.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return value;
}

/**
 * SQL for the conjunction of `conditions`, pushing its values onto `params` (so `$n`
 * numbers continue from whatever the caller already placed there).
 */
export function compileFilter(conditions: readonly FilterCondition[], params: unknown[]): string {
  if (conditions.length === 0) return 'true';
  const parts = conditions.map((condition) => {
    const column = `t.${quoteIdent(condition.column)}`;
    const bind = (value: string) => {
      params.push(value);
      return `$${params.length}`;
    };
    let sql: string;
    const [first = ''] = condition.values;
    if (condition.operator === 'in') {
      sql = `${column} in (${condition.values.map(bind).join(', ')})`;
    } else if (condition.operator === 'is') {
      sql = `${column} is ${IS_VALUES[first.toLowerCase()]}`;
    } else if (condition.operator === 'isdistinct') {
      sql = `${column} is distinct from ${bind(first)}`;
    } else if (known(PATTERNS, condition.operator)) {
      // PostgREST's `*` wildcard in like/ilike.
      const pattern = condition.operator.endsWith('like') ? first.replace(/\*/g, '%') : first;
      sql = `${column}::text ${PATTERNS[condition.operator]} ${bind(pattern)}`;
    } else {
      sql = `${column} ${COMPARISONS[condition.operator]} ${bind(first)}`;
    }
    return condition.negate ? `not (${sql})` : `(${sql})`;
  });
  return `coalesce(${parts.join(' and ')}, false)`;
}
