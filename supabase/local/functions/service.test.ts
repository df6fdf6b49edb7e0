// The functions host on its own (no database): routing, the verify_jwt gateway check,
// request/response conversion, errors, and each stack's env kept apart in one process.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ANON_KEY, FUNCTIONS_DIR, SERVICE_ROLE_KEY } from '../config.ts';
import { sendJson } from '../http/respond.ts';
import { createFunctionsService, type FunctionsOptions } from './service.ts';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fixtureOptions: FunctionsOptions = { functionsDir: fixtures, configFile: path.join(fixtures, 'config.toml') };

interface Host {
  url: string;
  close(): Promise<void>;
}

async function host(options: FunctionsOptions): Promise<Host> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const service = createFunctionsService({ url }, options);
  server.on('request', (req, res) => {
    service.handle(req, res, new URL(req.url ?? '/', url)).catch((error: unknown) => sendJson(res, 500, { error: String(error) }));
  });
  return {
    url,
    async close() {
      await service.close?.();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}`, apikey: ANON_KEY });

let first: Host;
let second: Host;

beforeAll(async () => {
  first = await host(fixtureOptions);
  second = await host(fixtureOptions);
});
afterAll(async () => {
  await first?.close();
  await second?.close();
});

describe('functions host', () => {
  it('answers 404 for an unknown function', async () => {
    const response = await fetch(`${first.url}/functions/v1/nope`, { method: 'POST', headers: auth(ANON_KEY) });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' });
  });

  it('checks the JWT like the hosted gateway unless verify_jwt is false', async () => {
    const missing = await fetch(`${first.url}/functions/v1/echo`, { method: 'POST', headers: { apikey: ANON_KEY } });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ code: 401, message: 'Missing authorization header' });
    const tampered = await fetch(`${first.url}/functions/v1/echo`, { method: 'POST', headers: auth(`${ANON_KEY.slice(0, -3)}abc`) });
    expect(tampered.status).toBe(401);
    expect(await tampered.json()).toEqual({ code: 401, message: 'Invalid JWT' });
    const open = await fetch(`${first.url}/functions/v1/open`);
    expect(open.status).toBe(200);
    expect(await open.text()).toBe('open');
    // The function's own CORS origin is kept.
    expect(open.headers.get('access-control-allow-origin')).toBe('https://app.example');
  });

  it('hands the function a WHATWG Request and streams its Response back', async () => {
    const response = await fetch(`${first.url}/functions/v1/echo/sub/path?mark=a`, {
      method: 'POST',
      headers: { ...auth(ANON_KEY), 'Content-Type': 'application/json' },
      body: JSON.stringify({ hello: 'world' }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('x-fixture')).toBe('echo');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const echoed = (await response.json()) as Record<string, unknown>;
    // As on hosted Supabase, the function sees its path without /functions/v1.
    expect(echoed.url).toBe(`${first.url}/echo/sub/path?mark=a`);
    expect(echoed.method).toBe('POST');
    expect(echoed.contentType).toBe('application/json');
    expect(echoed.body).toBe('{"hello":"world"}');
  });

  it('keeps each stack’s env apart in one process', async () => {
    const call = async (target: Host, mark: string) => {
      const response = await fetch(`${target.url}/functions/v1/echo?mark=${mark}`, { method: 'POST', headers: auth(ANON_KEY) });
      return (await response.json()) as { seenBefore: string | null; env: Record<string, string | null> };
    };
    const a = await call(first, 'first');
    const b = await call(second, 'second');
    expect(a.env).toEqual({
      SUPABASE_URL: first.url,
      SUPABASE_ANON_KEY: ANON_KEY,
      SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
      NPPES_API_URL: `${first.url}/__simulator/nppes/api/`,
      CMS_DATA_API_URL: `${first.url}/__simulator/cms/data-api/v1`,
    });
    expect(b.env.SUPABASE_URL).toBe(second.url);
    // Deno.env.set in one stack is visible to its next call only.
    expect((await call(first, 'again')).seenBefore).toBe('first');
    expect((await call(second, 'again')).seenBefore).toBe('second');
  });

  it('lets process.env point the registries elsewhere', async () => {
    vi.stubEnv('NPPES_API_URL', 'https://npiregistry.cms.hhs.gov/api/');
    try {
      const response = await fetch(`${first.url}/functions/v1/echo`, { method: 'POST', headers: auth(ANON_KEY) });
      const echoed = (await response.json()) as { env: Record<string, string> };
      expect(echoed.env.NPPES_API_URL).toBe('https://npiregistry.cms.hhs.gov/api/');
      expect(echoed.env.SUPABASE_URL).toBe(first.url);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('answers 500 when the handler throws and 503 BOOT_ERROR when the module never serves', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const thrown = await fetch(`${first.url}/functions/v1/throws`, { method: 'POST', headers: auth(ANON_KEY) });
      expect(thrown.status).toBe(500);
      expect(await thrown.text()).toBe('Internal Server Error');
      expect(String(logged.mock.calls[0]?.[0])).toBe('[functions] throws threw:');
      const boot = await fetch(`${first.url}/functions/v1/no-serve`, { method: 'POST', headers: auth(ANON_KEY) });
      expect(boot.status).toBe(503);
      expect(await boot.json()).toEqual({ code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' });
    } finally {
      logged.mockRestore();
    }
  });

  it('runs the real health function with the caller’s role', async () => {
    const real = await host({ functionsDir: FUNCTIONS_DIR });
    try {
      const response = await fetch(`${real.url}/functions/v1/health`, { method: 'POST', headers: auth(SERVICE_ROLE_KEY) });
      expect(response.status).toBe(200);
      const body = (await response.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ ok: true, role: 'service_role', url: real.url });
      expect(Number.isNaN(Date.parse(String(body.time)))).toBe(false);
    } finally {
      await real.close();
    }
  });
});
