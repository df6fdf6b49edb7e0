/**
 * One REST request as the handlers see it: the parsed query string, preferences, the
 * negotiated body shape, the Range header, the raw body, and the caller's transaction
 * with the schema cache it was planned against.
 */
import type { Transaction } from '../db/database.ts';
import { restError } from './errors.ts';
import type { Preferences } from './prefer.ts';
import type { ParsedQuery, Range } from './query-params.ts';
import type { SchemaCache } from './schema-cache.ts';
import type { BodyShape } from './sql-read.ts';

export interface RestRequest {
  method: 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE';
  query: ParsedQuery;
  prefs: Preferences;
  shape: BodyShape;
  /** The `Range: 0-9` header, if any. */
  headerRange: Range | null;
  body: string;
  tx: Transaction;
  cache: SchemaCache;
  /** config.toml's `[api] max_rows`: no read answers more rows (null: no cap). */
  maxRows: number | null;
}

/** The media types a response can take, from the Accept header (first one we serve). */
export function negotiate(accept: string | undefined): BodyShape {
  if (!accept) return 'array';
  const offered = accept.split(',').map((part) => part.trim());
  for (const entry of offered) {
    const [type = '', ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    const stripped = params.includes('nulls=stripped');
    if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object') {
      return stripped ? 'object-stripped' : 'object';
    }
    if (type === 'application/vnd.pgrst.array+json') return stripped ? 'array-stripped' : 'array';
    if (type === 'application/json' || type === '*/*' || type === 'application/*') return 'array';
  }
  throw restError(406, 'PGRST107', `None of these media types are available: ${offered.join(', ')}`);
}

/** `Range: 0-9` (items) → offset 0, limit 10. */
export function parseRangeHeader(value: string | undefined): Range | null {
  const match = value ? /^\s*(?:items=)?(\d+)-(\d*)\s*$/.exec(value) : null;
  if (!match) return null;
  const offset = Number(match[1]);
  const end = match[2] ? Number(match[2]) : null;
  if (end !== null && end < offset) {
    throw restError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
    );
  }
  return { offset, limit: end === null ? null : end - offset + 1 };
}

/** The top-level range: the Range header intersected with `limit`/`offset`. */
export function topLevelRange(header: Range | null, query: Range | null): Range | null {
  if (!header) return query;
  if (!query) return header;
  const offset = Math.max(header.offset, query.offset);
  const ends = [header, query].flatMap((range) => (range.limit === null ? [] : [range.offset + range.limit]));
  const end = ends.length ? Math.min(...ends) : null;
  return { offset, limit: end === null ? null : Math.max(0, end - offset) };
}

/**
 * The range a read may fetch under the Data API's `max_rows`, as PostgREST applies
 * db-max-rows: a limit above the cap (or none) becomes the cap.
 */
export function cappedRange(range: Range | null, maxRows: number | null): Range | null {
  if (maxRows === null) return range;
  if (!range) return { offset: 0, limit: maxRows };
  return { offset: range.offset, limit: range.limit === null ? maxRows : Math.min(range.limit, maxRows) };
}

/** Parse a request body as JSON; PostgREST answers 400 PGRST102 otherwise. */
export function parseJsonBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw restError(400, 'PGRST102', 'Empty or invalid json');
  }
}
