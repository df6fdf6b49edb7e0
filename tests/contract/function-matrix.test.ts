/**
 * Every Edge Function called by every kind of caller (anon key, service key, staff, admin,
 * provider user, delegate, and the signed-in users without access: no role, a revoked role,
 * a deactivated profile): who passes the function's own permission check, who is refused
 * (401 for the keys, which are no user; 403 with the function's message for a signed-in
 * caller without the permission), and what each call wrote, read back with the service role.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { badCheckDigitNpi, providerRow, seedOne } from './directory-helpers.ts';
import { EVERYONE, NO_ACCESS, callFunction, rowsWhere, setUpCallers, type Callers, type Who } from './role-callers.ts';

let callers: Callers;

beforeAll(async () => {
  callers = await setUpCallers('fn-matrix');
});

const NOT_USER = { status: 401, body: { error: 'Authentication required: sign in and try again.', code: 'not_authenticated' } };
const forbidden = (message: string) => ({ status: 403, body: { error: message, code: 'forbidden' } });

/** A fresh provider for one call, so that what the call wrote is its alone. */
async function freshProvider(): Promise<{ id: string; npi: string }> {
  const row = providerRow();
  return { id: await seedOne('providers', row), npi: row.npi as string };
}

describe('health', () => {
  const roles: Record<Who, string> = {
    anon: 'anon', service: 'service_role', staff: 'authenticated', admin: 'authenticated', provider: 'authenticated', delegate: 'authenticated',
    pending: 'authenticated', revoked: 'authenticated', deactivated: 'authenticated',
  };
  it.each(EVERYONE)('answers %s with their role', async (who) => {
    const answer = await callFunction(callers.token[who], 'health', {});
    expect(answer).toMatchObject({ status: 200, body: { ok: true, role: roles[who] } });
  });
});

describe('verify-npi (staff)', () => {
  it.each(['anon', 'service'] as Who[])('refuses the %s key: no user behind it', async (who) => {
    expect(await callFunction(callers.token[who], 'verify-npi', { npi: badCheckDigitNpi() })).toEqual(NOT_USER);
  });

  it.each(['provider', ...NO_ACCESS] as Who[])('refuses %s (403)', async (who) => {
    expect(await callFunction(callers.token[who], 'verify-npi', { npi: badCheckDigitNpi() })).toEqual(forbidden('Only staff members can verify NPIs.'));
  });

  it.each(['staff', 'admin', 'delegate'] as Who[])('lets %s through to the NPI checks', async (who) => {
    const answer = await callFunction(callers.token[who], 'verify-npi', { npi: badCheckDigitNpi() });
    expect(answer).toMatchObject({ status: 400, body: { code: 'invalid_npi', error: 'This is not a valid NPI: its check digit does not match. Please check the number for a typo.' } });
  });
});

describe('verify-pecos (staff)', () => {
  const pecosOf = async (id: string) => (await rowsWhere('providers', 'id', id, 'pecos_verified, pecos_verification_date'))[0];

  it.each([
    ['anon', NOT_USER],
    ['service', NOT_USER],
    ...(['provider', ...NO_ACCESS] as Who[]).map((who) => [who, forbidden('Only staff members can verify PECOS enrollment.')]),
  ] as Array<[Who, unknown]>)('refuses %s, and records nothing', async (who, refusal) => {
    const provider = await freshProvider();
    expect(await callFunction(callers.token[who], 'verify-pecos', { npi: provider.npi })).toEqual(refusal);
    expect(await pecosOf(provider.id)).toEqual({ pecos_verified: false, pecos_verification_date: null });
    expect(await rowsWhere('audit_log', 'row_id', provider.id, 'action')).toEqual([{ action: 'insert' }]);
  });

  it.each(['staff', 'admin', 'delegate'] as Who[])('lets %s verify, recorded on the provider and audited under them', async (who) => {
    const provider = await freshProvider();
    const answer = await callFunction(callers.token[who], 'verify-pecos', { npi: provider.npi });
    expect(answer).toMatchObject({ status: 200, body: { npi: provider.npi, updated_provider_ids: [provider.id] } });
    expect((await pecosOf(provider.id))?.pecos_verification_date).not.toBeNull();
    expect(await rowsWhere('audit_log', 'row_id', provider.id, 'action, changed_by')).toEqual([
      { action: 'insert', changed_by: null },
      { action: 'update', changed_by: callers.userId[who] },
    ]);
  });
});

describe('invite-user (admins)', () => {
  const invite = async (who: Who) => {
    const provider = await freshProvider();
    const email = `invitee-${randomUUID().slice(0, 8)}@contract.test`;
    const answer = await callFunction(callers.token[who], 'invite-user', { email, providerId: provider.id, role: 'provider' });
    return { answer, email, providerId: provider.id };
  };

  it.each([
    ['anon', NOT_USER],
    ['service', NOT_USER],
    ...(['staff', 'provider', 'delegate', ...NO_ACCESS] as Who[]).map((who) => [who, forbidden('Only administrators can create user accounts.')]),
  ] as Array<[Who, unknown]>)('refuses %s, and creates no account', async (who, refusal) => {
    const { answer, email, providerId } = await invite(who);
    expect(answer).toEqual(refusal);
    expect(await rowsWhere('profiles', 'email', email)).toEqual([]);
    expect(await rowsWhere('profiles', 'provider_id', providerId)).toEqual([]);
  });

  it('lets an admin invite: the account is linked to the provider with the provider role, all audited under the admin', async () => {
    const { answer, email, providerId } = await invite('admin');
    expect(answer).toMatchObject({ status: 200, body: { email, provider_id: providerId, role: 'provider', invited: true } });
    const [profile] = await rowsWhere('profiles', 'email', email, 'id, provider_id');
    expect(profile?.provider_id).toBe(providerId);
    const roles = await rowsWhere('user_roles', 'user_id', profile!.id as string, 'id, role, _deleted');
    expect(roles.map(({ role, _deleted }) => ({ role, _deleted }))).toEqual([{ role: 'provider', _deleted: false }]);
    const admin = callers.userId.admin;
    const profileAudit = await rowsWhere('audit_log', 'row_id', profile!.id as string, 'table_name, action, changed_by');
    expect(profileAudit.filter((row) => row.table_name === 'profiles')).toEqual([
      { table_name: 'profiles', action: 'insert', changed_by: admin },
      { table_name: 'profiles', action: 'update', changed_by: admin },
    ]);
    expect(await rowsWhere('audit_log', 'row_id', roles[0]!.id as string, 'action, changed_by')).toEqual([{ action: 'insert', changed_by: admin }]);
  });
});
