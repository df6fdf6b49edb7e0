/**
 * The data contract's constraints as the API reports them: NPI check digits, one live
 * provider per NPI, the enumerations, one membership and one delegate approval per pair,
 * and the server-maintained `_modified` (strictly increasing, microsecond text).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceClient, signedInUser, staffUser, type TestUser } from '../helpers/clients.ts';
import { badCheckDigitNpi, expectOk, expectRefused, organizationRow, providerRow, seedOne, type Row } from './directory-helpers.ts';

let staff: TestUser;
let providerId: string;
let organizationId: string;

beforeAll(async () => {
  staff = await staffUser('schema');
  organizationId = await seedOne('organizations', organizationRow());
  providerId = await seedOne('providers', providerRow());
});

/** Microseconds since the epoch of a Postgres timestamptz text ("…T…:ss.ffffff+00:00"). */
function micros(text: string): bigint {
  const match = /^(.*T\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?(Z|[+-]\d{2}:\d{2})$/.exec(text);
  if (!match) throw new Error(`Not a timestamptz text: ${text}`);
  const seconds = BigInt(Date.parse(`${match[1]}${match[3]}`)) * 1000n;
  return seconds + BigInt((match[2] ?? '').padEnd(6, '0'));
}

describe('providers', () => {
  it('refuses an NPI with a wrong check digit (23514)', async () => {
    const answer = await staff.client.from('providers').insert(providerRow({ npi: badCheckDigitNpi() }));
    expectRefused(answer, 400, '23514');
    expect(answer.error?.message).toBe('new row for relation "providers" violates check constraint "providers_npi_check"');
    expectRefused(await staff.client.from('providers').insert(providerRow({ npi: '12345' })), 400, '23514');
  });

  it('allows a provider without an NPI (non-healthcare)', async () => {
    expectOk(await staff.client.from('providers').insert(providerRow({ npi: null })), 201);
  });

  it('refuses a second live provider with the same NPI (23505), allows it once the first is deleted', async () => {
    const first = providerRow();
    expectOk(await staff.client.from('providers').insert(first), 201);
    const duplicate = providerRow({ npi: first.npi });
    expectRefused(await staff.client.from('providers').insert(duplicate), 409, '23505');
    expectOk(await staff.client.from('providers').update({ _deleted: true }).eq('id', first.id), 204);
    expectOk(await staff.client.from('providers').insert(duplicate), 201);
  });
});

describe('enumerations', () => {
  it('organizations.type is healthcare, non_healthcare or sole_proprietor', async () => {
    for (const type of ['healthcare', 'non_healthcare', 'sole_proprietor']) {
      expectOk(await staff.client.from('organizations').insert(organizationRow({ type })), 201);
    }
    expectRefused(await staff.client.from('organizations').insert(organizationRow({ type: 'hospital' })), 400, '23514');
  });

  it('report_format is summary, comprehensive, summary_plus or comprehensive_plus', async () => {
    for (const report_format of ['summary', 'comprehensive', 'summary_plus', 'comprehensive_plus']) {
      const provider = await seedOne('providers', providerRow());
      expectOk(await staff.client.from('provider_preferences').insert({ provider_id: provider, report_format }), 201);
    }
    const provider = await seedOne('providers', providerRow());
    const answer = await staff.client.from('provider_preferences').insert({ provider_id: provider, report_format: 'pdf' });
    expectRefused(answer, 400, '23514');
  });

  it('approval_type is order, results or both', async () => {
    for (const approval_type of ['order', 'results', 'both']) {
      const delegate = await signedInUser('schema-delegate');
      const row = { provider_id: providerId, delegate_id: delegate.id, approval_type };
      expectOk(await staff.client.from('provider_delegate_approvals').insert(row), 201);
    }
    const row = { provider_id: providerId, delegate_id: staff.id, approval_type: 'admin' };
    expectRefused(await staff.client.from('provider_delegate_approvals').insert(row), 400, '23514');
  });

  it('user_roles.role is admin or provider', async () => {
    const user = await signedInUser('schema-role');
    expectRefused(await serviceClient().from('user_roles').insert({ user_id: user.id, role: 'superuser' }), 400, '23514');
    expectOk(await serviceClient().from('user_roles').insert({ user_id: user.id, role: 'provider' }), 201);
  });
});

describe('one row per pair', () => {
  it('a provider joins an organization once (23505)', async () => {
    const row = { provider_id: providerId, organization_id: organizationId };
    expectOk(await staff.client.from('provider_organization_memberships').insert(row), 201);
    expectRefused(await staff.client.from('provider_organization_memberships').insert(row), 409, '23505');
  });

  it('a delegate is approved for a provider once (23505)', async () => {
    const delegate = await signedInUser('schema-pair');
    const row = { provider_id: providerId, delegate_id: delegate.id, approval_type: 'order' };
    expectOk(await staff.client.from('provider_delegate_approvals').insert(row), 201);
    expectRefused(await staff.client.from('provider_delegate_approvals').insert({ ...row, approval_type: 'both' }), 409, '23505');
  });

  it('a provider has one preferences row (23505)', async () => {
    const provider = await seedOne('providers', providerRow());
    expectOk(await staff.client.from('provider_preferences').insert({ provider_id: provider }), 201);
    expectRefused(await staff.client.from('provider_preferences').insert({ provider_id: provider }), 409, '23505');
  });
});

describe('_modified', () => {
  it('is set by the server, strictly increasing, as microsecond timestamp text', async () => {
    const org = organizationRow({ _modified: '2000-01-01T00:00:00+00:00' });
    const rows: Row[] = [org, ...Array.from({ length: 49 }, () => organizationRow())];
    expectOk(await staff.client.from('organizations').insert(rows), 201);
    expectOk(await staff.client.from('organizations').update({ legal_name: 'Touched' }).eq('id', org.id), 204);
    const { data, error } = await staff.client
      .from('organizations')
      .select('id, _modified')
      .in('id', rows.map((row) => row.id))
      .order('_modified', { ascending: true });
    expect(error).toBeNull();
    const stamps = (data as Array<{ id: string; _modified: string }>).map((row) => row._modified);
    for (const stamp of stamps) expect(stamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?\+00:00$/);
    const values = stamps.map(micros);
    for (let i = 1; i < values.length; i += 1) expect(values[i]! > values[i - 1]!).toBe(true);
    // The client's value was ignored, and the updated row is now the newest.
    expect(stamps[0]!.startsWith('2000-')).toBe(false);
    expect(data!.at(-1)!.id).toBe(org.id);
    // Rows written in one statement are microseconds apart: the text keeps all six digits
    // (Postgres drops trailing zeros, so not every value shows six).
    expect(stamps.some((stamp) => /\.\d{6}\+00:00$/.test(stamp))).toBe(true);
  });

  it('is the sync order: a later write always sorts after every earlier one', async () => {
    const before = await staff.client.from('organizations').select('_modified').order('_modified', { ascending: false }).limit(1).single();
    const id = randomUUID();
    expectOk(await staff.client.from('organizations').insert(organizationRow({ id })), 201);
    const after = await staff.client.from('organizations').select('_modified').eq('id', id).single();
    expect(micros(after.data!._modified as string) > micros(before.data!._modified as string)).toBe(true);
  });
});
