// The pipeline of a function the scheduler calls (pg_cron + pg_net on a hosted project,
// supabase/local/scheduler locally): no user, only the project's service key as the bearer.
// Anything else is refused before the function does anything: 401 without a bearer, 403
// with any other one (a user's token, the publishable key). The gateway's verify_jwt is off
// for these functions, as it refuses the new secret keys; this check replaces it.
import { bearerToken } from './caller.ts';
import { readConfig, type FunctionConfig } from './env.ts';
import { errorResponse, preflight, readJsonObject } from './http.ts';
import { isServiceKey } from './scheduled-key.ts';
import { serviceClient, type SupabaseClient } from './supabase.ts';

export interface ScheduledContext {
  body: Record<string, unknown>;
  config: FunctionConfig;
  service: SupabaseClient;
}

export function createScheduledHandler(spec: { name: string; handle(ctx: ScheduledContext): Promise<Response> }): (req: Request) => Promise<Response> {
  return async (req) => {
    const early = preflight(req);
    if (early) return early;
    try {
      const config = readConfig();
      const token = bearerToken(req);
      if (!token) return errorResponse(401, 'not_authenticated', 'A scheduled function needs the service key as the bearer.');
      // The secret key the function was given, or the legacy service_role JWT pg_cron may send.
      if (!isServiceKey(token, [config.serviceRoleKey, Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')])) {
        return errorResponse(403, 'forbidden', `Only the scheduler may run ${spec.name}.`);
      }
      const read = await readJsonObject(req);
      if (!read.ok) return read.response;
      return await spec.handle({ body: read.body, config, service: serviceClient(config) });
    } catch (error) {
      console.error(`${spec.name} failed`, error);
      return errorResponse(500, 'internal_error', `The ${spec.name} Edge Function failed unexpectedly (HTTP 500).`);
    }
  };
}
