/**
 * The CMS data API (data.cms.gov/data-api/v1) query semantics the verification functions
 * rely on, as pure functions: `filter[COLUMN]=value` (exact value, any column, several
 * ANDed), `keyword` (case-insensitive substring of any value), `column=A,B` (projection),
 * `size` (default 1000, at most 5000) and `offset`. Brackets may come URL-encoded or not;
 * URLSearchParams decodes both to the same name.
 */
import type { CmsRow } from './types.ts';

export const DEFAULT_SIZE = 1000;
export const MAX_SIZE = 5000;

export interface CmsQuery {
  filters: Array<[column: string, value: string]>;
  keyword: string | null;
  columns: string[] | null;
  size: number;
  offset: number;
}

export type ParsedCmsQuery = { ok: true; query: CmsQuery } | { ok: false; message: string };

function nonNegativeInteger(value: string | null): number | null | undefined {
  if (value === null || value === '') return undefined;
  return /^[0-9]+$/.test(value) ? Number(value) : null;
}

export function parseCmsQuery(params: URLSearchParams): ParsedCmsQuery {
  const filters: Array<[string, string]> = [];
  for (const [name, value] of params) {
    const match = /^filter\[([^\]]+)\]$/.exec(name);
    if (match?.[1]) filters.push([match[1], value]);
  }
  const size = nonNegativeInteger(params.get('size'));
  if (size === null) return { ok: false, message: 'The size parameter must be a non-negative integer' };
  const offset = nonNegativeInteger(params.get('offset'));
  if (offset === null) return { ok: false, message: 'The offset parameter must be a non-negative integer' };
  const columnList = params.get('column');
  return {
    ok: true,
    query: {
      filters,
      keyword: params.get('keyword') || null,
      columns: columnList ? columnList.split(',').map((c) => c.trim()).filter(Boolean) : null,
      size: Math.min(size ?? DEFAULT_SIZE, MAX_SIZE),
      offset: offset ?? 0,
    },
  };
}

/** The value of a column, the column name compared case-insensitively (CMS columns are upper case). */
function columnValue(row: CmsRow, column: string): string | undefined {
  if (column in row) return row[column];
  const key = Object.keys(row).find((k) => k.toUpperCase() === column.toUpperCase());
  return key === undefined ? undefined : row[key];
}

export function matchesCmsQuery(row: CmsRow, query: CmsQuery): boolean {
  if (!query.filters.every(([column, value]) => columnValue(row, column) === value)) return false;
  if (query.keyword) {
    const wanted = query.keyword.toUpperCase();
    if (!Object.values(row).some((value) => value.toUpperCase().includes(wanted))) return false;
  }
  return true;
}

function project(row: CmsRow, columns: string[] | null): CmsRow {
  if (!columns) return { ...row };
  const out: CmsRow = {};
  for (const column of columns) {
    const value = columnValue(row, column);
    if (value !== undefined) out[column] = value;
  }
  return out;
}

/** The JSON array the data API answers; `[]` when nothing matches. */
export function searchCms(rows: readonly CmsRow[], query: CmsQuery): CmsRow[] {
  return rows
    .filter((row) => matchesCmsQuery(row, query))
    .slice(query.offset, query.offset + query.size)
    .map((row) => project(row, query.columns));
}
