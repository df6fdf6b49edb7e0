/**
 * What a handler answers, and the PostgREST conventions around it: Content-Range
 * (`0-24/*`, `*\/0`, `0-9/123`), 206/416 when a count is asked for, the singular
 * (`vnd.pgrst.object+json`) check, and the media types of the body.
 */
import { restError } from './errors.ts';
import type { BodyShape } from './sql-read.ts';

export interface Reply {
  status: number;
  headers: Record<string, string>;
  /** The body text; null for none (HEAD, 204, return=minimal). */
  body: string | null;
}

/** One row of the statements this service runs: counts and the body as JSON text. */
export interface ResultRow {
  total: string | null;
  page_total: number;
  body: string | null;
  inserted?: number | null;
}

/** PostgREST's RangeQuery.contentRangeH. */
export function contentRange(lower: number, upper: number, total: number | null): string {
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${range}/${total === null ? '*' : total}`;
}

/** Status and Content-Range of a read, as PostgREST's rangeStatusHeader. */
export function readRange(offset: number, pageTotal: number, total: number | null): { status: number; header: string } {
  const upper = offset + pageTotal - 1;
  const header = contentRange(offset, upper, total);
  if (total === null) return { status: 200, header };
  if (offset > total) return { status: 416, header };
  return { status: 1 + upper - offset < total ? 206 : 200, header };
}

export function rangeNotSatisfiable(offset: number, total: number) {
  return restError(416, 'PGRST103', 'Requested range not satisfiable', `An offset of ${offset} was requested, but there are only ${total} rows.`);
}

/** 406 PGRST116 unless exactly one row came back for `Accept: vnd.pgrst.object+json`. */
export function assertSingular(shape: BodyShape, rows: number): void {
  if (!shape.startsWith('object') || rows === 1) return;
  throw restError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${rows} rows`);
}

export function contentType(shape: BodyShape): string {
  return shape.startsWith('object')
    ? 'application/vnd.pgrst.object+json; charset=utf-8'
    : 'application/json; charset=utf-8';
}

export function totalOf(row: ResultRow): number | null {
  return row.total === null ? null : Number(row.total);
}
