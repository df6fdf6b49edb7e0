/**
 * The publishable and secret API keys (`sb_publishable_…`, `sb_secret_…`), which replace the
 * legacy anon and service_role JWTs (https://supabase.com/docs/guides/api/api-keys), work
 * wherever the legacy keys do: the Data API, Auth (sign-in with the publishable key, the
 * admin API with the secret key) and the Edge Functions that check their caller
 * themselves, whose own service client acts with the secret key. The functions gateway's
 * verify_jwt check takes JWTs only, as on hosted Supabase.
 */
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import { NAMED_NPIS } from '../../supabase/local/simulator/named-npis.ts';
import { uniqueEmail, userWithRole } from '../helpers/clients.ts';
import { SUPABASE_PUBLISHABLE_KEY, SUPABASE_SECRET_KEY, SUPABASE_URL } from '../helpers/env.ts';
import { organizationRow, seedOne } from './directory-helpers.ts';

const clientWith = (key: string) =>
  createClient(SUPABASE_URL, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });

function rest(path: string, headers: Record<string, string>): Promise<Response> {
  return fetch(`${SUPABASE_URL}/rest/v1/${path}`, { headers });
}

describe('the publishable key', () => {
  it('is the anonymous role on the Data API, in the apikey header alone or as the bearer too', async () => {
    const body = { code: '42501', details: null, hint: null, message: 'permission denied for table organizations' };
    const variants: Array<Record<string, string>> = [{ apikey: SUPABASE_PUBLISHABLE_KEY }, { apikey: SUPABASE_PUBLISHABLE_KEY, Authorization: `Bearer ${SUPABASE_PUBLISHABLE_KEY}` }];
    for (const headers of variants) {
      const answer = await rest('organizations?select=id&limit=1', headers);
      expect([answer.status, await answer.json()]).toEqual([401, body]);
    }
  });

  it('signs a user in, whose session then reads as that user', async () => {
    const user = await userWithRole('staff', 'publishable');
    const client = clientWith(SUPABASE_PUBLISHABLE_KEY);
    const signIn = await client.auth.signInWithPassword({ email: user.email, password: user.password });
    expect(signIn.error).toBeNull();
    const id = await seedOne('organizations', organizationRow());
    const { data, error } = await client.from('organizations').select('id').eq('id', id);
    expect(error).toBeNull();
    expect(data).toEqual([{ id }]);
  });

  it('reaches an Edge Function that checks its caller itself, with the user\'s session', async () => {
    const user = await userWithRole('staff', 'publishable-fn');
    const client = clientWith(SUPABASE_PUBLISHABLE_KEY);
    await client.auth.signInWithPassword({ email: user.email, password: user.password });
    const { data, error } = await client.functions.invoke('verify-npi', { body: { npi: NAMED_NPIS.enrolledPartB } });
    expect(error).toBeNull();
    expect(data).toMatchObject({ npi: NAMED_NPIS.enrolledPartB, enumeration_type: 'NPI-1', validation_errors: [], error: null });
  });

  it('is refused by the gateway of a function that keeps verify_jwt on: it is no JWT', async () => {
    const answer = await fetch(`${SUPABASE_URL}/functions/v1/health`, {
      method: 'POST',
      headers: { apikey: SUPABASE_PUBLISHABLE_KEY, Authorization: `Bearer ${SUPABASE_PUBLISHABLE_KEY}` },
    });
    expect([answer.status, await answer.json()]).toEqual([401, { code: 401, message: 'Invalid JWT' }]);
  });
});

describe('the secret key', () => {
  it('is the service role on the Data API, in the apikey header alone or as the bearer too', async () => {
    const id = await seedOne('organizations', organizationRow());
    const variants: Array<Record<string, string>> = [{ apikey: SUPABASE_SECRET_KEY }, { apikey: SUPABASE_SECRET_KEY, Authorization: `Bearer ${SUPABASE_SECRET_KEY}` }];
    for (const headers of variants) {
      const answer = await rest(`organizations?select=id&id=eq.${id}`, headers);
      expect([answer.status, await answer.json()]).toEqual([200, [{ id }]]);
    }
  });

  it('may use the Auth admin API', async () => {
    const email = uniqueEmail('secret-admin');
    const admin = clientWith(SUPABASE_SECRET_KEY).auth.admin;
    const created = await admin.createUser({ email, password: 'pw-secret-key-1', email_confirm: true });
    expect(created.error).toBeNull();
    const read = await admin.getUserById(created.data.user!.id);
    expect(read.data.user?.email).toBe(email);
  });

  it('is no user to a function that checks its caller', async () => {
    const { error } = await clientWith(SUPABASE_SECRET_KEY).functions.invoke('verify-npi', { body: { npi: NAMED_NPIS.enrolledPartB } });
    const answer = (error as { context?: Response } | null)?.context;
    expect(answer?.status).toBe(401);
    expect(await answer?.json()).toEqual({ error: 'Authentication required: sign in and try again.', code: 'not_authenticated' });
  });
});
