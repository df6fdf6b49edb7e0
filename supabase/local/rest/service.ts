/**
 * /rest/v1: the PostgREST subset that supabase-js (postgrest-js 2.119) speaks, over the
 * stack's PGlite. Per request: verify the JWT, negotiate schema and media type, parse
 * the query string, then run ONE transaction as the caller (`SET LOCAL ROLE` + claims),
 * so row-level security is Postgres's own. Served: tables (read, insert/upsert, update,
 * delete with embeds, filters, order, ranges, counts) and /rpc functions. Not served:
 * PUT, CSV/plan media types, aggregates, many-to-many embeds through junction tables.
 */
import type { IncomingMessage } from 'node:http';
import type { HttpService, StackContext } from '../context.ts';
import { BodyTooLargeError, header, readBody, send, sendJson, sendTooLarge } from '../http/respond.ts';
import { bearerToken, verifyToken, type Claims } from '../jwt.ts';
import { fromDatabaseError, restError, RestError } from './errors.ts';
import { closest } from './fuzzy.ts';
import { QueryParamError } from './grammar-types.ts';
import { openApiDocument } from './openapi.ts';
import { parsePrefer } from './prefer.ts';
import { parseQuery } from './query-params.ts';
import type { Reply } from './reply.ts';
import { negotiate, parseRangeHeader, type RestRequest } from './request.ts';
import { preRequestCall, readResponseHeaders } from './in-database-config.ts';
import { handleRpc } from './rpc-handler.ts';
import { loadSchemaCache, SCHEMA, type SchemaCache } from './schema-cache.ts';
import { handleTable } from './table-handler.ts';

const PREFIX = '/rest/v1';
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PATCH', 'DELETE']);

/** Thrown inside the transaction for `Prefer: tx=rollback`, carrying the answer out. */
class RollbackWith {
  constructor(readonly reply: Reply) {}
}

export function createRestService(ctx: StackContext): HttpService {
  const cache = schemaCacheHolder(ctx);
  return {
    async handle(req, res, url) {
      try {
        const reply = await handleRequest(ctx, cache, req, url);
        send(res, reply.status, reply.body, reply.headers);
      } catch (error) {
        // A chunked body that grew past the limit: the gateway's answer, as for a declared one.
        if (error instanceof BodyTooLargeError) return sendTooLarge(res);
        const answer = toRestError(error);
        sendJson(res, answer.status, answer.body, answer.headers);
      }
    },
    async close() {
      await cache.close();
    },
  };
}

interface CacheHolder {
  get(): Promise<SchemaCache>;
  /** Reload now (a name was not found: a migration may have run since). */
  reload(): Promise<SchemaCache>;
  close(): Promise<void>;
}

function schemaCacheHolder(ctx: StackContext): CacheHolder {
  let current: Promise<SchemaCache> | null = null;
  let loading: Promise<SchemaCache> | null = null;
  const reload = () => {
    loading ??= ctx.db.asOwner((tx) => loadSchemaCache(tx)).finally(() => {
      loading = null;
    });
    current = loading;
    return loading;
  };
  // `NOTIFY pgrst, 'reload schema'` reloads the cache, as it does for PostgREST.
  const unlisten = ctx.db.pg.listen('pgrst', () => void reload().catch(() => {})).catch(() => null);
  return {
    get: () => current ?? reload(),
    reload,
    async close() {
      const stop = await unlisten;
      await stop?.().catch(() => {});
    },
  };
}

function toRestError(error: unknown): RestError {
  if (error instanceof RestError) return error;
  if (error instanceof QueryParamError) return restError(400, 'PGRST100', error.message, error.details);
  throw error;
}

async function authenticate(req: IncomingMessage): Promise<Claims> {
  const token = bearerToken(req.headers);
  const check = await verifyToken(token);
  if (check.ok) return check.claims;
  if (check.reason === 'missing') return { role: 'anon' };
  const parts = (token ?? '').split('.').length;
  const [code, message] =
    check.reason === 'expired'
      ? ['PGRST303', 'JWT expired']
      : parts !== 3
        ? ['PGRST301', `Expected 3 parts in JWT; got ${parts}`]
        : ['PGRST301', 'JWT cryptographic operation failed'];
  throw restError(401, code, message, null, null, {
    'WWW-Authenticate': `Bearer error="invalid_token", error_description=${JSON.stringify(message)}`,
  });
}

/** Accept-Profile (reads) / Content-Profile (writes): only `public` is exposed. */
function checkProfile(req: IncomingMessage, method: string): boolean {
  const name = method === 'GET' || method === 'HEAD' ? 'accept-profile' : 'content-profile';
  const profile = header(req, name);
  if (profile === undefined) return false;
  if (profile !== SCHEMA) {
    throw restError(406, 'PGRST106', `Invalid schema: ${profile}`, null, `Only the following schemas are exposed: ${SCHEMA}`);
  }
  return true;
}

async function handleRequest(ctx: StackContext, holder: CacheHolder, req: IncomingMessage, url: URL): Promise<Reply> {
  const method = req.method ?? 'GET';
  if (!METHODS.has(method)) throw restError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
  const claims = await authenticate(req);
  const profiled = checkProfile(req, method);
  const segments = url.pathname.slice(PREFIX.length).split('/').filter(Boolean).map(decodeURIComponent);
  const isRpc = segments.length === 2 && segments[0] === 'rpc';
  if (segments.length > 1 && !isRpc) throw restError(404, 'PGRST125', 'Invalid path specified in request URL');
  if (isRpc && method !== 'GET' && method !== 'HEAD' && method !== 'POST') {
    throw restError(405, 'PGRST101', `Cannot use the ${method} method on RPC`);
  }

  let cache = await holder.get();
  if (segments.length === 0) {
    if (method !== 'GET' && method !== 'HEAD') throw restError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
    return { status: 200, headers: { 'Content-Type': 'application/openapi+json; charset=utf-8' }, body: openApiDocument(cache, '/') };
  }
  const name = segments[segments.length - 1]!;
  const known = (c: SchemaCache) => (isRpc ? c.routines.has(name) : c.tables.has(name));
  if (!known(cache)) cache = await holder.reload();
  const table = isRpc ? null : cache.tables.get(name);
  if (!isRpc && !table) {
    const suggestion = closest(name, cache.tables.keys(), 0.75);
    throw restError(
      404,
      'PGRST205',
      `Could not find the table '${SCHEMA}.${name}' in the schema cache`,
      null,
      suggestion ? `Perhaps you meant the table '${SCHEMA}.${suggestion}'` : null,
    );
  }

  const isRead = method === 'GET' || method === 'HEAD';
  const base = {
    method: method as RestRequest['method'],
    query: parseQuery(url.searchParams),
    prefs: parsePrefer(header(req, 'prefer')),
    shape: negotiate(header(req, 'accept')),
    headerRange: isRead ? parseRangeHeader(header(req, 'range')) : null,
    body: isRead || method === 'DELETE' ? '' : await readBody(req),
    cache,
    maxRows: ctx.config.maxRows,
  };
  const authed = claims.role !== 'anon';
  let reply: Reply;
  try {
    reply = await ctx.db.asCaller(claims, async (tx) => {
      await tx.query(
        `select set_config('request.method', $1, true), set_config('request.path', $2, true), set_config('request.headers', $3, true)`,
        [method, url.pathname.slice(PREFIX.length), JSON.stringify(req.headers)],
      );
      // Reads run read-only, as in PostgREST: a volatile function called by GET fails (405).
      if (isRead) await tx.exec('set transaction read only');
      if (cache.preRequest) await tx.query(preRequestCall(cache.preRequest));
      const request: RestRequest = { ...base, tx };
      const answer = table ? await handleTable(request, table) : await handleRpc(request, name);
      Object.assign(answer.headers, await readResponseHeaders(tx));
      if (base.prefs.tx === 'rollback') throw new RollbackWith(answer);
      return answer;
    });
  } catch (error) {
    if (error instanceof RollbackWith) reply = error.reply;
    else throw fromDatabaseError(error, authed);
  }
  if (profiled) reply.headers['Content-Profile'] = SCHEMA;
  return reply;
}
