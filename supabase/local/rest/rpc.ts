/**
 * /rpc/<function>: pick the overload whose parameter names fit the given arguments (as
 * PostgREST's findProc does), call it with named notation from one bound JSON parameter
 * (json_to_record gives each argument its declared type), and shape the result as
 * PostgREST does: a scalar as a JSON value, a set as an array, a row type as an object,
 * TABLE/SETOF rows as a readable relation that select/filters/order/limit apply to.
 */
import { restError, type RestError } from './errors.ts';
import { closest } from './fuzzy.ts';
import type { PlanNode } from './plan.ts';
import type { Range } from './query-params.ts';
import { SCHEMA, type Routine, type SchemaCache } from './schema-cache.ts';
import { bodyAggregate, rootSql, type BodyShape } from './sql-read.ts';
import { limitSql, qi, type SqlParams } from './sql-fragments.ts';

export interface RpcCall {
  routine: Routine;
  /** Pass the whole body as the one json/jsonb parameter. */
  singleObject: boolean;
}

const JSON_TYPES = new Set(['json', 'jsonb']);

export function findRoutine(
  cache: SchemaCache,
  name: string,
  argumentKeys: string[],
  options: { isPost: boolean; paramsSingleObject: boolean },
): RpcCall {
  const overloads = cache.routines.get(name) ?? [];
  const keys = new Set(argumentKeys);
  const matches: RpcCall[] = [];
  for (const routine of overloads) {
    const onlyParam = routine.params.length === 1 ? routine.params[0]! : null;
    if (options.paramsSingleObject && onlyParam && JSON_TYPES.has(onlyParam.type)) {
      matches.push({ routine, singleObject: true });
      continue;
    }
    if (options.isPost && onlyParam && onlyParam.name === '' && JSON_TYPES.has(onlyParam.type)) {
      matches.push({ routine, singleObject: true });
      continue;
    }
    const names = new Set(routine.params.map((param) => param.name));
    const required = routine.params.filter((param) => !param.hasDefault).map((param) => param.name);
    if ([...keys].every((key) => names.has(key)) && required.every((param) => keys.has(param))) {
      matches.push({ routine, singleObject: false });
    }
  }
  if (matches.length === 1) return matches[0]!;
  if (matches.length === 0) throw noRoutine(cache, name, [...keys].sort(), options.isPost);
  throw restError(
    300,
    'PGRST203',
    `Could not choose the best candidate function between: ${matches
      .map(({ routine }) => `${SCHEMA}.${routine.name}(${routine.params.map((param) => `${param.name} => ${param.type}`).join(', ')})`)
      .join(', ')}`,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  );
}

function noRoutine(cache: SchemaCache, name: string, keys: string[], isPost: boolean): RestError {
  const fn = `${SCHEMA}.${name}`;
  const listed = keys.length ? `(${keys.join(', ')})` : ' without parameters';
  const searched = keys.length ? ` with parameter${keys.length > 1 ? 's' : ''} ${keys.join(', ')}` : ' without parameters';
  const overloads = cache.routines.get(name);
  let hint: string | null = null;
  if (!overloads) {
    const suggestion = closest(name, cache.routines.keys(), 0.75);
    if (suggestion) hint = `Perhaps you meant to call the function ${SCHEMA}.${suggestion}`;
  } else {
    const signature = (routine: Routine) => `(${routine.params.map((param) => param.name).sort().join(', ')})`;
    const suggestion = closest(`(${keys.join(', ')})`, overloads.map(signature), 0.33);
    if (suggestion) hint = `Perhaps you meant to call the function ${fn}${suggestion}`;
  }
  return restError(
    404,
    'PGRST202',
    `Could not find the function ${fn}${listed} in the schema cache`,
    `Searched for the function ${fn}${searched}${isPost ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`,
    hint,
  );
}

/** `"public"."fn"("a" := …)`, reading the arguments from the CTE `pgrst_args`. */
function callSql(call: RpcCall, argumentKeys: string[], payload: string, p: SqlParams): { ctes: string; expr: string } {
  const fn = `${qi(SCHEMA)}.${qi(call.routine.name)}`;
  if (call.singleObject) {
    return { ctes: '', expr: `${fn}(${p.add(payload)}::${call.routine.params[0]!.type})` };
  }
  const given = call.routine.params.filter((param) => argumentKeys.includes(param.name));
  if (!given.length) return { ctes: '', expr: `${fn}()` };
  const definitions = given.map((param) => `${qi(param.name)} ${param.type}`).join(', ');
  const args = given.map((param) => `${qi(param.name)} := (SELECT ${qi(param.name)} FROM pgrst_args)`).join(', ');
  return {
    ctes: `pgrst_args AS (SELECT * FROM json_to_record(${p.add(payload)}::json) AS pgrst_a(${definitions})), `,
    expr: `${fn}(${args})`,
  };
}

export interface RpcStatementInput {
  call: RpcCall;
  argumentKeys: string[];
  /** The arguments as a JSON object text (or the whole body for a single-object call). */
  payload: string;
  /** The read plan over the returned rows, for functions that return rows. */
  plan: PlanNode | null;
  range: Range | null;
  shape: BodyShape;
  count: boolean;
}

/** The statement for a call, answering `total`, `page_total` and `body` like a read. */
export function rpcStatement(input: RpcStatementInput, p: SqlParams): string {
  const { routine } = input.call;
  const { ctes, expr } = callSql(input.call, input.argumentKeys, input.payload, p);
  const page = (body: string, total: string) =>
    `SELECT ${input.count ? total : 'NULL::text'} AS total, count(*)::int AS page_total, ${body} AS body FROM pgrst_source AS pgrst_t`;

  if (routine.returnsVoid) {
    return `WITH ${ctes}pgrst_source AS (SELECT ${expr} AS pgrst_scalar) SELECT NULL::text AS total, count(*)::int AS page_total, NULL::text AS body FROM pgrst_source`;
  }
  // The call runs once, in its own CTE, even when the page and the count both read it.
  if (routine.returnColumns && input.plan) {
    const { select, count } = rootSql(input.plan, 'pgrst_call', p, input.range);
    const shape: BodyShape = routine.returnsSet ? input.shape : input.shape.endsWith('stripped') ? 'object-stripped' : 'object';
    return `WITH ${ctes}pgrst_call AS (SELECT * FROM ${expr}), pgrst_source AS (${select}) ${page(bodyAggregate(shape), `(${count})::bigint::text`)}`;
  }
  if (routine.returnsSet) {
    const call = `pgrst_call AS (SELECT pgrst_scalar FROM ${expr} AS pgrst_scalar)`;
    const source = `pgrst_source AS (SELECT pgrst_scalar FROM pgrst_call${limitSql(input.range)})`;
    const total = `(SELECT count(*) FROM pgrst_call)::bigint::text`;
    const body = input.shape.startsWith('object')
      ? `(json_agg(pgrst_t.pgrst_scalar) -> 0)::text`
      : `coalesce(json_agg(pgrst_t.pgrst_scalar), '[]'::json)::text`;
    return `WITH ${ctes}${call}, ${source} ${page(body, total)}`;
  }
  return `WITH ${ctes}pgrst_source AS (SELECT ${expr} AS pgrst_scalar) ${page(`coalesce((json_agg(pgrst_t.pgrst_scalar) -> 0)::text, 'null')`, '1::text')}`;
}
