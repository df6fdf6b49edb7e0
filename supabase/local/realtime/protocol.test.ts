// The Phoenix protocol frame by frame: heartbeat, join reply and system message, leave,
// token errors, broadcast relay and presence, as Supabase Realtime answers them.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signClaims } from '../jwt.ts';
import { RawClient, startHarness, userToken, type Frame, type Harness } from './test-support.ts';

let harness: Harness;
const open: RawClient[] = [];

beforeAll(async () => {
  harness = await startHarness();
}); // PGlite's first start is slow on a busy machine: the project's hookTimeout (180 s) applies
afterEach(() => {
  for (const client of open.splice(0)) client.close();
});
afterAll(async () => {
  await harness?.close();
});

async function client(): Promise<RawClient> {
  const raw = await RawClient.connect(harness.url);
  open.push(raw);
  return raw;
}

const replyTo = (ref: string) => (frame: Frame) => frame[1] === ref && frame[3] === 'phx_reply';

async function join(raw: RawClient, topic: string, config: Record<string, unknown>, accessToken?: string) {
  const ref = raw.send(null, topic, 'phx_join', { config, ...(accessToken ? { access_token: accessToken } : {}) });
  // realtime-js uses the join's ref as the channel's join_ref.
  return { joinRef: ref, reply: await raw.next(replyTo(ref)) };
}

describe('realtime protocol', () => {
  it('answers heartbeats on the phoenix topic', async () => {
    const raw = await client();
    const ref = raw.send(null, 'phoenix', 'heartbeat', {});
    expect(await raw.next(replyTo(ref))).toEqual([null, ref, 'phoenix', 'phx_reply', { status: 'ok', response: {} }]);
  });

  it('echoes postgres_changes bindings with ids, then reports the subscription; leave replies ok', async () => {
    const raw = await client();
    const bindings = [
      { event: '*', schema: 'public', table: 'rt_notes' },
      { event: 'INSERT', schema: 'public', table: 'rt_notes', filter: 'body=eq.x' },
    ];
    const { joinRef, reply } = await join(raw, 'realtime:room', { postgres_changes: bindings }, await userToken());
    const response = (reply[4] as { status: string; response: { postgres_changes: Array<Record<string, unknown>> } });
    expect(response.status).toBe('ok');
    expect(response.response.postgres_changes.map(({ id: _id, ...rest }) => rest)).toEqual(bindings);
    for (const binding of response.response.postgres_changes) expect(Number.isInteger(binding.id)).toBe(true);
    expect(await raw.next((f) => f[3] === 'system')).toEqual([
      joinRef, null, 'realtime:room', 'system',
      { extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel: 'room' },
    ]);
    const leave = raw.send(joinRef, 'realtime:room', 'phx_leave', {});
    expect((await raw.next(replyTo(leave)))[4]).toEqual({ status: 'ok', response: {} });
    const after = raw.send(joinRef, 'realtime:room', 'broadcast', { type: 'broadcast', event: 'e', payload: {} });
    expect((await raw.next(replyTo(after)))[4]).toEqual({ status: 'error', response: { reason: 'unmatched topic' } });
  });

  it('reports a bad filter column in a system error after the join', async () => {
    const raw = await client();
    const bindings = [{ event: '*', schema: 'public', table: 'rt_notes', filter: 'nope=eq.1' }];
    const { reply } = await join(raw, 'realtime:bad-filter', { postgres_changes: bindings }, await userToken());
    expect((reply[4] as { status: string }).status).toBe('ok');
    const system = await raw.next((f) => f[3] === 'system');
    expect(system[4]).toMatchObject({ extension: 'postgres_changes', status: 'error', message: 'Invalid column name in filter: nope' });
  });

  it('refuses a join with an expired or forged token', async () => {
    const raw = await client();
    const expired = await userToken(undefined, -30);
    const first = await join(raw, 'realtime:expired', {}, expired);
    expect(first.reply[4]).toMatchObject({ status: 'error' });
    expect((first.reply[4] as { response: { reason: string } }).response.reason).toMatch(
      /^InvalidJWTToken: Token has expired (30|31|32) seconds ago$/,
    );
    const forged = `${(await userToken()).slice(0, -4)}AAAA`;
    const second = await join(raw, 'realtime:forged', {}, forged);
    expect(second.reply[4]).toEqual({ status: 'error', response: { reason: 'JwtSignatureError: Failed to validate JWT signature' } });
  });

  it('shuts a channel down when its refreshed token is invalid', async () => {
    const raw = await client();
    const { joinRef } = await join(raw, 'realtime:refresh', {}, await userToken());
    raw.send(joinRef, 'realtime:refresh', 'access_token', { access_token: 'not-a-jwt' });
    expect((await raw.next((f) => f[3] === 'system'))[4]).toEqual({
      extension: 'system', status: 'error', message: 'The token provided is not a valid JWT', channel: 'refresh',
    });
    expect(await raw.next((f) => f[3] === 'phx_close')).toEqual([joinRef, joinRef, 'realtime:refresh', 'phx_close', {}]);
  });

  it('shuts a channel down when its token expires', async () => {
    const raw = await client();
    const now = Math.floor(Date.now() / 1000);
    const shortLived = await signClaims({ role: 'authenticated', sub: crypto.randomUUID(), exp: now + 1 });
    await join(raw, 'realtime:expiring', {}, shortLived);
    const system = await raw.next((f) => f[3] === 'system', 4000);
    expect(system[4]).toMatchObject({ extension: 'system', status: 'error', channel: 'expiring' });
    expect(String((system[4] as { message: string }).message)).toMatch(/^Token has expired \d+ seconds ago$/);
    await raw.next((f) => f[3] === 'phx_close');
  });

  it('relays broadcasts to the other members of the topic, and presence diffs to all', async () => {
    const sender = await client();
    const receiver = await client();
    const config = { broadcast: { self: false, ack: true }, presence: { key: 'receiver', enabled: true } };
    const a = await join(sender, 'realtime:chat', { ...config, presence: { key: 'sender', enabled: true } });
    await join(receiver, 'realtime:chat', config);
    const binary: Buffer[] = [];
    receiver.ws.on('message', (data, isBinary) => isBinary && binary.push(data as Buffer));
    const ack = sender.send(a.joinRef, 'realtime:chat', 'broadcast', { type: 'broadcast', event: 'hello', payload: { n: 1 } });
    expect((await sender.next(replyTo(ack)))[4]).toEqual({ status: 'ok', response: {} });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(binary).toHaveLength(1);
    const frame = binary[0] as Buffer;
    // Kind 4 user broadcast: topic, event, no metadata, JSON payload.
    expect([...frame.subarray(0, 5)]).toEqual([4, 'realtime:chat'.length, 'hello'.length, 0, 1]);
    expect(JSON.parse(frame.subarray(5 + 'realtime:chathello'.length).toString())).toEqual({ n: 1 });

    const track = sender.send(a.joinRef, 'realtime:chat', 'presence', { type: 'presence', event: 'track', payload: { online: true } });
    expect((await sender.next(replyTo(track)))[4]).toEqual({ status: 'ok', response: {} });
    const diff = await receiver.next((f) => f[3] === 'presence_diff');
    expect(diff[4]).toMatchObject({ joins: { sender: { metas: [{ online: true }] } }, leaves: {} });
    sender.close();
    const leave = await receiver.next((f) => f[3] === 'presence_diff' && Object.keys((f[4] as { leaves: object }).leaves).length > 0);
    expect(leave[4]).toMatchObject({ joins: {}, leaves: { sender: { metas: [{ online: true }] } } });
  });

  it('refuses a socket whose apikey is not a project JWT', async () => {
    const ws = new WebSocket(`${harness.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=nope&vsn=2.0.0`);
    const status = await new Promise<number | undefined>((resolve) => {
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode));
      ws.on('open', () => resolve(101));
      ws.on('error', () => resolve(undefined));
    });
    expect(status).toBe(403);
  });
});
