import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVICE_ROLE_KEY } from '../config.ts';
import { Scheduler } from './scheduler.ts';

const cleanup: Array<() => void> = [];
afterEach(() => cleanup.splice(0).forEach((fn) => fn()));

async function fakeFunctions(delayMs = 0) {
  const calls: Array<{ path: string; auth: string | undefined; body: string }> = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      calls.push({ path: req.url ?? '', auth: req.headers.authorization, body });
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(() => server.close());
  return { calls, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/functions/v1` };
}

describe('Scheduler', () => {
  it('calls each job on its interval with the service key and its body, and records the runs', async () => {
    const fn = await fakeFunctions();
    const scheduler = new Scheduler([{ name: 'tick', function: 'health', intervalSeconds: 1, body: { source: 'scheduler' } }], fn.url);
    cleanup.push(() => scheduler.stop());
    scheduler.start();
    await new Promise((resolve) => setTimeout(resolve, 2300));
    expect(fn.calls.length).toBe(2);
    expect(fn.calls[0]).toEqual({ path: '/functions/v1/health', auth: `Bearer ${SERVICE_ROLE_KEY}`, body: '{"source":"scheduler"}' });
    expect(scheduler.history().map((r) => [r.job, r.trigger, r.status, r.response])).toEqual([
      ['tick', 'schedule', 200, { ok: true }],
      ['tick', 'schedule', 200, { ok: true }],
    ]);
  });

  it('runs a job now on demand, and knows no job by another name', async () => {
    const fn = await fakeFunctions();
    const scheduler = new Scheduler([{ name: 'tick', function: 'health', intervalSeconds: 3600, body: {} }], fn.url);
    expect(await scheduler.runNow('tick')).toMatchObject({ job: 'tick', trigger: 'manual', status: 200 });
    expect(await scheduler.runNow('nope')).toBeNull();
    expect(fn.calls).toHaveLength(1);
  });

  it('skips a tick while the same job still runs, and records a function it cannot reach', async () => {
    const fn = await fakeFunctions(1500);
    const scheduler = new Scheduler([{ name: 'slow', function: 'slow', intervalSeconds: 1, body: {} }], fn.url);
    cleanup.push(() => scheduler.stop());
    scheduler.start();
    await new Promise((resolve) => setTimeout(resolve, 2300));
    expect(fn.calls).toHaveLength(1);
    const away = new Scheduler([{ name: 'x', function: 'x', intervalSeconds: 60, body: {} }], 'http://127.0.0.1:9/functions/v1');
    const run = await away.runNow('x');
    expect(run?.status).toBeNull();
    expect(run?.response).toEqual({ error: 'fetch failed' });
  });
});
