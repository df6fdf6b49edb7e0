/**
 * Fields that record a fact the server established (issue 30) cannot be forged by a
 * signed-in client, through the table API or through sync_push (which runs as the
 * caller): verification results and dates, registry data, created_by, assigned_by,
 * created_at and updated_at, and the audit's actor. The client's values are replaced by
 * the server's, or the write is refused (registry data that is not the registry's).
 * What the app itself writes still goes through: registry data verify-npi recorded, the
 * minimal taxonomy staff type in, and the primary taxonomy's state and license.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceClient, staffUser, userWithRole, type Client, type TestUser } from '../helpers/clients.ts';
import { SUPABASE_SERVICE_ROLE_KEY, SUPABASE_URL } from '../helpers/env.ts';
import { expectRefused, organizationRow, providerRow, randomNpi, seedOne, type Row } from './directory-helpers.ts';

let staff: TestUser;
let admin: TestUser;

beforeAll(async () => {
  [staff, admin] = await Promise.all([staffUser('fields-staff'), userWithRole('admin', 'fields-admin')]);
});

const LONG_AGO = '2001-02-03T04:05:06+00:00';
const FORGED_PECOS = {
  pecos_verified: true,
  pecos_verification_date: '2026-01-01T00:00:00+00:00',
  pecos_verification_data: { can_order_part_b: true, enrollment: { rows: [{ NPI: 'forged' }] } },
};

async function stored(table: string, id: string): Promise<Row> {
  const { data, error } = await serviceClient().from(table).select('*').eq('id', id).single();
  if (error) throw new Error(error.message);
  return data as Row;
}

function push(client: Client, table: string, rows: unknown[]) {
  return client.rpc('sync_push', { p_table: table, p_rows: rows });
}

/** A registry document for an NPI, as the simulator would answer it. */
function registryAnswer(npi: string, state = 'NY', license = 'L-1'): Row {
  return {
    result_count: 1,
    results: [
      {
        number: npi,
        enumeration_type: 'NPI-1',
        basic: { first_name: 'JANE', last_name: 'DOE', status: 'A' },
        taxonomies: [
          { code: '207Q00000X', desc: 'Family Medicine', primary: true, state, license },
          { code: '207R00000X', desc: 'Internal Medicine', primary: false, state: 'NJ', license: 'X-9' },
        ],
      },
    ],
  };
}

/** What verify-npi does for each registry answer: record it as the evidence. */
async function recordLookup(npi: string, answer: Row): Promise<void> {
  const { error } = await serviceClient().from('nppes_lookups').insert({ npi, nppes_data: answer });
  if (error) throw new Error(error.message);
}

describe('PECOS verification is verify-pecos\'s to write', () => {
  it('a staff update claiming a verification changes nothing of it (table API)', async () => {
    const id = await seedOne('providers', providerRow());
    const answer = await staff.client.from('providers').update({ ...FORGED_PECOS, nppes_verified: true, credential: 'MD' }).eq('id', id);
    expect(answer.error).toBeNull();
    expect(await stored('providers', id)).toMatchObject({
      pecos_verified: false,
      pecos_verification_date: null,
      pecos_verification_data: null,
      nppes_verified: false,
      credential: 'MD',
    });
  });

  it('nor through sync_push, on insert or on update', async () => {
    const row = providerRow({ ...FORGED_PECOS, nppes_verified: true });
    expect((await push(staff.client, 'providers', [{ new: row, assumed: null }])).data).toEqual({ conflicts: [], rejected: [] });
    const inserted = await stored('providers', row.id as string);
    expect(inserted).toMatchObject({ pecos_verified: false, pecos_verification_date: null, pecos_verification_data: null, nppes_verified: false });

    const update = await push(staff.client, 'providers', [{ new: { ...inserted, ...FORGED_PECOS, nickname: 'Jo' }, assumed: inserted }]);
    expect(update.data).toEqual({ conflicts: [], rejected: [] });
    expect(await stored('providers', row.id as string)).toMatchObject({ pecos_verified: false, pecos_verification_date: null, nickname: 'Jo' });
  });

  it('keeps a real verification when staff edit the provider', async () => {
    const id = await seedOne('providers', providerRow({ ...FORGED_PECOS }));
    await staff.client.from('providers').update({ pecos_verified: false, pecos_verification_date: null, phone: '5551234567' }).eq('id', id);
    expect(await stored('providers', id)).toMatchObject({ pecos_verified: true, pecos_verification_date: '2026-01-01T00:00:00+00:00', phone: '5551234567' });
  });
});

describe('registry data (nppes_data) is the registry\'s', () => {
  it('is refused on insert unless verify-npi recorded it for that NPI (table API and sync_push)', async () => {
    const npi = randomNpi();
    const forged = providerRow({ npi, nppes_data: registryAnswer(npi), nppes_verified: true });
    expectRefused(await staff.client.from('providers').insert(forged), 403, '42501');
    const pushed = await push(staff.client, 'providers', [{ new: forged, assumed: null }]);
    expect(pushed.data.rejected).toEqual([
      {
        id: forged.id,
        code: '42501',
        message: "nppes_data must be the NPPES registry's answer for this NPI (verify it with verify-npi first)",
        master: null,
      },
    ]);
  });

  it('is stored as verified when it is what verify-npi recorded, with the form\'s state and license', async () => {
    const npi = randomNpi();
    await recordLookup(npi, registryAnswer(npi, 'NY', 'L-1'));
    const row = providerRow({ npi, nppes_data: registryAnswer(npi, 'CA', 'CA-77'), nppes_verified: false });
    expect((await staff.client.from('providers').insert(row)).error).toBeNull();
    expect(await stored('providers', row.id as string)).toMatchObject({ nppes_verified: true, nppes_data: registryAnswer(npi, 'CA', 'CA-77') });
  });

  it('the minimal taxonomy staff type in for a provider without registry data is stored, unverified', async () => {
    const nppes = { result_count: 1, results: [{ taxonomies: [{ code: null, desc: null, primary: true, state: 'TX', license: 'T-1' }] }] };
    const row = providerRow({ npi: null, nppes_data: nppes, nppes_verified: true });
    expect((await staff.client.from('providers').insert(row)).error).toBeNull();
    expect(await stored('providers', row.id as string)).toMatchObject({ nppes_verified: false, nppes_data: nppes });
  });

  it('staff change only the primary taxonomy\'s state and license in it (spec §7 call 5), nothing else', async () => {
    const npi = randomNpi();
    const id = await seedOne('providers', providerRow({ npi, nppes_data: registryAnswer(npi), nppes_verified: true }));
    const edited = await staff.client.from('providers').update({ nppes_data: registryAnswer(npi, 'VT', 'V-2') }).eq('id', id);
    expect(edited.error).toBeNull();
    expect(await stored('providers', id)).toMatchObject({ nppes_verified: true, nppes_data: registryAnswer(npi, 'VT', 'V-2') });

    const renamed = registryAnswer(npi, 'VT', 'V-2') as { results: Array<{ basic: Row }> };
    renamed.results[0]!.basic.last_name = 'FORGED';
    expectRefused(await staff.client.from('providers').update({ nppes_data: renamed }).eq('id', id), 403, '42501');
    const otherTaxonomy = registryAnswer(npi, 'VT', 'V-2') as { results: Array<{ taxonomies: Row[] }> };
    otherTaxonomy.results[0]!.taxonomies[1]!.license = 'FORGED';
    expectRefused(await staff.client.from('providers').update({ nppes_data: otherTaxonomy }).eq('id', id), 403, '42501');
    expectRefused(await staff.client.from('providers').update({ nppes_data: null }).eq('id', id), 403, '42501');
    expect((await stored('providers', id)).nppes_data).toEqual(registryAnswer(npi, 'VT', 'V-2'));
  });
});

describe('who and when: created_by, assigned_by, created_at, updated_at', () => {
  it('a delegate approval names its real creator, whatever the client says', async () => {
    const providerId = await seedOne('providers', providerRow());
    const row = { id: randomUUID(), provider_id: providerId, delegate_id: staff.id, approval_type: 'both', created_by: admin.id, created_at: LONG_AGO, updated_at: LONG_AGO };
    expect((await staff.client.from('provider_delegate_approvals').insert(row)).error).toBeNull();
    const saved = await stored('provider_delegate_approvals', row.id);
    expect(saved.created_by).toBe(staff.id);
    expect(Date.now() - Date.parse(saved.created_at as string)).toBeLessThan(60_000);
    expect(Date.now() - Date.parse(saved.updated_at as string)).toBeLessThan(60_000);

    await staff.client.from('provider_delegate_approvals').update({ created_by: admin.id, created_at: LONG_AGO, approval_type: 'order' }).eq('id', row.id);
    expect(await stored('provider_delegate_approvals', row.id)).toMatchObject({ created_by: staff.id, created_at: saved.created_at, approval_type: 'order' });
  });

  it('a membership\'s assigned_by is whoever assigned it: a client can name only itself', async () => {
    const providerId = await seedOne('providers', providerRow());
    const organizationId = await seedOne('organizations', organizationRow());
    const row = { id: randomUUID(), provider_id: providerId, organization_id: organizationId, assigned_by: admin.id };
    expect((await push(staff.client, 'provider_organization_memberships', [{ new: row, assumed: null }])).data).toEqual({ conflicts: [], rejected: [] });
    expect((await stored('provider_organization_memberships', row.id)).assigned_by).toBe(staff.id);

    const other = await staffUser('fields-other');
    await other.client.from('provider_organization_memberships').update({ assigned_by: admin.id, is_active: false }).eq('id', row.id);
    expect(await stored('provider_organization_memberships', row.id)).toMatchObject({ assigned_by: other.id, is_active: false });
    await other.client.from('provider_organization_memberships').update({ is_active: true }).eq('id', row.id);
    expect((await stored('provider_organization_memberships', row.id)).assigned_by).toBe(other.id);
  });

  it('a provider\'s created_by and created_at are set on insert and kept ever after', async () => {
    const row = providerRow({ created_by: admin.id, created_at: LONG_AGO });
    expect((await staff.client.from('providers').insert(row)).error).toBeNull();
    const saved = await stored('providers', row.id as string);
    expect(saved.created_by).toBe(staff.id);
    expect(saved.created_at).not.toBe(LONG_AGO);
    await admin.client.from('providers').update({ created_by: admin.id, created_at: LONG_AGO }).eq('id', row.id);
    expect(await stored('providers', row.id as string)).toMatchObject({ created_by: staff.id, created_at: saved.created_at });
  });
});

describe('the audit names every actor', () => {
  async function auditOf(id: string): Promise<Array<{ table_name: string; action: string; changed_by: string | null }>> {
    const { data, error } = await serviceClient().from('audit_log').select('table_name, action, changed_by').eq('row_id', id).order('id');
    if (error) throw new Error(error.message);
    return data as Array<{ table_name: string; action: string; changed_by: string | null }>;
  }

  async function serviceWrite(id: string, headers: Record<string, string>): Promise<number> {
    const response = await fetch(`${SUPABASE_URL}/rest/v1/providers?id=eq.${id}`, {
      method: 'PATCH',
      headers: { apikey: SUPABASE_SERVICE_ROLE_KEY, Authorization: `Bearer ${SUPABASE_SERVICE_ROLE_KEY}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ nickname: `n-${randomUUID().slice(0, 4)}` }),
    });
    return response.status;
  }

  it('a service-role write names the user an Edge Function acts for (x-actor-id); without one, nobody', async () => {
    const id = await seedOne('providers', providerRow());
    expect(await serviceWrite(id, { 'x-actor-id': staff.id })).toBe(204);
    expect(await serviceWrite(id, {})).toBe(204);
    expect(await serviceWrite(id, { 'x-actor-id': 'not-a-uuid' })).toBe(204);
    expect(await auditOf(id)).toEqual([
      { table_name: 'providers', action: 'insert', changed_by: null },
      { table_name: 'providers', action: 'update', changed_by: staff.id },
      { table_name: 'providers', action: 'update', changed_by: null },
      { table_name: 'providers', action: 'update', changed_by: null },
    ]);
  });

  it('a signed-in caller cannot name someone else as the actor', async () => {
    const id = await seedOne('providers', providerRow());
    const response = await fetch(`${SUPABASE_URL}/rest/v1/providers?id=eq.${id}`, {
      method: 'PATCH',
      headers: {
        apikey: SUPABASE_SERVICE_ROLE_KEY,
        Authorization: `Bearer ${(await staff.client.auth.getSession()).data.session!.access_token}`,
        'content-type': 'application/json',
        'x-actor-id': admin.id,
      },
      body: JSON.stringify({ nickname: 'Me' }),
    });
    expect(response.status).toBe(204);
    expect((await auditOf(id)).at(-1)).toEqual({ table_name: 'providers', action: 'update', changed_by: staff.id });
  });

  it('profiles are audited: an admin linking a provider, a sign-in, a sign-up', async () => {
    const user = await staffUser('fields-audited');
    const providerId = await seedOne('providers', providerRow());
    expect((await admin.client.from('profiles').update({ provider_id: providerId }).eq('id', user.id)).error).toBeNull();
    expect((await user.client.auth.signInWithPassword({ email: user.email, password: user.password })).error).toBeNull();
    const { data } = await serviceClient().from('audit_log').select('action, changed_by, changed_fields').eq('row_id', user.id).eq('table_name', 'profiles').order('id');
    const rows = data as Array<{ action: string; changed_by: string; changed_fields: Record<string, unknown> | null }>;
    expect(rows[0]).toMatchObject({ action: 'insert', changed_by: user.id });
    expect(rows.find((row) => row.changed_fields && 'provider_id' in row.changed_fields)).toMatchObject({
      changed_by: admin.id,
      changed_fields: { provider_id: { old: null, new: providerId } },
    });
    expect(rows.at(-1)).toMatchObject({ action: 'update', changed_by: user.id, changed_fields: { last_sign_in: expect.any(Object) } });
  });
});

describe('one account per provider', () => {
  it('two profiles cannot link the same provider (23505); a deleted one does not count', async () => {
    const [first, second] = await Promise.all([staffUser('fields-link-1'), staffUser('fields-link-2')]);
    const providerId = await seedOne('providers', providerRow());
    expect((await admin.client.from('profiles').update({ provider_id: providerId }).eq('id', first.id)).error).toBeNull();
    expectRefused(await admin.client.from('profiles').update({ provider_id: providerId }).eq('id', second.id), 409, '23505');
    await admin.client.from('profiles').update({ _deleted: true }).eq('id', first.id);
    expect((await admin.client.from('profiles').update({ provider_id: providerId }).eq('id', second.id)).error).toBeNull();
  });
});
