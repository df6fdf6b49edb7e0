/**
 * jsonb and text[] values as they may arrive: spec §3 says nppes_data and
 * pecos_verification_data "may arrive as a JSON string and are then parsed" (older writers
 * stored the registry answer double-encoded), and favorite_reports must be a string array.
 * Parsing is lossless: a value that is not JSON text of an object or array stays as it is.
 */
import type { JsonValue } from '../tables/columns.ts';

const MAX_DECODE_DEPTH = 3;

function isJsonContainer(value: unknown): value is JsonValue[] | { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null;
}

/** A jsonb column value: JSON text of an object/array is decoded (also when encoded twice). */
export function parseJsonColumn(value: unknown): JsonValue {
  if (value === undefined) return null;
  let current: unknown = value;
  for (let depth = 0; depth < MAX_DECODE_DEPTH && typeof current === 'string'; depth++) {
    const text = current.trim();
    if (!/^[[{"]/.test(text)) break;
    let decoded: unknown;
    try {
      decoded = JSON.parse(text);
    } catch {
      break;
    }
    // A JSON string literal may itself hold JSON text (double encoding): keep unwrapping.
    if (!isJsonContainer(decoded) && typeof decoded !== 'string') break;
    current = decoded;
  }
  return (isJsonContainer(current) ? current : value) as JsonValue;
}

/** Split a Postgres array literal such as `{a,"b c"}` (what a text[] looks like as text). */
function parsePostgresArrayLiteral(text: string): string[] {
  const body = text.slice(1, -1);
  const items: string[] = [];
  let current = '';
  let quoted = false;
  let wasQuoted = false;
  for (let i = 0; i < body.length; i++) {
    const char = body[i] as string;
    if (quoted) {
      if (char === '\\') current += body[++i] ?? '';
      else if (char === '"') quoted = false;
      else current += char;
    } else if (char === '"') {
      quoted = true;
      wasQuoted = true;
    } else if (char === ',') {
      items.push(current);
      current = '';
      wasQuoted = false;
    } else {
      current += char;
    }
  }
  if (body.length > 0 || wasQuoted) items.push(current);
  return items;
}

/** A text[] column value: an array of strings, from an array, its JSON text or its Postgres literal. */
export function parseTextArrayColumn(value: unknown): string[] {
  let current: unknown = value;
  if (typeof current === 'string') {
    const text = current.trim();
    if (text.startsWith('{') && text.endsWith('}')) return parsePostgresArrayLiteral(text);
    try {
      current = JSON.parse(text);
    } catch {
      return text === '' ? [] : [current as string];
    }
  }
  if (!Array.isArray(current)) return [];
  return current.filter((item): item is string => typeof item === 'string');
}
