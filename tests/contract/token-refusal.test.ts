/**
 * Forged, expired, unsigned and foreign tokens are refused everywhere a token is read:
 * the Data API (401 with PostgREST's error body, nothing written), Realtime (socket
 * refused, join refused, a channel whose token turns bad is shut, and no change is ever
 * delivered on a refused channel), every Edge Function (the gateway's 401 where
 * verify_jwt is on, the function's own 401 where it checks its caller itself; nothing
 * written) and Auth. Tokens are built from a real user's access token (hostile-tokens.ts).
 */
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { beforeAll, describe, expect, it } from 'vitest';
import { RawClient, type Frame } from '../../supabase/local/realtime/test-support.ts';
import { serviceClient, staffUser, type TestUser } from '../helpers/clients.ts';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from '../helpers/env.ts';
import { organizationRow, providerRow, seedOne } from './directory-helpers.ts';
import { hostileTokens, type HostileToken } from './hostile-tokens.ts';

let user: TestUser;
let userToken: string;
let tokens: HostileToken[];

beforeAll(async () => {
  user = await staffUser('tokens');
  const { data } = await user.client.auth.getSession();
  userToken = data.session!.access_token;
  tokens = await hostileTokens(userToken);
});

const names = ['tampered (role raised to service_role, signature kept)', 'tampered signature', 'expired', 'unsigned (alg none)',
  'wrong role claim (postgres), rightly signed', 'signed with another secret'];
const tokenNamed = (name: string) => tokens.find((token) => token.name === name)!;

function rest(path: string, token: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${SUPABASE_URL}/rest/v1/${path}`, {
    ...init,
    headers: { apikey: SUPABASE_ANON_KEY, Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });
}

async function rowCount(table: string, column: string, value: string): Promise<number> {
  const { count, error } = await serviceClient().from(table).select('id', { count: 'exact', head: true }).eq(column, value);
  if (error) throw new Error(error.message);
  return count ?? 0;
}

describe('the Data API refuses', () => {
  it.each(names)('a %s token: 401 with the PostgREST error, for reads, writes and rpc, nothing written', async (name) => {
    const { token, rest: expected } = tokenNamed(name);
    const body = { code: expected.code, details: null, hint: null, message: expected.message };
    const read = await rest('organizations?select=id', token);
    expect(read.status).toBe(401);
    expect(read.headers.get('www-authenticate')).toBe(`Bearer error="invalid_token", error_description="${expected.message}"`);
    expect(await read.json()).toEqual(body);

    const org = organizationRow();
    const insert = await rest('organizations', token, { method: 'POST', body: JSON.stringify(org) });
    expect([insert.status, await insert.json()]).toEqual([401, body]);
    const pushed = organizationRow();
    const rpc = await rest('rpc/sync_push', token, {
      method: 'POST',
      body: JSON.stringify({ p_table: 'organizations', p_rows: [{ new: pushed, assumed: null }] }),
    });
    expect([rpc.status, await rpc.json()]).toEqual([401, body]);
    expect(await rowCount('organizations', 'id', org.id as string)).toBe(0);
    expect(await rowCount('organizations', 'id', pushed.id as string)).toBe(0);
  });

  it('while the genuine token of the same user is served', async () => {
    const answer = await rest('organizations?select=id&limit=1', userToken);
    expect(answer.status).toBe(200);
  });
});

describe('Auth refuses', () => {
  it.each(names)('a %s token on GET /user', async (name) => {
    const { token, auth } = tokenNamed(name);
    const answer = await fetch(`${SUPABASE_URL}/auth/v1/user`, { headers: { apikey: SUPABASE_ANON_KEY, Authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(auth.status);
    expect(await answer.json()).toMatchObject({ code: auth.code, message: auth.message });
  });
});

const FUNCTIONS = ['health', 'verify-npi', 'verify-pecos', 'invite-user'];
/** health sits behind the gateway's verify_jwt; the others check their caller themselves. */
const GATEWAY_CHECKED = new Set(['health']);
const NOT_SIGNED_IN = { error: 'Authentication required: sign in and try again.', code: 'not_authenticated' };

function refusal(fn: string, gatewayMessage: string): [number, unknown] {
  return [401, GATEWAY_CHECKED.has(fn) ? { code: 401, message: gatewayMessage } : NOT_SIGNED_IN];
}

function callFunction(name: string, token: string | null, body: unknown): Promise<Response> {
  const headers: Record<string, string> = { apikey: SUPABASE_ANON_KEY, 'content-type': 'application/json' };
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  return fetch(`${SUPABASE_URL}/functions/v1/${name}`, { method: 'POST', headers, body: JSON.stringify(body) });
}

describe('every Edge Function refuses', () => {
  let npi: string;
  let providerId: string;

  beforeAll(async () => {
    const row = providerRow();
    npi = row.npi as string;
    providerId = await seedOne('providers', row);
  });

  it.each(FUNCTIONS.flatMap((fn) => names.map((name) => [fn, name])))('%s: a %s token with a 401', async (fn, name) => {
    const email = `hostile-${randomUUID().slice(0, 8)}@contract.test`;
    const answer = await callFunction(fn, tokenNamed(name).token, { npi, email, providerId, role: 'provider' });
    expect([answer.status, await answer.json()]).toEqual(refusal(fn, 'Invalid JWT'));
    expect(await rowCount('profiles', 'email', email)).toBe(0);
  });

  it.each(FUNCTIONS)('%s: no Authorization header (the apikey alone) with 401', async (fn) => {
    const answer = await callFunction(fn, null, { npi });
    expect([answer.status, await answer.json()]).toEqual(refusal(fn, 'Missing authorization header'));
  });

  it('nothing was recorded on the provider or in the audit log by the refused calls', async () => {
    const { data } = await serviceClient().from('providers').select('pecos_verified, pecos_verification_date').eq('id', providerId).single();
    expect(data).toEqual({ pecos_verified: false, pecos_verification_date: null });
    expect(await rowCount('audit_log', 'row_id', providerId)).toBe(1); // the seed's insert only
  });

  it('a signed-out session\'s token, still validly signed, is refused by the functions themselves', async () => {
    const leaver = await staffUser('tokens-leaver');
    const { data } = await leaver.client.auth.getSession();
    const stale = data.session!.access_token;
    expect((await leaver.client.auth.signOut()).error).toBeNull();
    const answer = await callFunction('verify-pecos', stale, { npi });
    expect([answer.status, await answer.json()]).toEqual([
      401,
      { error: 'Authentication required: sign in and try again.', code: 'not_authenticated' },
    ]);
  });
});

describe('Realtime refuses', () => {
  const BINDINGS = [{ event: '*', schema: 'public', table: 'providers' }];
  const replyTo = (ref: string) => (frame: Frame) => frame[1] === ref && frame[3] === 'phx_reply';
  const changesOn = (raw: RawClient, topic: string) => raw.frames.filter((frame) => frame[2] === topic && frame[3] === 'postgres_changes');

  async function join(raw: RawClient, topic: string, token: string): Promise<{ joinRef: string; reply: Frame }> {
    const ref = raw.send(null, topic, 'phx_join', { config: { postgres_changes: BINDINGS }, access_token: token });
    return { joinRef: ref, reply: await raw.next(replyTo(ref), 10_000) };
  }

  it.each(names)('a socket whose apikey is a %s token (403 on upgrade)', async (name) => {
    const ws = new WebSocket(`${SUPABASE_URL.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${tokenNamed(name).token}&vsn=2.0.0`);
    const status = await new Promise<number | undefined>((resolve) => {
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode));
      ws.on('open', () => resolve(101));
      ws.on('error', () => resolve(undefined));
    });
    ws.terminate();
    expect(status).toBe(403);
  });

  it('joins with every hostile token, shuts a channel whose token turns bad, and delivers them no change', async () => {
    const raw = await RawClient.connect(SUPABASE_URL, SUPABASE_ANON_KEY);
    try {
      const refused: string[] = [];
      for (const token of tokens) {
        const topic = `realtime:hostile-${randomUUID().slice(0, 8)}`;
        const { reply } = await join(raw, topic, token.token);
        const answer = reply[4] as { status: string; response: { reason?: string } };
        expect(answer.status, token.name).toBe('error');
        expect(answer.response.reason, token.name).toMatch(token.realtime);
        refused.push(topic);
      }
      // A channel joined with the genuine token, then refreshed with a forged one, is shut.
      const shutTopic = `realtime:shut-${randomUUID().slice(0, 8)}`;
      const shut = await join(raw, shutTopic, userToken);
      expect((shut.reply[4] as { status: string }).status).toBe('ok');
      raw.send(shut.joinRef, shutTopic, 'access_token', { access_token: tokenNamed('signed with another secret').token });
      const system = await raw.next((frame) => frame[2] === shutTopic && frame[3] === 'system' && (frame[4] as { extension: string }).extension === 'system');
      expect(system[4]).toEqual({ extension: 'system', status: 'error', message: 'Failed to validate JWT signature', channel: shutTopic.slice(9) });
      await raw.next((frame) => frame[2] === shutTopic && frame[3] === 'phx_close');

      // The control channel (genuine token) sees the insert: by then the others would have too.
      const controlTopic = `realtime:control-${randomUUID().slice(0, 8)}`;
      await join(raw, controlTopic, userToken);
      await raw.next((frame) => frame[2] === controlTopic && frame[3] === 'system');
      const id = await seedOne('providers', providerRow());
      await raw.next((frame) => frame[2] === controlTopic && frame[3] === 'postgres_changes' && JSON.stringify(frame[4]).includes(id), 10_000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (const topic of [...refused, shutTopic]) expect(changesOn(raw, topic), topic).toEqual([]);
    } finally {
      raw.close();
    }
  });
});
