/**
 * The MLLP client against the Node listener over real TCP (and TLS): ACK matched by MSA-2,
 * retries after a dropped connection and after a lost ACK (same control ID each time),
 * late ACKs of earlier attempts ignored, AE returned without retry, and the Deno connector
 * run under the deno binary against the same listener.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildAck } from '../../functions/_shared/hl7/ack.ts';
import { parseMessage } from '../../functions/_shared/hl7/message.ts';
import { buildOrm } from '../../functions/_shared/hl7/orm.ts';
import { SAMPLE_ORDER } from '../../functions/_shared/hl7/test-data.ts';
import { backoffDelay, createMllpClient, MllpDeliveryError, type MllpClient, type MllpClientEvent } from '../../functions/_shared/mllp/client.ts';
import { nodeConnector } from './node-connector.ts';
import { startMllpListener, type MllpListener, type MllpReply } from './listener.ts';

const ORM = buildOrm(SAMPLE_ORDER);
const open: Array<MllpListener | MllpClient> = [];
afterEach(async () => {
  for (const item of open.splice(0)) {
    if ('port' in item) await item.close();
    else item.close();
  }
});

async function listen(replies: (message: string, n: number) => MllpReply | Promise<MllpReply>, extra: Partial<Parameters<typeof startMllpListener>[0]> = {}) {
  const received: string[] = [];
  const listener = await startMllpListener({
    port: 0,
    ...extra,
    onMessage: async (message) => {
      received.push(message);
      return replies(message, received.length);
    },
  });
  open.push(listener);
  return { listener, received };
}

function client(port: number, options: Partial<Parameters<typeof createMllpClient>[0]> = {}) {
  const events: MllpClientEvent[] = [];
  const pauses: number[] = [];
  const c = createMllpClient({
    host: '127.0.0.1',
    port,
    connector: nodeConnector,
    ackTimeoutMs: 300,
    retries: 2,
    sleep: async (ms) => void pauses.push(ms),
    onEvent: (event) => events.push(event),
    ...options,
  });
  open.push(c);
  return { c, events, pauses };
}

const aa = (message: string): MllpReply => ({ ack: buildAck(message, 'AA', 'Order received') });

describe('MLLP client and listener', () => {
  it('delivers a message and returns the ACK matched by MSA-2', async () => {
    const { listener, received } = await listen(aa);
    const { c } = client(listener.port);
    const delivery = await c.send(ORM);
    expect(received).toEqual([ORM]);
    expect(delivery.attempts).toBe(1);
    expect(delivery.ack).toMatchObject({ code: 'AA', acknowledgedControlId: 'R24A7K9QX-N1', text: 'Order received' });
    expect(parseMessage(delivery.ackText).messageCode).toBe('ACK');
  });

  it('sends several messages one after another on one connection', async () => {
    const { listener, received } = await listen(aa);
    const { c, events } = client(listener.port);
    const second = buildOrm({ ...SAMPLE_ORDER, version: 2 });
    const results = await Promise.all([c.send(ORM), c.send(second)]);
    expect(results.map((r) => r.ack.acknowledgedControlId)).toEqual(['R24A7K9QX-N1', 'R24A7K9QX-N2']);
    expect(received).toHaveLength(2);
    expect(events.filter((e) => e.type === 'connected')).toHaveLength(1);
  });

  it('returns AE as an answer, without retrying', async () => {
    const { listener, received } = await listen((m) => ({ ack: buildAck(m, 'AE', 'Unknown test code HBA1C', { errorCode: '103' }) }));
    const { c } = client(listener.port);
    const delivery = await c.send(ORM);
    expect(delivery.ack).toMatchObject({ code: 'AE', text: 'Unknown test code HBA1C' });
    expect(received).toHaveLength(1);
  });

  it('retries on a new connection when the receiver drops it, with the same control ID', async () => {
    const { listener, received } = await listen((m, n) => (n === 1 ? { drop: true } : aa(m)));
    const { c, events, pauses } = client(listener.port);
    const delivery = await c.send(ORM);
    expect(delivery.attempts).toBe(2);
    expect(received).toEqual([ORM, ORM]);
    expect(pauses).toEqual([500]);
    expect(events.filter((e) => e.type === 'connected')).toHaveLength(2);
    expect(events.find((e) => e.type === 'retry')).toEqual({ type: 'retry', controlId: 'R24A7K9QX-N1', attempt: 2, delayMs: 500, reason: 'the receiver closed the connection' });
  });

  it('retries when the ACK is lost, and ignores the late ACK of the first attempt', async () => {
    const { listener, received } = await listen((m, n) => (n === 1 ? { none: true } : aa(m)));
    const { c, events } = client(listener.port);
    const delivery = await c.send(ORM);
    expect(delivery.attempts).toBe(2);
    expect(received).toHaveLength(2);
    expect(events.some((e) => e.type === 'retry' && e.reason === 'no acknowledgement within 300 ms')).toBe(true);

    // An ACK that answers another control ID is not taken for this message's.
    const late = await listen(() => ({ ack: buildAck(ORM.replace('R24A7K9QX-N1', 'OTHER-N1'), 'AA') }));
    const other = client(late.listener.port, { retries: 0, ackTimeoutMs: 200 });
    await expect(other.c.send(ORM)).rejects.toThrow('Message R24A7K9QX-N1 was not acknowledged after 1 attempt: no acknowledgement within 200 ms');
    expect(other.events.some((e) => e.type === 'unmatched-frame')).toBe(true);
  });

  it('gives up after the retries with the reason, backing off exponentially', async () => {
    const { listener, received } = await listen(() => ({ none: true }));
    const { c, pauses } = client(listener.port, { retries: 3, backoff: { initialMs: 100, factor: 3, maxMs: 500 } });
    const error = await c.send(ORM).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MllpDeliveryError);
    expect(error).toMatchObject({ controlId: 'R24A7K9QX-N1', reason: 'timeout', attempts: 4 });
    expect((error as Error).message).toBe('Message R24A7K9QX-N1 was not acknowledged after 4 attempts: no acknowledgement within 300 ms');
    expect(pauses).toEqual([100, 300, 500]);
    expect(received).toHaveLength(4);
  });

  it('reports a receiver that cannot be reached as a connection failure', async () => {
    const { listener } = await listen(aa);
    const port = listener.port;
    await listener.close();
    const { c } = client(port, { retries: 1 });
    const error = (await c.send(ORM).catch((e: unknown) => e)) as MllpDeliveryError;
    expect(error.reason).toBe('connection');
    expect(error.message).toMatch(new RegExp(`^Message R24A7K9QX-N1 was not acknowledged after 2 attempts: Could not connect to 127.0.0.1:${port}: .*ECONNREFUSED`));
  });

  it('waits for a slow ACK within the timeout', async () => {
    const { listener } = await listen((m) => ({ ack: buildAck(m, 'AA'), delayMs: 100 }));
    const { c } = client(listener.port, { ackTimeoutMs: 2000 });
    expect((await c.send(ORM)).attempts).toBe(1);
  });

  it('refuses to send text that is not an HL7 message', async () => {
    const { listener, received } = await listen(aa);
    const { c } = client(listener.port);
    await expect(c.send('hello')).rejects.toThrow('the message must start with an MSH segment');
    expect(received).toEqual([]);
  });

  it('closes a connection that sends a frame over the limit', async () => {
    const { listener, received } = await listen(aa, { maxFrameBytes: 100 });
    const { c } = client(listener.port, { retries: 0 });
    await expect(c.send(ORM)).rejects.toThrow('the receiver closed the connection');
    expect(received).toEqual([]);
  });

  it('computes the backoff from its settings', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffDelay({ initialMs: 500, factor: 2, maxMs: 10_000 }, n))).toEqual([500, 1000, 2000, 4000, 8000, 10_000]);
  });
});

describe('MLLP over TLS', () => {
  it('delivers through a TLS listener trusting its certificate', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mllp-tls-'));
    const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${dir}/key.pem`, '-out', `${dir}/cert.pem`, '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'], { encoding: 'utf8' });
    expect(made.status, `openssl is needed for this test: ${made.stderr}`).toBe(0);
    const key = fs.readFileSync(`${dir}/key.pem`, 'utf8');
    const cert = fs.readFileSync(`${dir}/cert.pem`, 'utf8');
    const { listener, received } = await listen(aa, { tls: { key, cert } });
    const trusted = client(listener.port, { tls: { caCerts: [cert], serverName: 'localhost' } });
    expect((await trusted.c.send(ORM)).ack.code).toBe('AA');
    const untrusted = client(listener.port, { tls: true, retries: 0 });
    await expect(untrusted.c.send(ORM)).rejects.toThrow(/Could not connect to 127\.0\.0\.1:\d+: self[- ]signed certificate/);
    expect(received).toHaveLength(1);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('the Deno connector', () => {
  it('delivers from a Deno program through Deno.connect', async () => {
    const { listener, received } = await listen(aa);
    const script = path.resolve('supabase/functions/_shared/mllp/testing/deno-send.ts');
    // Asynchronously: the listener answers from this process's event loop. --quiet: a fresh
    // machine's Deno prints its package downloads on stderr, which must stay empty otherwise.
    const child = spawn('node_modules/.bin/deno', ['run', '--quiet', '--config', 'supabase/functions/deno.json', '--allow-net=127.0.0.1', script, String(listener.port)], {
      env: { ...process.env, DENO_NO_UPDATE_CHECK: '1', DENO_NO_PROMPT: '1', NO_COLOR: '1' },
    });
    const result = { stdout: '', stderr: '' };
    child.stdout.on('data', (chunk: Buffer) => (result.stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (result.stderr += chunk.toString()));
    child.stdin.end(ORM);
    await new Promise((resolve) => child.on('close', resolve));
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual({ code: 'AA', acknowledged: 'R24A7K9QX-N1', attempts: 1 });
    expect(received).toEqual([ORM]);
  }, 120_000); // a fresh machine's first Deno run downloads the functions' npm packages
});
