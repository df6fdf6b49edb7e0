/**
 * /functions/v1/<name>: runs `supabase/functions/<name>/index.ts` in-process, answering as
 * the hosted gateway does — 404 for an unknown function, the `verify_jwt` check (on unless
 * supabase/config.toml turns it off), 503 BOOT_ERROR when the module cannot load, and a
 * 500 when the handler throws (Deno.serve's default). The function sees the URL without
 * the /functions/v1 prefix, as on hosted Supabase, and reads this stack's env.
 */
import path from 'node:path';
import { ANON_KEY, FUNCTIONS_DIR, PUBLISHABLE_KEY, SECRET_KEY, SERVICE_ROLE_KEY, SUPABASE_DIR } from '../config.ts';
import type { HttpService, StackContext } from '../context.ts';
import { BodyTooLargeError, readBodyBytes, sendJson, send, sendTooLarge } from '../http/respond.ts';
import { verifyJwt as checkJwt } from '../jwt.ts';
import { FunctionEnv, runWithEnv, type RegisteredServe } from './deno-shim.ts';
import { readVerifyJwt } from './function-config.ts';
import { BootError, functionEntry, loadFunction } from './function-loader.ts';
import { sendResponse, toRequest } from './web-bridge.ts';

const PREFIX = '/functions/v1/';

export interface FunctionsOptions {
  /** Where `<name>/index.ts` live (tests point this at fixtures). */
  functionsDir?: string;
  /** The Supabase CLI config holding `[functions.<name>] verify_jwt`. */
  configFile?: string;
  /** More defaults of the functions' env (process.env wins): where the stack's simulators are. */
  env?: Record<string, string>;
}

export function createFunctionsService(ctx: Pick<StackContext, 'url'>, options: FunctionsOptions = {}): HttpService {
  const functionsDir = options.functionsDir ?? FUNCTIONS_DIR;
  const verifyJwt = readVerifyJwt(options.configFile ?? path.join(SUPABASE_DIR, 'config.toml'));
  // The default secrets of hosted functions (https://supabase.com/docs/guides/functions/secrets):
  // the new keys as JSON dictionaries, and the legacy keys. SUPABASE_DB_URL is left out:
  // PGlite takes no Postgres connections.
  const env = new FunctionEnv(
    {
      SUPABASE_URL: ctx.url,
      SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: PUBLISHABLE_KEY }),
      SUPABASE_SECRET_KEYS: JSON.stringify({ default: SECRET_KEY }),
      SUPABASE_ANON_KEY: ANON_KEY,
      SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
    },
    {
      NPPES_API_URL: `${ctx.url}/__simulator/nppes/api/`,
      CMS_DATA_API_URL: `${ctx.url}/__simulator/cms/data-api/v1`,
      ...options.env,
    },
  );
  const inFlight = new Set<AbortController>();

  return {
    async handle(req, res, url) {
      const rest = url.pathname.startsWith(PREFIX) ? url.pathname.slice(PREFIX.length) : '';
      const name = rest.split('/')[0] ?? '';
      const file = functionEntry(functionsDir, name);
      if (!file) return sendJson(res, 404, { code: 'NOT_FOUND', message: 'Requested function was not found' });

      if (req.method !== 'OPTIONS' && verifyJwt.get(name) !== false) {
        const authorization = req.headers['authorization'];
        if (!authorization) return sendJson(res, 401, { code: 401, message: 'Missing authorization header' });
        const token = /^Bearer\s+(.+)$/i.exec(authorization)?.[1]?.trim();
        // A JWT only: the gateway's check does not take publishable/secret keys, which is
        // why functions that check their caller themselves turn verify_jwt off.
        if (!token || !(await checkJwt(token)).ok) return sendJson(res, 401, { code: 401, message: 'Invalid JWT' });
      }

      let registered: RegisteredServe;
      try {
        registered = await loadFunction(file);
      } catch (error) {
        console.error(`[functions] ${name}: ${error instanceof BootError ? error.message : String(error)}`);
        return sendJson(res, 503, { code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' });
      }

      let body: Buffer | null = null;
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        try {
          body = await readBodyBytes(req);
        } catch (error) {
          if (error instanceof BodyTooLargeError) return sendTooLarge(res);
          throw error;
        }
      }

      const aborter = new AbortController();
      inFlight.add(aborter);
      res.on('close', () => {
        if (!res.writableFinished) aborter.abort();
        inFlight.delete(aborter);
      });
      const request = toRequest(req, `${ctx.url}/${rest}${url.search}`, aborter.signal, body);
      const info = {
        remoteAddr: { transport: 'tcp' as const, hostname: req.socket.remoteAddress ?? '127.0.0.1', port: req.socket.remotePort ?? 0 },
        completed: new Promise<void>((resolve) => res.on('close', () => resolve())),
      };
      let response: Response;
      try {
        response = await runWithEnv(env, () => registered.handler(request, info));
        if (!(response instanceof Response)) throw new TypeError('The handler did not return a Response');
      } catch (error) {
        // Deno.serve logs the error and answers with onError, by default a plain 500.
        console.error(`[functions] ${name} threw:`, error);
        const onError = registered.onError;
        if (!onError) return send(res, 500, 'Internal Server Error', { 'Content-Type': 'text/plain;charset=UTF-8' });
        response = await runWithEnv(env, () => onError(error));
      }
      await sendResponse(res, response, req.method ?? 'GET');
    },
    async close() {
      for (const aborter of inFlight) aborter.abort();
      inFlight.clear();
    },
  };
}
