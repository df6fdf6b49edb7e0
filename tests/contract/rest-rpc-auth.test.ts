/**
 * Data API contract: /rpc calls, JWT and schema checks, row-level security status codes
 * per role (401 for anon, 403 for a signed-in caller), and the raw HTTP answer
 * (Content-Type, Content-Range, empty HEAD bodies).
 */
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { JWT_SECRET } from '../../supabase/local/config.ts';
import { anonClient, serviceClient, staffUser, userWithRole, type TestUser } from '../helpers/clients.ts';
import { SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY, SUPABASE_URL } from '../helpers/env.ts';
import { badCheckDigitNpi, expectOk, expectRefused, organizationRow, randomNpi, seedRows } from './directory-helpers.ts';

const svc = serviceClient();

describe('rpc', () => {
  it('calls a function with named arguments and answers its scalar result', async () => {
    const valid = await svc.rpc('npi_is_valid', { npi: randomNpi() });
    expect([valid.status, valid.data, valid.error]).toEqual([200, true, null]);
    expect((await svc.rpc('npi_is_valid', { npi: badCheckDigitNpi() })).data).toBe(false);
    expect((await svc.rpc('npi_is_valid', { npi: null })).data).toBe(false);
    expect((await anonClient().rpc('npi_is_valid', { npi: '12345' })).data).toBe(false);
  });

  it('calls stable functions with GET and HEAD, arguments in the query string', async () => {
    const get = await svc.rpc('npi_is_valid', { npi: randomNpi() }, { get: true });
    expect([get.status, get.data]).toEqual([200, true]);
    const head = await svc.rpc('npi_is_valid', { npi: randomNpi() }, { head: true });
    expect([head.status, head.data, head.error]).toEqual([200, null, null]);
  });

  it('answers 404 PGRST202 for an unknown function or arguments, with a hint', async () => {
    const unknown = await svc.rpc('npi_is_vallid', { npi: '1' });
    expectRefused(unknown, 404, 'PGRST202');
    expect(unknown.error?.message).toBe('Could not find the function public.npi_is_vallid(npi) in the schema cache');
    expect(unknown.error?.hint).toBe('Perhaps you meant to call the function public.npi_is_valid');
    const wrongArgs = await svc.rpc('npi_is_valid', { number: '1' });
    expectRefused(wrongArgs, 404, 'PGRST202');
    expect(wrongArgs.error?.details).toBe(
      'Searched for the function public.npi_is_valid with parameter number or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
    );
  });
});

describe('authentication and schemas', () => {
  const expiredToken = () =>
    new SignJWT({ role: 'authenticated', sub: '00000000-0000-0000-0000-000000000000' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(process.env.SUPABASE_JWT_SECRET ?? JWT_SECRET));

  it('answers 401 PGRST303 for an expired JWT and 401 PGRST301 for a malformed one', async () => {
    const expired = await fetch(`${SUPABASE_URL}/rest/v1/organizations?select=id`, {
      headers: { apikey: SUPABASE_ANON_KEY, Authorization: `Bearer ${await expiredToken()}` },
    });
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ code: 'PGRST303', details: null, hint: null, message: 'JWT expired' });

    const garbage = await fetch(`${SUPABASE_URL}/rest/v1/organizations?select=id`, {
      headers: { apikey: SUPABASE_ANON_KEY, Authorization: 'Bearer not-a-jwt' },
    });
    expect(garbage.status).toBe(401);
    expect(await garbage.json()).toMatchObject({ code: 'PGRST301' });
  });

  it('serves only the public schema (406 PGRST106) and 404 PGRST205 for unknown tables', async () => {
    const other = await svc.schema('private').from('organizations').select('id');
    expectRefused(other, 406, 'PGRST106');
    const missing = await svc.from('organisations').select('id');
    expectRefused(missing, 404, 'PGRST205');
    expect(missing.error?.message).toBe("Could not find the table 'public.organisations' in the schema cache");
    expect(missing.error?.hint).toBe("Perhaps you meant the table 'public.organizations'");
    const column = await svc.from('organizations').select('id, colour');
    expectRefused(column, 400, '42703');
  });
});

describe('row-level security status codes', () => {
  let staff: TestUser;
  let provider: TestUser;

  beforeAll(async () => {
    [staff, provider] = await Promise.all([staffUser('rest-staff'), userWithRole('provider', 'rest-provider')]);
  });

  it('anon is refused with 401 42501, for reads and writes', async () => {
    expectRefused(await anonClient().from('organizations').insert(organizationRow()), 401, '42501');
    expectRefused(await anonClient().from('organizations').select('id'), 401, '42501');
  });

  it('a signed-in caller refused by a policy or a privilege gets 403 42501', async () => {
    const denied = await provider.client.from('organizations').insert(organizationRow());
    expectRefused(denied, 403, '42501');
    expect(denied.error?.message).toBe('new row violates row-level security policy for table "organizations"');
    const [row] = await seedRows('organizations', [organizationRow()]);
    expectRefused(await staff.client.from('organizations').delete().eq('id', row!.id as string), 403, '42501');
  });

  it('a signed-in caller the policies allow writes and reads back through RLS', async () => {
    const row = organizationRow();
    const answer = await staff.client.from('organizations').insert(row).select('id, legal_name').single();
    expectOk(answer, 201);
    expect(answer.data).toEqual({ id: row.id, legal_name: row.legal_name });
    // The provider login sees no organization at all (select policy), so the row is hidden.
    expect((await provider.client.from('organizations').select('id').eq('id', row.id as string)).data).toEqual([]);
  });
});

describe('raw HTTP', () => {
  const headers = { apikey: SUPABASE_SERVICE_ROLE_KEY, Authorization: `Bearer ${SUPABASE_SERVICE_ROLE_KEY}` };
  let ids: string[];

  beforeAll(async () => {
    ids = (await seedRows('organizations', [organizationRow(), organizationRow()])).map((row) => row.id as string);
  });

  it('answers JSON with a Content-Range for reads, counted on request', async () => {
    const url = `${SUPABASE_URL}/rest/v1/organizations?select=id&id=in.(${ids.join(',')})&order=id`;
    const plain = await fetch(url, { headers });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(plain.headers.get('content-range')).toBe('0-1/*');
    expect(await plain.json()).toEqual([...ids].sort().map((id) => ({ id })));

    const counted = await fetch(`${url}&offset=1`, { headers: { ...headers, Prefer: 'count=exact' } });
    expect([counted.status, counted.headers.get('content-range')]).toEqual([206, '1-1/2']);

    const empty = await fetch(`${url}&legal_name=eq.nothing`, { headers: { ...headers, Prefer: 'count=exact' } });
    expect([empty.headers.get('content-range'), await empty.text()]).toEqual(['*/0', '[]']);

    const head = await fetch(url, { method: 'HEAD', headers });
    expect([head.status, head.headers.get('content-range'), await head.text()]).toEqual([200, '0-1/*', '']);

    const beyond = await fetch(`${url}&offset=5`, { headers: { ...headers, Prefer: 'count=exact' } });
    expect(beyond.status).toBe(416);
    expect(await beyond.json()).toMatchObject({ code: 'PGRST103', message: 'Requested range not satisfiable' });
  });

  it('answers writes with */* ranges and the Location of a headers-only insert', async () => {
    const row = organizationRow();
    const created = await fetch(`${SUPABASE_URL}/rest/v1/organizations`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json', Prefer: 'return=headers-only' },
      body: JSON.stringify(row),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('content-range')).toBe('*/*');
    expect(created.headers.get('location')).toBe(`/organizations?id=eq.${row.id as string}`);
    expect(await created.text()).toBe('');
  });
});
