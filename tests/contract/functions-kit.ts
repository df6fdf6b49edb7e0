/**
 * A private local stack for the Edge Function contract tests. These tests drive the
 * registry simulator's fault switches, which are global to a stack, and they need a short
 * registry timeout (read by the functions from the env of the process running them), so
 * each test file starts its own in-memory stack in its worker instead of sharing the run's
 * stack with files that might arm or trip the same switches.
 */
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { ANON_KEY, SERVICE_ROLE_KEY } from '../../supabase/local/config.ts';
import { startStack, type RunningStack } from '../../supabase/local/stack.ts';

export interface FunctionsStack {
  url: string;
  stack: RunningStack;
  anon(): SupabaseClient;
  service(): SupabaseClient;
  /** A new signed-in user with this role (staff by default; null: a sign-up with no role). */
  user(role?: 'admin' | 'staff' | 'provider' | null): Promise<StackUser>;
  faults(settings: Record<string, unknown>): Promise<FaultState>;
  faultState(): Promise<FaultState>;
  clearFaults(): Promise<void>;
  mailbox(email: string): Promise<Array<{ to: string; kind: string; link: string }>>;
  stop(): Promise<void>;
}

export interface StackUser {
  id: string;
  email: string;
  password: string;
  client: SupabaseClient;
}

/** The simulator's switch state (GET /__simulator/__faults). */
export interface FaultState {
  armed: Array<{ registry: 'nppes' | 'cms'; kind: string; npi: string | null; remaining: number | null }>;
}

/** Requests left on the armed switch of a registry; undefined when none is armed. */
export function remainingFaults(state: FaultState, registry: 'nppes' | 'cms'): number | null | undefined {
  return state.armed.find((fault) => fault.registry === registry)?.remaining;
}

/** The registry settings the functions read; a short timeout keeps 'timed out' tests fast. */
export const TEST_FUNCTION_ENV: Record<string, string> = { REGISTRY_TIMEOUT_MS: '1500', REGISTRY_RETRY_DELAY_MS: '0' };

export async function startFunctionsStack(): Promise<FunctionsStack> {
  Object.assign(process.env, TEST_FUNCTION_ENV);
  const stack = await startStack({ port: 0, dataDir: null, seed: false, quiet: true });
  const url = stack.url;
  const client = (key: string) =>
    createClient(url, key, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    });
  const simulator = async (method: string, body?: unknown) => {
    const response = await fetch(`${url}/__simulator/__faults`, {
      method,
      headers: { Authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`fault switch answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as FaultState;
  };

  return {
    url,
    stack,
    anon: () => client(ANON_KEY),
    service: () => client(SERVICE_ROLE_KEY),
    async user(role = 'staff') {
      const email = `fn-${randomUUID().slice(0, 8)}@contract.test`;
      const signedIn = client(ANON_KEY);
      const password = `pw-${randomUUID()}`;
      const { data, error } = await signedIn.auth.signUp({ email, password });
      if (error || !data.user || !data.session) throw error ?? new Error('sign-up gave no session');
      if (role) {
        const granted = await client(SERVICE_ROLE_KEY).from('user_roles').insert({ user_id: data.user.id, role });
        if (granted.error) throw new Error(`granting ${role} failed: ${granted.error.message}`);
      }
      return { id: data.user.id, email, password, client: signedIn };
    },
    faults: (settings) => simulator('POST', settings),
    faultState: () => simulator('GET'),
    async clearFaults() {
      await simulator('DELETE');
    },
    async mailbox(email) {
      const response = await fetch(`${url}/__stack/mailbox?email=${encodeURIComponent(email)}`, {
        headers: { Authorization: `Bearer ${SERVICE_ROLE_KEY}` },
      });
      if (!response.ok) throw new Error(`mailbox answered ${response.status}`);
      return (await response.json()) as Array<{ to: string; kind: string; link: string }>;
    },
    stop: () => stack.stop(),
  };
}

/** A raw call to a function (for what supabase-js hides: status codes and bodies). */
export async function callFunction(
  url: string,
  name: string,
  token: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const response = await fetch(`${url}/functions/v1/${name}`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, headers: response.headers };
}

export async function accessToken(client: SupabaseClient): Promise<string> {
  const { data } = await client.auth.getSession();
  if (!data.session) throw new Error('not signed in');
  return data.session.access_token;
}
