/**
 * Row-level security, role by role (anonymous, staff, admin, provider user) over every
 * public table: what each may select, insert and update, and how a refusal looks through
 * the API (401 for anon, 403 with code 42501 for a signed-in caller, or simply no rows
 * where a policy filters). Also the replication push under each role.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient, signedInUser, staffUser, userWithRole, type Client, type TestUser } from '../helpers/clients.ts';
import { expectOk, expectRefused, organizationRow, providerRow, seedOne, visibleIds, type Row } from './directory-helpers.ts';

const DIRECTORY = ['organizations', 'providers', 'provider_organization_memberships', 'provider_preferences', 'provider_delegate_approvals'];
const ALL_TABLES = [...DIRECTORY, 'profiles', 'user_roles', 'audit_log', 'function_idempotency'];

let staff: TestUser;
let admin: TestUser;
let providerUser: TestUser;
let target: TestUser;
let ownProviderRow: Row;
let otherProviderRow: Row;
const ids = {
  org: '', own: '', other: '', ownMembership: '', otherMembership: '',
  ownPreferences: '', otherPreferences: '', ownApproval: '', otherApproval: '',
};

beforeAll(async () => {
  [staff, admin, providerUser, target] = await Promise.all([
    staffUser('rls-staff'),
    userWithRole('admin', 'rls-admin'),
    userWithRole('provider', 'rls-provider'),
    signedInUser('rls-target'),
  ]);
  ownProviderRow = providerRow();
  otherProviderRow = providerRow();
  ids.org = await seedOne('organizations', organizationRow());
  ids.own = await seedOne('providers', ownProviderRow);
  ids.other = await seedOne('providers', otherProviderRow);
  // The rows as stored (with _modified), for sync_push's assumed state.
  const stored = await serviceClient().from('providers').select('*').in('id', [ids.own, ids.other]);
  if (stored.error) throw stored.error;
  ownProviderRow = stored.data.find((row: Row) => row.id === ids.own) as Row;
  otherProviderRow = stored.data.find((row: Row) => row.id === ids.other) as Row;
  const link = await serviceClient().from('profiles').update({ provider_id: ids.own }).eq('id', providerUser.id);
  if (link.error) throw link.error;
  ids.ownMembership = await seedOne('provider_organization_memberships', { provider_id: ids.own, organization_id: ids.org });
  ids.otherMembership = await seedOne('provider_organization_memberships', { provider_id: ids.other, organization_id: ids.org });
  ids.ownPreferences = await seedOne('provider_preferences', { provider_id: ids.own });
  ids.otherPreferences = await seedOne('provider_preferences', { provider_id: ids.other });
  ids.ownApproval = await seedOne('provider_delegate_approvals', { provider_id: ids.own, delegate_id: staff.id, approval_type: 'both' });
  ids.otherApproval = await seedOne('provider_delegate_approvals', { provider_id: ids.other, delegate_id: staff.id, approval_type: 'order' });
});

function push(client: Client, table: string, rows: unknown[]) {
  return client.rpc('sync_push', { p_table: table, p_rows: rows });
}

describe('anonymous callers', () => {
  const anon = () => anonClient();

  it.each(ALL_TABLES)('cannot read %s (401, 42501)', async (table) => {
    expectRefused(await anon().from(table).select('*'), 401, '42501');
  });

  it.each(DIRECTORY)('cannot insert into %s (401)', async (table) => {
    expectRefused(await anon().from(table).insert({ id: randomUUID() }), 401, '42501');
  });

  it('cannot update providers or call sync_push', async () => {
    expectRefused(await anon().from('providers').update({ first_name: 'X' }).eq('id', ids.own), 401, '42501');
    expectRefused(await push(anon(), 'organizations', []), 401, '42501');
  });
});

describe('staff (the staff role)', () => {
  it('read the whole directory, the accounts that hold a role and the provider roles', async () => {
    expect(await visibleIds(staff.client, 'providers', [ids.own, ids.other])).toEqual([ids.own, ids.other].sort());
    expect(await visibleIds(staff.client, 'organizations', [ids.org])).toEqual([ids.org]);
    const pairs: Array<[string, string[]]> = [
      ['provider_organization_memberships', [ids.ownMembership, ids.otherMembership]],
      ['provider_preferences', [ids.ownPreferences, ids.otherPreferences]],
      ['provider_delegate_approvals', [ids.ownApproval, ids.otherApproval]],
      ['profiles', [admin.id, providerUser.id]],
    ];
    for (const [table, wanted] of pairs) expect(await visibleIds(staff.client, table, wanted)).toEqual([...wanted].sort());
    // A sign-up that holds no role is no one's colleague yet (docs/access-matrix.md, "Users").
    expect(await visibleIds(staff.client, 'profiles', [target.id])).toEqual([]);
    const roles = await staff.client.from('user_roles').select('user_id, role').in('user_id', [admin.id, providerUser.id]);
    expect(roles.data).toEqual([{ user_id: providerUser.id, role: 'provider' }]);
  });

  it('insert and update directory rows, and soft-delete them', async () => {
    const org = organizationRow();
    expectOk(await staff.client.from('organizations').insert(org), 201);
    const provider = providerRow({ default_organization_id: org.id });
    expectOk(await staff.client.from('providers').insert(provider), 201);
    expectOk(await staff.client.from('provider_organization_memberships').insert({ provider_id: provider.id, organization_id: org.id }), 201);
    expectOk(await staff.client.from('provider_preferences').insert({ provider_id: provider.id, favorite_reports: ['a@b.test'] }), 201);
    expectOk(await staff.client.from('provider_delegate_approvals').insert({ provider_id: provider.id, delegate_id: target.id, approval_type: 'results' }), 201);

    const renamed = await staff.client.from('providers').update({ first_name: 'Renamed' }).eq('id', provider.id).select('first_name');
    expect(renamed.data).toEqual([{ first_name: 'Renamed' }]);
    const removed = await staff.client.from('organizations').update({ _deleted: true }).eq('id', org.id).select('_deleted');
    expect(removed.data).toEqual([{ _deleted: true }]);
  });

  it.each([...DIRECTORY, 'profiles', 'user_roles'])('never hard-delete from %s (403, 42501)', async (table) => {
    expectRefused(await staff.client.from(table).delete().eq('id', randomUUID()), 403, '42501');
  });

  it('cannot grant a role to themselves or anyone else, nor change a role', async () => {
    expectRefused(await staff.client.from('user_roles').insert({ user_id: staff.id, role: 'admin' }), 403, '42501');
    expectRefused(await staff.client.from('user_roles').insert({ user_id: target.id, role: 'provider' }), 403, '42501');
    const revoke = await staff.client.from('user_roles').update({ _deleted: true }).eq('user_id', admin.id).select();
    expect(revoke.data).toEqual([]);
    const { data } = await serviceClient().from('user_roles').select('_deleted').eq('user_id', admin.id);
    expect(data).toEqual([{ _deleted: false }]);
  });

  it('edit their own name and title, but not the account fields, nor anyone else\'s profile', async () => {
    const own = await staff.client
      .from('profiles')
      .update({ first_name: 'Sam', last_name: 'Staff', professional_title: 'Phlebotomist' })
      .eq('id', staff.id)
      .select('first_name, last_name, professional_title');
    expect(own.data).toEqual([{ first_name: 'Sam', last_name: 'Staff', professional_title: 'Phlebotomist' }]);
    expectRefused(await staff.client.from('profiles').update({ provider_id: ids.other }).eq('id', staff.id), 403, '42501');
    expectRefused(await staff.client.from('profiles').update({ email: 'else@contract.test' }).eq('id', staff.id), 403, '42501');
    const other = await staff.client.from('profiles').update({ first_name: 'Hacked' }).eq('id', target.id).select();
    expect(other.data).toEqual([]);
    expectRefused(await staff.client.from('profiles').insert({ id: randomUUID(), email: 'x@contract.test' }), 403, '42501');
  });

  it('read the audit log of their changes, which nobody can write', async () => {
    const provider = providerRow();
    expectOk(await staff.client.from('providers').insert(provider), 201);
    expectOk(await staff.client.from('providers').update({ credential: 'M.D.' }).eq('id', provider.id), 204);
    const { data } = await staff.client
      .from('audit_log')
      .select('table_name, action, changed_by, changed_fields, row_data')
      .eq('row_id', provider.id)
      .order('id');
    expect(data).toHaveLength(2);
    expect(data![0]).toMatchObject({ table_name: 'providers', action: 'insert', changed_by: staff.id, changed_fields: null });
    expect(data![0]!.row_data).toMatchObject({ id: provider.id, npi: provider.npi, last_name: provider.last_name });
    expect(data![1]).toMatchObject({ action: 'update', changed_by: staff.id, row_data: null });
    expect(data![1]!.changed_fields).toMatchObject({ credential: { old: null, new: 'M.D.' } });
    // updated_at is the server's time of the write (migration 20261125100001).
    expect(Object.keys(data![1]!.changed_fields as object).sort()).toEqual(['credential', 'updated_at']);

    const entry = { table_name: 'providers', row_id: provider.id, action: 'delete' };
    expectRefused(await staff.client.from('audit_log').insert(entry), 403, '42501');
    expectRefused(await staff.client.from('audit_log').update({ action: 'delete' }).eq('row_id', provider.id), 403, '42501');
    expectRefused(await staff.client.from('audit_log').delete().eq('row_id', provider.id), 403, '42501');
    // Append-only even for the service role: only the triggers write it.
    expectRefused(await serviceClient().from('audit_log').delete().eq('row_id', provider.id), 403, '42501');
  });

  it('cannot read or write the functions\' idempotency records', async () => {
    expectRefused(await staff.client.from('function_idempotency').select('*'), 403, '42501');
    const record = { key: randomUUID(), function_name: 'verify-pecos', request_hash: 'x' };
    expectRefused(await staff.client.from('function_idempotency').insert(record), 403, '42501');
  });

  it('push through sync_push', async () => {
    const { data, error } = await push(staff.client, 'organizations', [{ new: organizationRow(), assumed: null }]);
    expect(error).toBeNull();
    expect(data).toEqual({ conflicts: [], rejected: [] });
  });
});

describe('admins', () => {
  it('grant, change and revoke roles of other users, never their own', async () => {
    const granted = await admin.client.from('user_roles').insert({ user_id: target.id, role: 'provider' }).select('id, role');
    expect(granted.error).toBeNull();
    const revoked = await admin.client.from('user_roles').update({ _deleted: true }).eq('id', granted.data![0]!.id).select('_deleted');
    expect(revoked.data).toEqual([{ _deleted: true }]);
    expectRefused(await admin.client.from('user_roles').insert({ user_id: admin.id, role: 'provider' }), 403, '42501');
    const own = await admin.client.from('user_roles').update({ _deleted: true }).eq('user_id', admin.id).select();
    expect(own.data).toEqual([]);
  });

  it('link a provider to another user\'s profile', async () => {
    const linked = await admin.client.from('profiles').update({ provider_id: ids.other }).eq('id', target.id).select('provider_id');
    expect(linked.data).toEqual([{ provider_id: ids.other }]);
    const unlinked = await admin.client.from('profiles').update({ provider_id: null }).eq('id', target.id).select('provider_id');
    expect(unlinked.data).toEqual([{ provider_id: null }]);
  });

  it('cannot hard-delete either', async () => {
    expectRefused(await admin.client.from('providers').delete().eq('id', ids.other), 403, '42501');
  });
});

describe('provider users', () => {
  it('see only their own provider record, its preferences and delegates', async () => {
    const client = providerUser.client;
    expect(await visibleIds(client, 'providers', [ids.own, ids.other])).toEqual([ids.own]);
    expect(await visibleIds(client, 'provider_preferences', [ids.ownPreferences, ids.otherPreferences])).toEqual([ids.ownPreferences]);
    expect(await visibleIds(client, 'provider_delegate_approvals', [ids.ownApproval, ids.otherApproval])).toEqual([ids.ownApproval]);
  });

  it('see nothing else: no organizations, memberships, other profiles than their delegates\' or the audit log', async () => {
    const client = providerUser.client;
    for (const table of ['organizations', 'provider_organization_memberships', 'audit_log']) {
      const { data, error } = await client.from(table).select('*').limit(5);
      expect({ table, error, data }).toEqual({ table, error: null, data: [] });
    }
    const profiles = await client.from('profiles').select('id');
    expect((profiles.data ?? []).map((row) => row.id).sort()).toEqual([providerUser.id, staff.id].sort());
    const roles = await client.from('user_roles').select('user_id, role');
    expect(roles.data).toEqual([{ user_id: providerUser.id, role: 'provider' }]);
  });

  it('update their own preferences, not another provider\'s, and not their provider record', async () => {
    const client = providerUser.client;
    const own = await client.from('provider_preferences').update({ report_format: 'comprehensive' }).eq('id', ids.ownPreferences).select('report_format');
    expect(own.data).toEqual([{ report_format: 'comprehensive' }]);
    const other = await client.from('provider_preferences').update({ report_format: 'comprehensive' }).eq('id', ids.otherPreferences).select();
    expect(other.data).toEqual([]);
    const record = await client.from('providers').update({ pecos_verified: true }).eq('id', ids.own).select();
    expect(record.data).toEqual([]);
    const { data } = await serviceClient().from('providers').select('pecos_verified').eq('id', ids.own).single();
    expect(data).toEqual({ pecos_verified: false });
  });

  it('cannot add directory rows', async () => {
    expectRefused(await providerUser.client.from('providers').insert(providerRow()), 403, '42501');
    expectRefused(await providerUser.client.from('organizations').insert(organizationRow()), 403, '42501');
  });

  it('cannot push changes to another provider, nor to their own provider record', async () => {
    const other = await push(providerUser.client, 'providers', [{ new: { ...otherProviderRow, first_name: 'X' }, assumed: otherProviderRow }]);
    expect(other.data.conflicts).toEqual([]);
    expect(other.data.rejected).toEqual([
      { id: ids.other, code: 'P0002', message: `row ${ids.other} of table providers does not exist or is not visible`, master: null },
    ]);
    const own = await push(providerUser.client, 'providers', [{ new: { ...ownProviderRow, pecos_verified: true }, assumed: ownProviderRow }]);
    expect(own.data.rejected).toHaveLength(1);
    expect(own.data.rejected[0]).toMatchObject({ id: ids.own, code: '42501', master: { id: ids.own, pecos_verified: false } });
  });
});
