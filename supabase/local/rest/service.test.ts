/**
 * The REST service mounted alone over an in-memory database: its schema cache picks up
 * a table created after start (reloaded on a miss) and a changed table after
 * `NOTIFY pgrst, 'reload schema'`, as PostgREST does; it answers the JWT and method
 * errors before touching the database; and it caps every read at config.toml's
 * `[api] max_rows`, as the hosted Data API does.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig, SERVICE_ROLE_KEY, type StackConfig } from '../config.ts';
import type { StackContext } from '../context.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { Mailbox } from '../mailbox.ts';
import { createRestService } from './service.ts';

let db: Database;
let base: string;
const closers: Array<() => Promise<void>> = [];

/** The REST service over `db` on its own port, with this stack configuration. */
async function mount(config: StackConfig): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const ctx: StackContext = { config, db, log: () => {}, url, mailbox: new Mailbox(() => {}) };
  const service = createRestService(ctx);
  server.on('request', (req, res) => void service.handle(req, res, new URL(req.url ?? '/', url)));
  closers.push(async () => {
    await service.close?.();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return url;
}

beforeAll(async () => {
  db = await openDatabase({ dataDir: null, reset: false, seed: false, log: () => {} });
  base = await mount(defaultConfig({ dataDir: null }));
}, 120_000);

afterAll(async () => {
  for (const close of closers) await close();
  await db?.close();
});

const auth = { apikey: SERVICE_ROLE_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}` };

async function get(path: string, from = base, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown; range: string | null }> {
  const response = await fetch(`${from}/rest/v1${path}`, { headers: { ...auth, ...headers } });
  return { status: response.status, body: await response.json(), range: response.headers.get('content-range') };
}

describe('schema cache', () => {
  it('finds a table created after the cache was loaded, and a new column after NOTIFY pgrst', async () => {
    expect((await get('/organizations?select=id&limit=1')).status).toBe(200);
    await db.pg.exec(`create table public.late_table (id int primary key, label text);
                      insert into public.late_table values (1, 'first');
                      grant all on public.late_table to service_role;`);
    expect(await get('/late_table?select=id,label')).toMatchObject({ status: 200, body: [{ id: 1, label: 'first' }] });

    await db.pg.exec(`alter table public.late_table add column extra text default 'x'`);
    expect((await get('/late_table?select=extra')).body).toMatchObject({ code: '42703' });
    await db.pg.exec(`notify pgrst, 'reload schema'`);
    await expect.poll(async () => (await get('/late_table?select=extra')).body, { timeout: 5000 }).toEqual([{ extra: 'x' }]);
  });
});

describe('requests refused before the database', () => {
  it('answers 405 PGRST117 for PUT and 404 PGRST125 for deeper paths', async () => {
    const put = await fetch(`${base}/rest/v1/organizations`, { method: 'PUT', headers: auth, body: '{}' });
    expect([put.status, await put.json()]).toEqual([
      405,
      { code: 'PGRST117', details: null, hint: null, message: 'Unsupported HTTP method: PUT' },
    ]);
    expect((await get('/organizations/extra')).body).toMatchObject({ code: 'PGRST125', message: 'Invalid path specified in request URL' });
    const patchRpc = await fetch(`${base}/rest/v1/rpc/npi_is_valid`, { method: 'PATCH', headers: auth, body: '{}' });
    expect([patchRpc.status, ((await patchRpc.json()) as { message: string }).message]).toEqual([405, 'Cannot use the PATCH method on RPC']);
  });

  it('answers 401 with WWW-Authenticate for a JWT with a bad signature', async () => {
    const forged = `${SERVICE_ROLE_KEY.slice(0, -4)}AAAA`;
    const response = await fetch(`${base}/rest/v1/organizations`, { headers: { Authorization: `Bearer ${forged}` } });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer error="invalid_token", error_description="JWT cryptographic operation failed"');
    expect(await response.json()).toMatchObject({ code: 'PGRST301' });
  });

  it('serves an OpenAPI description at the root', async () => {
    const root = (await get('/')).body as { swagger: string; paths: Record<string, unknown> };
    expect(root.swagger).toBe('2.0');
    expect(Object.keys(root.paths)).toEqual(expect.arrayContaining(['/organizations', '/rpc/npi_is_valid']));
  });
});

describe('max_rows', () => {
  let capped: string;
  const ids = (body: unknown) => (body as Array<{ id: number }>).map((row) => row.id);

  beforeAll(async () => {
    await db.pg.exec(`create table public.numbered (id int primary key);
                      insert into public.numbered select generate_series(1, 7);
                      grant all on public.numbered to service_role;
                      create function public.numbered_ids() returns setof public.numbered language sql stable as 'select * from public.numbered order by id';
                      grant execute on function public.numbered_ids() to service_role;
                      notify pgrst, 'reload schema';`);
    capped = await mount(defaultConfig({ dataDir: null, maxRows: 3 }));
  });

  it('is read from config.toml: 1000, as on a hosted project', () => {
    expect(defaultConfig().maxRows).toBe(1000);
  });

  it('caps a read without a limit, or with a larger one, and keeps a smaller limit and the offset', async () => {
    expect(await get('/numbered?select=id&order=id', capped)).toMatchObject({ status: 200, body: [{ id: 1 }, { id: 2 }, { id: 3 }], range: '0-2/*' });
    expect(ids((await get('/numbered?select=id&order=id&limit=5', capped)).body)).toEqual([1, 2, 3]);
    expect(ids((await get('/numbered?select=id&order=id&limit=2', capped)).body)).toEqual([1, 2]);
    expect(ids((await get('/numbered?select=id&order=id&offset=5', capped)).body)).toEqual([6, 7]);
    expect(ids((await get('/numbered?select=id&order=id', capped, { Range: '1-5' })).body)).toEqual([2, 3, 4]);
  });

  it('says in Content-Range how many rows there are when asked (206: more than one answer)', async () => {
    expect(await get('/numbered?select=id&order=id', capped, { Prefer: 'count=exact' })).toMatchObject({ status: 206, range: '0-2/7' });
  });

  it('caps what a set-returning function answers', async () => {
    expect(ids((await get('/rpc/numbered_ids', capped)).body)).toEqual([1, 2, 3]);
    expect(ids((await get('/rpc/numbered_ids')).body)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
