// The service-role supabase-js client the functions act with, created only after the
// caller has been checked, and naming that caller as the actor of what it writes. Functions never open Realtime; supabase-js still wants a
// WebSocket constructor when it is created, which Node 20 (the local stack runs these
// functions in-process) lacks, so it gets one that refuses to be used.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { FunctionConfig } from './env.ts';

type ClientOptions = NonNullable<Parameters<typeof createClient>[2]>;
type RealtimeTransport = NonNullable<NonNullable<ClientOptions['realtime']>['transport']>;

class RealtimeUnused {
  constructor() {
    throw new Error('Edge Functions in this project do not use Realtime.');
  }
}

/**
 * The header that names, for the audit, the user a service-role request acts for: the
 * audit triggers read it from PostgREST's `request.headers` only when the role is
 * service_role (private.audit_actor, migration 20261125100002).
 */
export const ACTOR_HEADER = 'x-actor-id';

/** A service-role client; with `actorId`, every database write it makes is audited under that user. */
export function serviceClient(config: FunctionConfig, actorId?: string): SupabaseClient {
  return createClient(config.supabaseUrl, config.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    ...(actorId ? { global: { headers: { [ACTOR_HEADER]: actorId } } } : {}),
    // The constructor throws if anything tries to open a socket; the cast only names its type.
    realtime: { transport: RealtimeUnused as unknown as RealtimeTransport },
  });
}

export type { SupabaseClient };

/**
 * A client acting as the caller (the anon key plus the caller's own token): what it does
 * passes the caller's row-level security and is recorded under their id.
 */
export function callerClient(config: FunctionConfig, token: string): SupabaseClient {
  return createClient(config.supabaseUrl, config.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
    realtime: { transport: RealtimeUnused as unknown as RealtimeTransport },
  });
}
