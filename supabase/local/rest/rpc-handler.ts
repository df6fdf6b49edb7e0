/**
 * POST (and GET/HEAD for reads) on /rest/v1/rpc/<function>: the arguments come from the
 * JSON body or the query string, the result is shaped as PostgREST shapes it, and a
 * function returning void answers 204.
 */
import { restError } from './errors.ts';
import { buildPlan } from './plan.ts';
import { assertSingular, contentType, rangeNotSatisfiable, readRange, totalOf, type Reply, type ResultRow } from './reply.ts';
import { cappedRange, parseJsonBody, topLevelRange, type RestRequest } from './request.ts';
import { findRoutine, rpcStatement } from './rpc.ts';
import type { Column } from './schema-cache.ts';
import { SqlParams } from './sql-fragments.ts';

/** The call's arguments: the body object (POST) or the plain query parameters (GET). */
export function rpcArguments(req: Pick<RestRequest, 'method' | 'body' | 'query'>): { keys: string[]; payload: string; isPost: boolean } {
  if (req.method !== 'POST') {
    const args = Object.fromEntries(req.query.params);
    return { keys: Object.keys(args), payload: JSON.stringify(args), isPost: false };
  }
  const text = req.body.trim() === '' ? '{}' : req.body;
  const value = parseJsonBody(text);
  const keys = typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.keys(value) : [];
  return { keys, payload: text, isPost: true };
}

export async function handleRpc(req: RestRequest, name: string): Promise<Reply> {
  const { keys, payload, isPost } = rpcArguments(req);
  const call = findRoutine(req.cache, name, keys, { isPost, paramsSingleObject: req.prefs.params === 'single-object' });
  if (!call.singleObject && isPost) {
    const value = parseJsonBody(payload);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw restError(400, 'PGRST102', 'Empty or invalid json');
    }
  }
  const { routine } = call;
  const plan = routine.returnColumns
    ? buildPlan(
        req.cache,
        {
          tableName: routine.returnTable ?? routine.name,
          columns: new Map<string, Column>(routine.returnColumns.map((column) => [column.name, column])),
        },
        req.query,
        { rootFilters: true, ordering: true },
      )
    : null;
  // A set-returning function's rows are capped like a table's; a scalar or json result is one row.
  const requested = topLevelRange(req.headerRange, req.query.ranges.get('') ?? null);
  const range = routine.returnsSet ? cappedRange(requested, req.maxRows) : requested;
  const p = new SqlParams();
  const count = req.prefs.count !== null;
  const sql = rpcStatement({ call, argumentKeys: keys, payload, plan, range, shape: req.shape, count }, p);
  const row = (await req.tx.query<ResultRow>(sql, p.values)).rows[0]!;

  if (routine.returnsVoid) return { status: 204, headers: {}, body: null };
  const offset = range?.offset ?? 0;
  const total = totalOf(row);
  const { status, header } = readRange(offset, row.page_total, total);
  if (status === 416) throw rangeNotSatisfiable(offset, total ?? 0);
  if (routine.returnsSet) assertSingular(req.shape, row.page_total);
  return {
    status,
    headers: { 'Content-Type': contentType(routine.returnsSet ? req.shape : 'array'), 'Content-Range': header },
    body: req.method === 'HEAD' ? null : row.body,
  };
}
