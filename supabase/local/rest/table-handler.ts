/**
 * GET/HEAD, POST, PATCH and DELETE on /rest/v1/<table>, answered as PostgREST answers
 * them (statuses, Content-Range, Location, Preference-Applied). Each runs as one
 * statement inside the caller's transaction; a singular check that fails throws, so the
 * write is rolled back, as PostgREST does.
 */
import { restError } from './errors.ts';
import type { SelectItem } from './grammar-types.ts';
import { appliedPreferences } from './prefer.ts';
import { buildPlan, type PlanNode } from './plan.ts';
import type { ParsedQuery } from './query-params.ts';
import { assertSingular, contentRange, contentType, rangeNotSatisfiable, readRange, totalOf, type Reply, type ResultRow } from './reply.ts';
import { cappedRange, parseJsonBody, topLevelRange, type RestRequest } from './request.ts';
import type { Table } from './schema-cache.ts';
import { SqlParams } from './sql-fragments.ts';
import { readStatement } from './sql-read.ts';
import { deleteSql, insertSql, mutationStatement, updateSql, type Returning } from './sql-write.ts';

export async function handleTable(req: RestRequest, table: Table): Promise<Reply> {
  switch (req.method) {
    case 'GET':
    case 'HEAD':
      return read(req, table);
    case 'POST':
      return insert(req, table);
    case 'PATCH':
      return update(req, table);
    case 'DELETE':
      return remove(req, table);
  }
}

async function run(req: RestRequest, sql: string, p: SqlParams): Promise<ResultRow> {
  return (await req.tx.query<ResultRow>(sql, p.values)).rows[0]!;
}

function source(table: Table) {
  return { tableName: table.name, columns: table.columns };
}

async function read(req: RestRequest, table: Table): Promise<Reply> {
  const plan = buildPlan(req.cache, source(table), req.query, { rootFilters: true, ordering: true });
  const range = cappedRange(topLevelRange(req.headerRange, req.query.ranges.get('') ?? null), req.maxRows);
  const p = new SqlParams();
  const row = await run(req, readStatement(plan, table.name, p, range, req.shape, req.prefs.count !== null), p);
  const offset = range?.offset ?? 0;
  const total = totalOf(row);
  const { status, header } = readRange(offset, row.page_total, total);
  if (status === 416) throw rangeNotSatisfiable(offset, total ?? 0);
  assertSingular(req.shape, row.page_total);
  return {
    status,
    headers: withApplied({ 'Content-Type': contentType(req.shape), 'Content-Range': header }, req, ['count']),
    body: req.method === 'HEAD' ? null : (row.body ?? 'null'),
  };
}

/** The plan of what a write returns: the selected representation, the key, or nothing. */
function returningOf(req: RestRequest, table: Table, allowHeadersOnly: boolean): Returning & { headersOnly: boolean } {
  const mode = req.prefs.return;
  if (mode === 'representation') {
    const plan = buildPlan(req.cache, source(table), req.query, { rootFilters: false, ordering: false });
    return { plan, shape: req.shape, countInserted: false, headersOnly: false };
  }
  if (mode === 'headers-only' && allowHeadersOnly && table.primaryKey.length) {
    const select: SelectItem[] = table.primaryKey.map((name) => ({ kind: 'field', field: { name, jsonPath: [] }, alias: null, cast: null }));
    const query: ParsedQuery = { ...req.query, select, filters: [], logic: [] };
    const plan = buildPlan(req.cache, source(table), query, { rootFilters: false, ordering: false });
    return { plan, shape: 'array', countInserted: false, headersOnly: true };
  }
  return { plan: null, shape: req.shape, countInserted: false, headersOnly: false };
}

/** The columns a payload writes: `columns=` if given, else the keys of its objects. */
function payloadColumns(req: RestRequest, table: Table, rows: Record<string, unknown>[]): string[] {
  let columns = req.query.columns;
  if (!columns) {
    const first = Object.keys(rows[0] ?? {});
    const same = rows.every((row) => {
      const keys = Object.keys(row);
      return keys.length === first.length && keys.every((key) => first.includes(key));
    });
    if (!same) throw restError(400, 'PGRST102', 'All object keys must match');
    columns = first;
  }
  for (const column of columns) {
    if (!table.columns.has(column)) {
      throw restError(400, 'PGRST204', `Could not find the '${column}' column of '${table.name}' in the schema cache`);
    }
  }
  return columns;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function insert(req: RestRequest, table: Table): Promise<Reply> {
  const payload = parseJsonBody(req.body);
  const rows = Array.isArray(payload) ? payload : [payload];
  if (!rows.every(isObject)) throw restError(400, 'PGRST102', 'Empty or invalid json');
  const columns = payloadColumns(req, table, rows);
  const conflictColumns = req.query.onConflict ?? (table.primaryKey.length ? table.primaryKey : null);
  const resolution = conflictColumns ? req.prefs.resolution : null;
  const returning = returningOf(req, table, true);
  returning.countInserted = resolution === 'merge-duplicates';

  const p = new SqlParams();
  const mutation = insertSql(
    {
      table,
      columns,
      payload: Array.isArray(payload) ? req.body : `[${req.body}]`,
      missingDefault: req.prefs.missing === 'default',
      onConflict: resolution && conflictColumns ? { columns: conflictColumns, action: resolution === 'merge-duplicates' ? 'merge' : 'ignore' } : null,
    },
    p,
  );
  const row = await run(req, mutationStatement(mutation, table, returning, p, req.prefs.count !== null), p);
  const full = returning.plan !== null && !returning.headersOnly;
  if (full) assertSingular(req.shape, row.page_total);

  const headers: Record<string, string> = { 'Content-Range': contentRange(1, 0, totalOf(row)) };
  if (full) headers['Content-Type'] = contentType(req.shape);
  if (returning.headersOnly && row.body) {
    const first = (JSON.parse(row.body) as Array<Record<string, unknown>>)[0];
    if (first) {
      const search = table.primaryKey.map((key) => `${encodeURIComponent(key)}=${encodeURIComponent(`eq.${String(first[key])}`)}`);
      headers.Location = `/${table.name}?${search.join('&')}`;
    }
  }
  const applied = resolution ? ['return', 'count', 'resolution', 'missing', 'tx'] : ['return', 'count', 'missing', 'tx'];
  const status = resolution === 'merge-duplicates' && (row.inserted ?? 0) <= 0 && row.page_total > 0 ? 200 : 201;
  return { status, headers: withApplied(headers, req, applied as Array<keyof RestRequest['prefs']>), body: full ? row.body : null };
}

/** A plan holding only the top-level filters, for the WHERE of UPDATE and DELETE. */
function rootFilters(req: RestRequest, table: Table): PlanNode {
  const query: ParsedQuery = {
    ...req.query,
    select: [{ kind: 'star' }],
    filters: req.query.filters.filter((entry) => entry.path.length === 0),
    logic: req.query.logic.filter((entry) => entry.path.length === 0),
  };
  return buildPlan(req.cache, source(table), query, { rootFilters: true, ordering: false });
}

async function update(req: RestRequest, table: Table): Promise<Reply> {
  const payload = parseJsonBody(req.body);
  if (!isObject(payload)) throw restError(400, 'PGRST102', 'Empty or invalid json');
  const columns = payloadColumns(req, table, [payload]);
  const filters = rootFilters(req, table);
  const returning = returningOf(req, table, false);
  const p = new SqlParams();
  const count = req.prefs.count !== null;
  const row: ResultRow = columns.length
    ? await run(req, mutationStatement(updateSql(table, columns, req.body, filters, p), table, returning, p, count), p)
    : { total: count ? '0' : null, page_total: 0, body: '[]' };
  return mutationReply(req, row, returning.plan !== null, contentRange(0, row.page_total - 1, totalOf(row)), [
    'return',
    'count',
    'missing',
    'tx',
  ]);
}

async function remove(req: RestRequest, table: Table): Promise<Reply> {
  const filters = rootFilters(req, table);
  const returning = returningOf(req, table, false);
  const p = new SqlParams();
  const row = await run(req, mutationStatement(deleteSql(table, filters, p), table, returning, p, req.prefs.count !== null), p);
  return mutationReply(req, row, returning.plan !== null, contentRange(1, 0, totalOf(row)), ['return', 'count', 'tx']);
}

function mutationReply(
  req: RestRequest,
  row: ResultRow,
  full: boolean,
  range: string,
  applied: Array<keyof RestRequest['prefs']>,
): Reply {
  if (full) assertSingular(req.shape, row.page_total);
  const headers: Record<string, string> = { 'Content-Range': range };
  if (full) headers['Content-Type'] = contentType(req.shape);
  return { status: full ? 200 : 204, headers: withApplied(headers, req, applied), body: full ? row.body : null };
}

function withApplied(headers: Record<string, string>, req: RestRequest, keys: Array<keyof RestRequest['prefs']>): Record<string, string> {
  const applied = appliedPreferences(req.prefs, keys);
  return applied ? { ...headers, 'Preference-Applied': applied } : headers;
}
