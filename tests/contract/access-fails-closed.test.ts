/**
 * Access is granted, never inferred (issue 30), tested from the refused side: a sign-up
 * without a role, a staff member whose role an admin revoked, a deactivated profile, a
 * deleted profile and a provider login whose role was revoked see nothing of the
 * directory or of patients and write nothing — on their very next request, with the token they already
 * hold. What they still see: their own profile and their own role rows (revoked ones
 * included), so the app can tell them why.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceClient, signedInUser, staffUser, userWithRole, type Client, type TestUser } from '../helpers/clients.ts';
import { expectRefused, organizationRow, providerRow, seedOne, visibleIds } from './directory-helpers.ts';

const DIRECTORY = ['organizations', 'providers', 'provider_organization_memberships', 'provider_preferences', 'provider_delegate_approvals', 'patients'];

let admin: TestUser;
/** A provider login: staff read the `provider` roles of others (to link logins), admins read all. */
let providerLogin: TestUser;
let providerId: string;
let organizationId: string;
const seeded: Record<string, string> = {};

beforeAll(async () => {
  admin = await userWithRole('admin', 'closed-admin');
  providerLogin = await userWithRole('provider', 'closed-provider-login');
  organizationId = await seedOne('organizations', organizationRow());
  providerId = await seedOne('providers', providerRow({ default_organization_id: organizationId }));
  seeded.organizations = organizationId;
  seeded.providers = providerId;
  seeded.provider_organization_memberships = await seedOne('provider_organization_memberships', { provider_id: providerId, organization_id: organizationId });
  seeded.provider_preferences = await seedOne('provider_preferences', { provider_id: providerId });
  seeded.provider_delegate_approvals = await seedOne('provider_delegate_approvals', { provider_id: providerId, delegate_id: admin.id, approval_type: 'both' });
  seeded.patients = await seedOne('patients', {
    lab_patient_id: `P-C7D-${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`,
    first_name: 'Closed',
    last_name: 'Patient',
    date_of_birth: '1950-04-12',
    sex: 'female',
    coverages: [{ rank: 'primary', payer_type: 'self_pay' }],
  });
});

/** What the caller can read: the seeded directory rows, the admin's profile, a provider login's roles, the audit. */
async function whatTheySee(client: Client): Promise<Record<string, number>> {
  const seen: Record<string, number> = {};
  for (const table of DIRECTORY) seen[table] = (await visibleIds(client, table, [seeded[table]!])).length;
  seen.otherProfiles = (await visibleIds(client, 'profiles', [admin.id])).length;
  seen.otherRoles = ((await client.from('user_roles').select('id').eq('user_id', providerLogin.id)).data ?? []).length;
  seen.audit = ((await client.from('audit_log').select('id').eq('row_id', providerId)).data ?? []).length;
  return seen;
}

const NOTHING = {
  organizations: 0, providers: 0, provider_organization_memberships: 0, provider_preferences: 0,
  provider_delegate_approvals: 0, patients: 0, otherProfiles: 0, otherRoles: 0, audit: 0,
};
const EVERYTHING = {
  organizations: 1, providers: 1, provider_organization_memberships: 1, provider_preferences: 1,
  provider_delegate_approvals: 1, patients: 1, otherProfiles: 1, otherRoles: 1, audit: 1,
};

/** Deactivates an account as manage-user does when the seeded admin asks (service role, audited as the admin). */
async function deactivate(userId: string): Promise<void> {
  const { error } = await serviceClient().rpc('account_set_deactivated', { p_actor: admin.id, p_user: userId, p_deactivated: true });
  expect(error).toBeNull();
}

/** Every kind of write a staff member makes, each refused (or changing no row). */
async function expectNoWrites(client: Client): Promise<void> {
  expectRefused(await client.from('organizations').insert(organizationRow()), 403, '42501');
  expectRefused(await client.from('providers').insert(providerRow()), 403, '42501');
  expectRefused(await client.from('provider_organization_memberships').insert({ provider_id: providerId, organization_id: organizationId }), 403, '42501');
  const renamed = await client.from('providers').update({ first_name: 'Hacked' }).eq('id', providerId).select();
  expect(renamed.data).toEqual([]);
  const pushed = await client.rpc('sync_push', { p_table: 'organizations', p_rows: [{ new: organizationRow(), assumed: null }] });
  expect(pushed.data.rejected).toHaveLength(1);
  expect(pushed.data.rejected[0].code).toBe('42501');
  const { data } = await serviceClient().from('providers').select('first_name').eq('id', providerId).single();
  expect(data).toEqual({ first_name: 'Ada' });
}

async function ownRows(user: TestUser) {
  const profile = await user.client.from('profiles').select('id, deactivated_at').eq('id', user.id);
  const roles = await user.client.from('user_roles').select('role, _deleted').eq('user_id', user.id);
  return { profile: profile.data, roles: roles.data };
}

describe('a sign-up waiting for approval (no role)', () => {
  it('sees nothing but its own profile, and writes nothing', async () => {
    const pending = await signedInUser('closed-pending');
    expect(await whatTheySee(pending.client)).toEqual(NOTHING);
    expect(await ownRows(pending)).toEqual({ profile: [{ id: pending.id, deactivated_at: null }], roles: [] });
    await expectNoWrites(pending.client);
  });

  it('cannot grant itself a role, nor edit its way in', async () => {
    const pending = await signedInUser('closed-self-grant');
    expectRefused(await pending.client.from('user_roles').insert({ user_id: pending.id, role: 'staff' }), 403, '42501');
    expectRefused(await pending.client.from('profiles').update({ provider_id: providerId }).eq('id', pending.id), 403, '42501');
  });
});

describe('revoking a role ends access on the next request', () => {
  it('a staff member whose role an admin revoked reads and writes nothing with the token they hold', async () => {
    const staff = await staffUser('closed-revoked');
    expect(await whatTheySee(staff.client)).toEqual(EVERYTHING);
    const revoked = await admin.client.from('user_roles').update({ _deleted: true }).eq('user_id', staff.id).select('role, _deleted');
    expect(revoked.data).toEqual([{ role: 'staff', _deleted: true }]);

    expect(await whatTheySee(staff.client)).toEqual(NOTHING);
    await expectNoWrites(staff.client);
    // They still see their own revoked role: the app learns that access ended.
    expect((await ownRows(staff)).roles).toEqual([{ role: 'staff', _deleted: true }]);
  });

  it('a provider login whose role was revoked no longer sees its provider record', async () => {
    const provider = await userWithRole('provider', 'closed-provider');
    const ownId = await seedOne('providers', providerRow());
    await serviceClient().from('profiles').update({ provider_id: ownId }).eq('id', provider.id);
    expect(await visibleIds(provider.client, 'providers', [ownId, providerId])).toEqual([ownId]);

    await admin.client.from('user_roles').update({ _deleted: true }).eq('user_id', provider.id);
    expect(await visibleIds(provider.client, 'providers', [ownId, providerId])).toEqual([]);
    expect(await whatTheySee(provider.client)).toEqual(NOTHING);
  });
});

describe('deactivating a profile ends access on the next request', () => {
  it('a deactivated staff member reads and writes nothing; the server records who deactivated them', async () => {
    const staff = await staffUser('closed-deactivated');
    expect(await whatTheySee(staff.client)).toEqual(EVERYTHING);
    // Through the Data API even an admin is refused: deactivations are manage-user's to record.
    const forged = await admin.client.from('profiles').update({ deactivated_at: new Date().toISOString(), deactivated_by: randomUUID() }).eq('id', staff.id);
    expectRefused(forged, 403, '42501');
    await deactivate(staff.id);
    const stored = await serviceClient().from('profiles').select('deactivated_by').eq('id', staff.id);
    expect(stored.data).toEqual([{ deactivated_by: admin.id }]);

    expect(await whatTheySee(staff.client)).toEqual(NOTHING);
    await expectNoWrites(staff.client);
    expect((await ownRows(staff)).profile).toEqual([{ id: staff.id, deactivated_at: expect.any(String) }]);
    // Nor can they edit their own profile any more.
    expect((await staff.client.from('profiles').update({ first_name: 'Still' }).eq('id', staff.id).select()).data).toEqual([]);
  });

  it('only an admin deactivates, and never themselves', async () => {
    const staff = await staffUser('closed-not-admin');
    const other = await staffUser('closed-target');
    const at = new Date().toISOString();
    expect((await staff.client.from('profiles').update({ deactivated_at: at }).eq('id', other.id).select()).data).toEqual([]);
    expectRefused(await staff.client.from('profiles').update({ deactivated_at: at }).eq('id', staff.id), 403, '42501');
    expectRefused(await admin.client.from('profiles').update({ deactivated_at: at }).eq('id', admin.id), 403, '42501');
    expect(await whatTheySee(admin.client)).toEqual(EVERYTHING);
  });

  it('a deleted (soft-deleted) profile has no access either', async () => {
    const staff = await staffUser('closed-deleted');
    await admin.client.from('profiles').update({ _deleted: true }).eq('id', staff.id);
    expect(await whatTheySee(staff.client)).toEqual(NOTHING);
  });

  it('an admin whose profile is deactivated is no admin: cannot grant roles', async () => {
    const other = await userWithRole('admin', 'closed-admin-gone');
    const target = await signedInUser('closed-admin-target');
    await deactivate(other.id);
    expectRefused(await other.client.from('user_roles').insert({ user_id: target.id, role: 'staff' }), 403, '42501');
  });
});

describe('access comes from a granted role', () => {
  it('an admin grants a sign-up the staff role: it reads the directory at once', async () => {
    const user = await signedInUser('closed-approved');
    expect(await whatTheySee(user.client)).toEqual(NOTHING);
    const granted = await admin.client.from('user_roles').insert({ user_id: user.id, role: 'staff' });
    expect(granted.error).toBeNull();
    expect(await whatTheySee(user.client)).toEqual(EVERYTHING);
  });
});
