/**
 * Reads the columns of public tables out of supabase/migrations/*.sql (CREATE TABLE, then
 * ALTER TABLE … ADD/DROP/ALTER COLUMN in file order), so a unit test can hold the local
 * schemas to the migrations. A small reader for the DDL this project writes, not a general
 * SQL parser; used by tests only.
 */
import type { ColumnDefault, ColumnType } from '../tables/columns.ts';

/** A column as the migrations declare it; types and defaults this app does not use are kept as text. */
export interface ParsedColumn {
  type: ColumnType | `other:${string}`;
  nullable: boolean;
  default?: ColumnDefault | { expression: string };
}

export type ParsedColumns = Map<string, ParsedColumn>;

const TYPE_NAMES: Record<string, ColumnType> = {
  uuid: 'uuid',
  text: 'text',
  'text[]': 'text[]',
  boolean: 'boolean',
  bool: 'boolean',
  timestamptz: 'timestamptz',
  date: 'date',
  integer: 'integer',
  int: 'integer',
  int4: 'integer',
  numeric: 'numeric',
  'timestamp with time zone': 'timestamptz',
  jsonb: 'jsonb',
};

const TABLE_CONSTRAINT = /^(constraint|unique|primary\s+key|check|foreign\s+key|exclude)\b/i;

function stripComments(sql: string): string {
  return sql.replace(/--[^\n]*/g, '');
}

/** Split on commas that are not inside parentheses or quotes. */
function splitTopLevel(body: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (const char of body) {
    if (char === "'") quoted = !quoted;
    if (!quoted && char === '(') depth++;
    if (!quoted && char === ')') depth--;
    if (!quoted && depth === 0 && char === ',') {
      parts.push(current.trim());
      current = '';
    } else {
      current += char;
    }
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

function parseDefault(expression: string | undefined): ParsedColumn['default'] {
  if (expression === undefined) return undefined;
  const text = expression.trim().toLowerCase();
  if (text === 'true' || text === 'false') return text === 'true';
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (text === 'now()' || text === 'clock_timestamp()' || text === 'current_timestamp') return { fn: 'now' };
  if (text === 'gen_random_uuid()') return { fn: 'uuid' };
  const literal = /^'((?:[^']|'')*)'(?:::([\w[\]]+))?$/.exec(expression.trim());
  if (literal) {
    const value = (literal[1] ?? '').replace(/''/g, "'");
    // An empty JSON array (`'[]'::jsonb`) is the client's empty list, as `'{}'` is of a text[].
    if (literal[2]?.toLowerCase() === 'jsonb' && value.trim() === '[]') return [];
    return value === '{}' ? [] : value;
  }
  return { expression: expression.trim() };
}

/** `name type [not null] [default …] [references …] [check (…)]` → [name, spec]. */
export function parseColumnDefinition(definition: string): [string, ParsedColumn] {
  const match = /^"?(\w+)"?\s+(.+)$/s.exec(definition.trim());
  if (!match) throw new Error(`Unreadable column definition: ${definition}`);
  const [, name = '', rest = ''] = match;
  const lower = rest.toLowerCase().replace(/\s+/g, ' ');
  const typeText = /^(timestamp with time zone|[\w]+(?:\[\])?)/.exec(lower)?.[1] ?? '';
  const type: ParsedColumn['type'] = TYPE_NAMES[typeText] ?? `other:${typeText}`;
  const nullable = !/\bnot null\b/.test(lower) && !/\bprimary key\b/.test(lower);
  const defaultMatch = /\bdefault\s+('(?:[^']|'')*'(?:::[\w[\]]+)?|[\w.]+\([^)]*\)|\w+)/i.exec(rest);
  const defaultValue = parseDefault(defaultMatch?.[1]);
  return [name, defaultValue === undefined ? { type, nullable } : { type, nullable, default: defaultValue }];
}

function tableBody(sql: string, openIndex: number): string {
  let depth = 0;
  for (let i = openIndex; i < sql.length; i++) {
    if (sql[i] === '(') depth++;
    if (sql[i] === ')' && --depth === 0) return sql.slice(openIndex + 1, i);
  }
  throw new Error('Unbalanced CREATE TABLE');
}

function applyAlter(columns: ParsedColumns, action: string): void {
  const add = /^add\s+column\s+(?:if\s+not\s+exists\s+)?(.+)$/is.exec(action);
  if (add) {
    const [name, spec] = parseColumnDefinition(add[1] ?? '');
    columns.set(name, spec);
    return;
  }
  const drop = /^drop\s+column\s+(?:if\s+exists\s+)?"?(\w+)"?/i.exec(action);
  if (drop) {
    columns.delete(drop[1] ?? '');
    return;
  }
  const alter = /^alter\s+column\s+"?(\w+)"?\s+(.+)$/is.exec(action);
  const spec = alter ? columns.get(alter[1] ?? '') : undefined;
  if (!alter || !spec) return;
  const change = (alter[2] ?? '').trim();
  if (/^set not null$/i.test(change)) columns.set(alter[1] ?? '', { ...spec, nullable: false });
  else if (/^drop not null$/i.test(change)) columns.set(alter[1] ?? '', { ...spec, nullable: true });
  else if (/^drop default$/i.test(change)) columns.set(alter[1] ?? '', { type: spec.type, nullable: spec.nullable });
  else if (/^set default /i.test(change)) {
    columns.set(alter[1] ?? '', { ...spec, default: parseDefault(change.replace(/^set default /i, '')) });
  }
}

/** The columns of every public table after applying the given migrations in order. */
export function readMigrationColumns(migrations: string[]): Map<string, ParsedColumns> {
  const tables = new Map<string, ParsedColumns>();
  for (const raw of migrations) {
    const sql = stripComments(raw);
    const statement = /create\s+table\s+(?:if\s+not\s+exists\s+)?public\.(\w+)\s*\(|alter\s+table\s+(?:if\s+exists\s+)?(?:only\s+)?public\.(\w+)\s+((?:add|drop|alter)\s+column[^;]*);/gi;
    for (let match = statement.exec(sql); match; match = statement.exec(sql)) {
      if (match[1]) {
        const columns: ParsedColumns = new Map();
        const body = tableBody(sql, match.index + match[0].length - 1);
        for (const item of splitTopLevel(body)) {
          if (TABLE_CONSTRAINT.test(item)) continue;
          const [name, spec] = parseColumnDefinition(item);
          columns.set(name, spec);
        }
        tables.set(match[1], columns);
      } else if (match[2] && match[3]) {
        const columns = tables.get(match[2]);
        if (columns) for (const action of splitTopLevel(match[3])) applyAlter(columns, action);
      }
    }
  }
  return tables;
}
