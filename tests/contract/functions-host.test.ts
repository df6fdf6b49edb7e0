// The Edge Functions host through supabase-js' functions.invoke (and raw fetch where the
// client cannot send what is tested): the health function, the gateway's JWT check, the
// unknown-function answer, CORS preflight, and each stack's env in one process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { startStack, type RunningStack } from '../../supabase/local/stack.ts';
import { anonClient, signedInUser } from '../helpers/clients.ts';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from '../helpers/env.ts';

interface Health {
  ok: boolean;
  time: string;
  role: string | null;
  url: string | null;
}

let second: RunningStack;

beforeAll(async () => {
  second = await startStack({ port: 0, dataDir: null, seed: false, quiet: true });
}, 60_000);

afterAll(async () => {
  await second?.stop();
});

describe('functions host', () => {
  it('runs health for the anon key and for a signed-in user, with their role', async () => {
    const anon = await anonClient().functions.invoke<Health>('health');
    expect(anon.error).toBeNull();
    expect(anon.data).toMatchObject({ ok: true, role: 'anon' });
    expect(Number.isNaN(Date.parse(String(anon.data?.time)))).toBe(false);

    const user = await signedInUser('health');
    const signedIn = await user.client.functions.invoke<Health>('health', { body: { ping: 1 } });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data).toMatchObject({ ok: true, role: 'authenticated' });
  });

  it('refuses a request without a valid JWT before the function runs', async () => {
    const missing = await fetch(`${SUPABASE_URL}/functions/v1/health`, { method: 'POST', headers: { apikey: SUPABASE_ANON_KEY } });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ code: 401, message: 'Missing authorization header' });

    const tampered = `${SUPABASE_ANON_KEY.slice(0, -6)}AAAAAA`;
    const invalid = await fetch(`${SUPABASE_URL}/functions/v1/health`, {
      method: 'POST',
      headers: { apikey: SUPABASE_ANON_KEY, Authorization: `Bearer ${tampered}` },
    });
    expect(invalid.status).toBe(401);
    expect(await invalid.json()).toEqual({ code: 401, message: 'Invalid JWT' });

    const garbage = await fetch(`${SUPABASE_URL}/functions/v1/health`, {
      method: 'POST',
      headers: { apikey: SUPABASE_ANON_KEY, Authorization: 'Bearer not-a-jwt' },
    });
    expect(garbage.status).toBe(401);
  });

  it('answers 404 for a function that does not exist', async () => {
    const { data, error } = await anonClient().functions.invoke('no-such-function');
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const response = (error as FunctionsHttpError).context as Response;
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' });
  });

  it('answers the CORS preflight of a browser calling a function', async () => {
    const response = await fetch(`${SUPABASE_URL}/functions/v1/health`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://127.0.0.1:4173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, x-client-info, apikey, content-type',
      },
    });
    expect(response.status).toBeGreaterThanOrEqual(200);
    expect(response.status).toBeLessThan(300);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const allowed = (response.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const name of ['authorization', 'x-client-info', 'apikey', 'content-type']) expect(allowed).toContain(name);
  });

  it('gives each stack in one process its own env', async () => {
    const here = await anonClient().functions.invoke<Health>('health');
    const there = await fetch(`${second.url}/functions/v1/health`, {
      method: 'POST',
      headers: { apikey: SUPABASE_ANON_KEY, Authorization: `Bearer ${SUPABASE_ANON_KEY}` },
    });
    expect(there.status).toBe(200);
    expect(((await there.json()) as Health).url).toBe(second.url);
    expect(here.data?.url).not.toBe(second.url);
    if (!process.env.SUPABASE_URL) expect(here.data?.url).toBe(SUPABASE_URL);
  });
});
