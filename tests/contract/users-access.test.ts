/**
 * Users and access in the database (issue 25), from the refused side: who reads which
 * accounts and roles (the narrowest rule, docs/access-matrix.md "Users"), the account
 * fields only the functions write, admins' role changes as the app makes them
 * (sync_push), the laboratory's settings, and who gets in on sign-up.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient, signedInUser, userWithRole, type Client, type TestUser } from '../helpers/clients.ts';
import { expectOk, expectRefused, providerRow, seedOne, visibleIds } from './directory-helpers.ts';

let admin: TestUser;
let staff: TestUser;
let colleague: TestUser;
let providerUser: TestUser;
let delegate: TestUser;
let pending: TestUser;
let everyone: string[];

beforeAll(async () => {
  [admin, staff, colleague, providerUser, delegate, pending] = await Promise.all([
    userWithRole('admin', 'ua-admin'),
    userWithRole('staff', 'ua-staff'),
    userWithRole('staff', 'ua-colleague'),
    userWithRole('provider', 'ua-provider'),
    userWithRole('staff', 'ua-delegate'),
    signedInUser('ua-pending'),
  ]);
  everyone = [admin, staff, colleague, providerUser, delegate, pending].map((user) => user.id);
  const providerId = await seedOne('providers', providerRow());
  const link = await serviceClient().from('profiles').update({ provider_id: providerId }).eq('id', providerUser.id);
  if (link.error) throw link.error;
  await seedOne('provider_delegate_approvals', { provider_id: providerId, delegate_id: delegate.id, approval_type: 'both' });
});

const sorted = (ids: string[]) => [...ids].sort();

async function storedRow(table: string, id: string): Promise<Record<string, unknown>> {
  const { data, error } = await serviceClient().from(table).select('*').eq('id', id).single();
  if (error) throw error;
  return data as Record<string, unknown>;
}

function push(client: Client, table: string, rows: unknown[]) {
  return client.rpc('sync_push', { p_table: table, p_rows: rows });
}

describe('who reads which accounts', () => {
  it('admins read every account, a pending sign-up included', async () => {
    expect(await visibleIds(admin.client, 'profiles', everyone)).toEqual(sorted(everyone));
  });

  it('staff read the accounts that hold a role (delegate search, linked users), not a pending sign-up', async () => {
    const approved = everyone.filter((id) => id !== pending.id);
    expect(await visibleIds(staff.client, 'profiles', everyone)).toEqual(sorted(approved));
  });

  it('a provider login reads its own account and its delegates', async () => {
    expect(await visibleIds(providerUser.client, 'profiles', everyone)).toEqual(sorted([providerUser.id, delegate.id]));
  });

  it('roles: staff read their own and the provider roles; admins read all', async () => {
    const { data: seenByStaff } = await staff.client.from('user_roles').select('user_id, role').in('user_id', everyone);
    expect(sorted((seenByStaff ?? []).map((row) => `${row.role}:${row.user_id}`))).toEqual(
      sorted([`staff:${staff.id}`, `provider:${providerUser.id}`]),
    );
    const { data: seenByAdmin } = await admin.client.from('user_roles').select('user_id').in('user_id', everyone);
    expect(new Set((seenByAdmin ?? []).map((row) => row.user_id)).size).toBe(5);
  });

  it('a profile that gains a role reaches staff devices: it is touched past their checkpoints', async () => {
    const before = await storedRow('profiles', pending.id);
    const granted = await serviceClient().from('user_roles').insert({ user_id: pending.id, role: 'staff' }).select('id').single();
    if (granted.error) throw granted.error;
    const after = await storedRow('profiles', pending.id);
    expect(Date.parse(after._modified as string)).toBeGreaterThan(Date.parse(before._modified as string));
    expect(await visibleIds(staff.client, 'profiles', [pending.id])).toEqual([pending.id]);
    await serviceClient().from('user_roles').delete().eq('id', granted.data.id);
  });
});

describe('account fields only the functions write', () => {
  const REFUSAL = 'Invitations and deactivations are recorded by the invite-user and manage-user functions only.';

  it.each([
    ['staff, on their own account', () => staff, () => staff.id],
    ['an admin, on another account', () => admin, () => colleague.id],
  ])('refuses %s (403, 42501)', async (_label, who, target) => {
    for (const field of ['deactivated_at', 'invited_at']) {
      const answer = await who().client.from('profiles').update({ [field]: new Date().toISOString() }).eq('id', target());
      expectRefused(answer, 403, '42501');
      expect(answer.error?.message).toBe(REFUSAL);
    }
    expect((await storedRow('profiles', target())).deactivated_at).toBeNull();
  });

  it('refuses them through sync_push too, while an admin edits names and titles', async () => {
    const master = await storedRow('profiles', colleague.id);
    const { data, error } = await push(admin.client, 'profiles', [{ new: { ...master, deactivated_at: new Date().toISOString() }, assumed: master }]);
    expect(error).toBeNull();
    expect(data).toMatchObject({ conflicts: [], rejected: [{ id: colleague.id, code: '42501', message: REFUSAL }] });

    const renamed = await push(admin.client, 'profiles', [{ new: { ...master, professional_title: 'Lead Phlebotomist' }, assumed: master }]);
    expect(renamed.data).toEqual({ conflicts: [], rejected: [] });
    expect((await storedRow('profiles', colleague.id)).professional_title).toBe('Lead Phlebotomist');
  });
});

describe('roles, as the app changes them', () => {
  it('staff cannot grant a role (403, 42501)', async () => {
    expectRefused(await staff.client.from('user_roles').insert({ user_id: colleague.id, role: 'admin' }), 403, '42501');
    const { data } = await push(staff.client, 'user_roles', [{ new: { id: randomUUID(), user_id: staff.id, role: 'admin' }, assumed: null }]);
    expect(data).toMatchObject({ rejected: [{ code: '42501' }] });
  });

  it('an admin makes a colleague admin and back, audited as the admin', async () => {
    const id = randomUUID();
    const granted = await push(admin.client, 'user_roles', [{ new: { id, user_id: colleague.id, role: 'admin' }, assumed: null }]);
    expect(granted.data).toEqual({ conflicts: [], rejected: [] });
    const master = await storedRow('user_roles', id);
    const revoked = await push(admin.client, 'user_roles', [{ new: { ...master, _deleted: true }, assumed: master }]);
    expect(revoked.data).toEqual({ conflicts: [], rejected: [] });
    const { data: audit } = await serviceClient().from('audit_log').select('action, changed_by').eq('table_name', 'user_roles').eq('row_id', id).order('id');
    expect(audit).toEqual([
      { action: 'insert', changed_by: admin.id },
      { action: 'update', changed_by: admin.id },
    ]);
  });

  it('an admin grants a revoked role again with a new row', async () => {
    const first = randomUUID();
    const second = randomUUID();
    expect((await push(admin.client, 'user_roles', [{ new: { id: first, user_id: colleague.id, role: 'admin' }, assumed: null }])).data).toEqual({ conflicts: [], rejected: [] });
    const master = await storedRow('user_roles', first);
    expect((await push(admin.client, 'user_roles', [{ new: { ...master, _deleted: true }, assumed: master }])).data).toEqual({ conflicts: [], rejected: [] });
    expect((await push(admin.client, 'user_roles', [{ new: { id: second, user_id: colleague.id, role: 'admin' }, assumed: null }])).data).toEqual({ conflicts: [], rejected: [] });
    const { data } = await serviceClient().from('user_roles').select('id, _deleted').eq('user_id', colleague.id).eq('role', 'admin');
    expect(data).toEqual([{ id: second, _deleted: false }]);
    const revoke = await storedRow('user_roles', second);
    await push(admin.client, 'user_roles', [{ new: { ...revoke, _deleted: true }, assumed: revoke }]);
  });

  it('an admin cannot remove their own admin role', async () => {
    const own = await serviceClient().from('user_roles').select('*').eq('user_id', admin.id).eq('role', 'admin').single();
    if (own.error) throw own.error;
    const direct = await admin.client.from('user_roles').update({ _deleted: true }).eq('id', own.data.id).select();
    expect(direct.data).toEqual([]);
    const { data } = await push(admin.client, 'user_roles', [{ new: { ...own.data, _deleted: true }, assumed: own.data }]);
    expect(data).toMatchObject({ rejected: [{ code: '42501' }] });
    expect((await storedRow('user_roles', own.data.id as string))._deleted).toBe(false);
  });
});

describe('the laboratory settings', () => {
  const SETTINGS = '00000000-0000-0000-0000-000000000001';
  afterAll(async () => {
    await serviceClient().from('app_settings').update({ lock_timeout_minutes: 15, allowed_signup_domains: [] }).eq('id', SETTINGS);
  });

  it('anonymous callers are refused (401, 42501)', async () => {
    expectRefused(await anonClient().from('app_settings').select('*'), 401, '42501');
  });

  it('staff and provider logins read them; staff cannot change them (403, 42501)', async () => {
    for (const user of [staff, providerUser]) {
      const { data } = await user.client.from('app_settings').select('lock_timeout_minutes');
      expect(data).toEqual([{ lock_timeout_minutes: expect.any(Number) }]);
    }
    const answer = await staff.client.from('app_settings').update({ lock_timeout_minutes: 30 }).eq('id', SETTINGS);
    expectRefused(answer, 403, '42501');
    expect(answer.error?.message).toBe('new row violates row-level security policy for table "app_settings"');
  });

  it('an admin changes them within bounds, stamped and audited', async () => {
    const changed = await admin.client.from('app_settings').update({ lock_timeout_minutes: 5 }).eq('id', SETTINGS).select('lock_timeout_minutes, updated_by');
    expect(changed.data).toEqual([{ lock_timeout_minutes: 5, updated_by: admin.id }]);
    const { data: audit } = await serviceClient().from('audit_log').select('changed_by, changed_fields').eq('table_name', 'app_settings').order('id', { ascending: false }).limit(1);
    expect(audit?.[0]).toMatchObject({ changed_by: admin.id, changed_fields: { lock_timeout_minutes: { new: 5 } } });
    expectRefused(await admin.client.from('app_settings').update({ lock_timeout_minutes: 1 }).eq('id', SETTINGS), 400, '23514');
    expectRefused(await admin.client.from('app_settings').update({ lock_timeout_minutes: 61 }).eq('id', SETTINGS), 400, '23514');
    expectRefused(await admin.client.from('app_settings').update({ allowed_signup_domains: ['Not A Domain'] }).eq('id', SETTINGS), 400, '23514');
    expectRefused(await admin.client.from('app_settings').update({ updated_by: staff.id }).eq('id', SETTINGS), 403, '42501');
  });
});

describe('who gets in on sign-up', () => {
  const domain = `lab-${randomUUID().slice(0, 8)}.test`;
  beforeAll(async () => {
    const set = await serviceClient().from('app_settings').update({ allowed_signup_domains: [domain] }).eq('id', '00000000-0000-0000-0000-000000000001');
    if (set.error) throw set.error;
  });
  afterAll(async () => {
    await serviceClient().from('app_settings').update({ allowed_signup_domains: [] }).eq('id', '00000000-0000-0000-0000-000000000001');
  });

  async function rolesOf(userId: string): Promise<string[]> {
    const { data } = await serviceClient().from('user_roles').select('role').eq('user_id', userId).eq('_deleted', false);
    return (data ?? []).map((row) => row.role as string);
  }

  async function signUp(email: string): Promise<string> {
    const { data, error } = await anonClient().auth.signUp({ email, password: `pw-${randomUUID()}` });
    if (error || !data.user) throw error ?? new Error('no user');
    return data.user.id;
  }

  it('an address on an allowed domain gets staff at once; any other waits for an admin', async () => {
    expect(await rolesOf(await signUp(`new-${randomUUID().slice(0, 6)}@${domain}`))).toEqual(['staff']);
    expect(await rolesOf(await signUp(`new-${randomUUID().slice(0, 6)}@elsewhere-${randomUUID().slice(0, 6)}.test`))).toEqual([]);
  });

  it('an invitation to an allowed domain gives only the invitation role', async () => {
    const providerId = await seedOne('providers', providerRow());
    const email = `invited-${randomUUID().slice(0, 6)}@${domain}`;
    const invited = await admin.client.functions.invoke('invite-user', { body: { email, role: 'provider', providerId, firstName: 'Ida', lastName: 'Vance' } });
    expect(invited.error).toBeNull();
    const userId = (invited.data as { user_id: string }).user_id;
    // The invitee's address is confirmed (as opening the link does): no staff role comes with it.
    const confirmed = await serviceClient().auth.admin.updateUserById(userId, { email_confirm: true });
    expect(confirmed.error).toBeNull();
    expect(await rolesOf(userId)).toEqual(['provider']);
  });
});

describe('accounts without access', () => {
  it('a pending sign-up (no role) reads only its own account, no roles of others and no settings', async () => {
    const fresh = await signedInUser('ua-fresh');
    expect(await visibleIds(fresh.client, 'profiles', [...everyone, fresh.id])).toEqual([fresh.id]);
    const roles = await fresh.client.from('user_roles').select('id');
    expectOk(roles, 200);
    expect(roles.data).toEqual([]);
    expect((await fresh.client.from('app_settings').select('id')).data).toEqual([]);
  });

  it('a deactivated account reads no one else with its still-valid token', async () => {
    const leaver = await userWithRole('staff', 'ua-leaver');
    const { error } = await serviceClient().rpc('account_set_deactivated', { p_actor: admin.id, p_user: leaver.id, p_deactivated: true });
    expect(error).toBeNull();
    expect(await visibleIds(leaver.client, 'profiles', [...everyone, leaver.id])).toEqual([leaver.id]);
    expect((await leaver.client.from('app_settings').select('id')).data).toEqual([]);
  });
});
