// The service-role supabase-js client the functions act with, created only after the
// caller has been checked. Functions never open Realtime; supabase-js still wants a
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

export function serviceClient(config: FunctionConfig): SupabaseClient {
  return createClient(config.supabaseUrl, config.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
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
