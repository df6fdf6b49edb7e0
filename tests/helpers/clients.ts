/**
 * supabase-js clients for tests: anonymous, service role, and signed-in users created on
 * the fly. Node 20 has no global WebSocket, so Realtime gets the `ws` transport.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { randomUUID } from 'node:crypto';
import { SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY, SUPABASE_URL } from './env.ts';

export type Client = SupabaseClient;

function options() {
  return {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  };
}

export function anonClient(): Client {
  return createClient(SUPABASE_URL, SUPABASE_ANON_KEY, options());
}

export function serviceClient(): Client {
  return createClient(SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY, options());
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@contract.test`;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  client: Client;
}

/** Sign up a new user (autoconfirmed locally) and return a client signed in as them. */
export async function signedInUser(
  prefix = 'user',
  metadata: Record<string, unknown> = {},
): Promise<TestUser> {
  const email = uniqueEmail(prefix);
  const password = `pw-${randomUUID()}`;
  const client = anonClient();
  const { data, error } = await client.auth.signUp({ email, password, options: { data: metadata } });
  if (error) throw error;
  if (!data.session || !data.user) {
    const signIn = await client.auth.signInWithPassword({ email, password });
    if (signIn.error) throw signIn.error;
  }
  const { data: userData, error: userError } = await client.auth.getUser();
  if (userError || !userData.user) throw userError ?? new Error('no user after sign-up');
  return { id: userData.user.id, email, password, client };
}

/**
 * A signed-in user with a role granted by the service role. Access is granted, never
 * inferred: a user who only signed up has no role and sees nothing but their own profile.
 */
export async function userWithRole(
  role: 'admin' | 'staff' | 'provider',
  prefix: string = role,
  metadata: Record<string, unknown> = {},
): Promise<TestUser> {
  const user = await signedInUser(prefix, metadata);
  const { error } = await serviceClient().from('user_roles').insert({ id: randomUUID(), user_id: user.id, role });
  if (error) throw error;
  return user;
}

/** A signed-in staff member (an active `staff` role): reads and edits the directory. */
export function staffUser(prefix = 'staff', metadata: Record<string, unknown> = {}): Promise<TestUser> {
  return userWithRole('staff', prefix, metadata);
}
