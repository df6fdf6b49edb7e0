// The pipeline every function of this project runs: CORS preflight, configuration, a JSON
// body, the caller's identity and permission (checked before anything acts with the
// service role), the idempotency key, then the function's own work. An unexpected throw
// answers 500 with the function's name, and is logged.
import { allows, identifyCaller, type Access, type Caller } from './caller.ts';
import { readConfig, type FunctionConfig } from './env.ts';
import { errorResponse, preflight, readJsonObject } from './http.ts';
import { withIdempotency } from './idempotency.ts';
import { serviceClient, type SupabaseClient } from './supabase.ts';

export interface FunctionContext {
  req: Request;
  body: Record<string, unknown>;
  caller: Caller;
  config: FunctionConfig;
  /**
   * Acts with the service role: only ever used after the caller's permission was checked,
   * and its writes are audited under the caller (the actor header).
   */
  service: SupabaseClient;
}

export interface FunctionSpec {
  name: string;
  access: Access;
  /** What a signed-in caller without the permission is told (403). */
  forbiddenMessage: string;
  handle(ctx: FunctionContext): Promise<Response>;
}

export function createHandler(spec: FunctionSpec): (req: Request) => Promise<Response> {
  return async (req) => {
    const early = preflight(req);
    if (early) return early;
    try {
      const config = readConfig();
      const identified = await identifyCaller(req, serviceClient(config));
      if (!identified.ok) return identified.response;
      const { caller } = identified;
      const service = serviceClient(config, caller.id);
      if (!allows(caller, spec.access)) return errorResponse(403, 'forbidden', spec.forbiddenMessage);
      const read = await readJsonObject(req);
      if (!read.ok) return read.response;
      const ctx: FunctionContext = { req, body: read.body, caller, config, service };
      return await withIdempotency(service, req, { functionName: spec.name, callerId: caller.id, body: read.body }, () =>
        spec.handle(ctx),
      );
    } catch (error) {
      console.error(`${spec.name} failed`, error);
      return errorResponse(500, 'internal_error', `The ${spec.name} Edge Function failed unexpectedly (HTTP 500).`);
    }
  };
}
