/**
 * The fault proxy's own contract: each fault kind happens, as described, against the real
 * local stack (a reset write lands although the client saw no answer; a dropped one does
 * not), it is counted, the same seed gives the same faults, and the hard caps close it.
 */
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { FaultProxy, FAULT_KINDS, type FaultKind, type FaultProxyOptions } from '../helpers/fault-proxy.ts';
import { serviceClient } from '../helpers/clients.ts';
import { SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY, SUPABASE_URL } from '../helpers/env.ts';

let proxy: FaultProxy | null = null;

afterEach(async () => {
  await proxy?.close();
  proxy = null;
});

async function start(kind: FaultKind | null, extra: Partial<FaultProxyOptions> = {}) {
  proxy = await FaultProxy.start({ target: SUPABASE_URL, seed: 7, rates: kind ? { [kind]: 1 } : {}, delayMs: [200, 300], ...extra });
  return proxy;
}

const headers = {
  apikey: SUPABASE_SERVICE_ROLE_KEY,
  authorization: `Bearer ${SUPABASE_SERVICE_ROLE_KEY}`,
  'content-type': 'application/json',
};

/** Insert an organization through the proxy; resolves to the response or the fetch error. */
async function insertThrough(base: string, id: string): Promise<Response | Error> {
  try {
    const response = await fetch(`${base}/rest/v1/organizations`, {
      method: 'POST',
      headers: { ...headers, prefer: 'return=representation' },
      body: JSON.stringify({ id, legal_name: `Proxy ${id.slice(0, 8)}`, type: 'non_healthcare' }),
    });
    await response.clone().text();
    return response;
  } catch (error) {
    return error as Error;
  }
}

async function exists(id: string): Promise<boolean> {
  const { data } = await serviceClient().from('organizations').select('id').eq('id', id).maybeSingle();
  return data !== null;
}

function onlyCounted(kind: FaultKind, times: number) {
  const expected = Object.fromEntries(FAULT_KINDS.map((name) => [name, name === kind ? times : 0]));
  expect(proxy!.counts).toEqual(expected);
}

describe('fault proxy', () => {
  it('passes requests through untouched when no fault is drawn', async () => {
    const { url } = await start(null);
    const id = randomUUID();
    const response = await insertThrough(url, id);
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).status).toBe(201);
    expect(await exists(id)).toBe(true);
    expect(proxy!.totalFaults).toBe(0);
  });

  it('drops: the request never reaches the server and the client gets no answer', async () => {
    const { url } = await start('drop');
    const id = randomUUID();
    expect(await insertThrough(url, id)).toBeInstanceOf(Error);
    expect(await exists(id)).toBe(false);
    onlyCounted('drop', 1);
  });

  it('resets the connection after the server applied the request', async () => {
    const { url } = await start('reset');
    const id = randomUUID();
    expect(await insertThrough(url, id)).toBeInstanceOf(Error);
    expect(await exists(id)).toBe(true);
    onlyCounted('reset', 1);
  });

  it('answers 5xx, before or after forwarding', async () => {
    const { url } = await start('error5xx');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await insertThrough(url, randomUUID());
      statuses.push((response as Response).status);
    }
    for (const status of statuses) expect([502, 503, 504]).toContain(status);
    onlyCounted('error5xx', 6);
    expect(proxy!.forwarded).toBeGreaterThan(0);
    expect(proxy!.forwarded).toBeLessThan(6);
  });

  it('cuts bodies mid-way: the status arrives, reading the body fails', async () => {
    const { url } = await start('truncate');
    const response = await fetch(`${url}/rest/v1/organizations?select=*&limit=5`, { headers });
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
    onlyCounted('truncate', 1);
  });

  it('delays, then answers normally', async () => {
    const { url } = await start('delay');
    const started = Date.now();
    const response = await fetch(`${url}/rest/v1/organizations?select=id&limit=1`, { headers });
    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    onlyCounted('delay', 1);
  });

  it('relays realtime WebSockets and closes them abruptly on a wsClose fault', async () => {
    const { url } = await start(null);
    const wsUrl = `${url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${SUPABASE_ANON_KEY}&vsn=1.0.0`;
    const heartbeat = JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '1' });
    const socket = new WebSocket(wsUrl);
    const reply = await new Promise<string>((resolve, reject) => {
      socket.on('open', () => socket.send(heartbeat));
      socket.on('message', (data) => resolve(String(data)));
      socket.on('error', reject);
    });
    expect(JSON.parse(reply)).toMatchObject({ ref: '1', event: 'phx_reply' });

    proxy!.rates.wsClose = 1;
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    socket.send(heartbeat);
    expect(await closed).not.toBe(1000);
    onlyCounted('wsClose', 1);
  });

  it('draws the same faults for the same seed', async () => {
    const run = async () => {
      const started = await FaultProxy.start({ target: SUPABASE_URL, seed: 42, rates: { drop: 0.3, error5xx: 0.3 }, dropHangMs: 0 });
      const outcomes: string[] = [];
      for (let i = 0; i < 12; i += 1) {
        const response = await fetch(`${started.url}/rest/v1/organizations?select=id&limit=1`, { headers }).catch(() => null);
        outcomes.push(response ? String(response.status >= 500 ? 'error' : response.status) : 'dropped');
      }
      const counts = { ...started.counts };
      await started.close();
      return { outcomes, counts };
    };
    const first = await run();
    expect(await run()).toEqual(first);
    expect(first.counts.drop + first.counts.error5xx).toBeGreaterThan(0);
  });

  it('closes itself after its request cap and after its lifetime', async () => {
    const capped = await start(null, { maxRequests: 2 });
    const ok = () => fetch(`${capped.url}/rest/v1/organizations?select=id&limit=1`, { headers });
    expect((await ok()).status).toBe(200);
    expect((await ok()).status).toBe(200);
    await expect(ok()).rejects.toThrow();
    expect(capped.closed).toBe(true);

    const shortLived = await FaultProxy.start({ target: SUPABASE_URL, maxLifetimeMs: 200 });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(shortLived.closed).toBe(true);
    await expect(fetch(`${shortLived.url}/rest/v1/organizations?select=id&limit=1`, { headers })).rejects.toThrow();
  });

  it('listens on loopback only', async () => {
    const { url } = await start(null);
    expect(new URL(url).hostname).toBe('127.0.0.1');
  });
});
