/**
 * invite-user's staff mode against the local stack through the app's wrapper: the account
 * with its names and title, its roles written before the email goes out, the invitation
 * recorded and audited as the inviting admin, the link landing on /auth/set-password and
 * the password chosen there; the spec's 'already exists'; the request's rules; a call that
 * stopped midway finished by the next; and who may call.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANON_KEY } from '../../supabase/local/config.ts';
import { inviteStaff } from '../../src/lib/functions/invite-staff.ts';
import { linkUserFailure } from '../../src/lib/functions/link-user-messages.ts';
import type { InviteStaffInput } from '../../src/lib/functions/types.ts';
import { callFunction, startFunctionsStack, type FunctionsStack, type StackUser } from './functions-kit.ts';

let env: FunctionsStack;
let admin: StackUser;

beforeAll(async () => {
  env = await startFunctionsStack();
  admin = await env.user('admin');
});
afterAll(async () => {
  await env?.stop();
});

function input(overrides: Partial<InviteStaffInput> = {}): InviteStaffInput {
  return {
    email: `colleague-${randomUUID().slice(0, 8)}@contract.test`,
    firstName: 'Ada',
    lastName: 'King',
    professionalTitle: 'Phlebotomist',
    role: 'staff',
    invitedBy: admin.id,
    ...overrides,
  };
}

async function accountOf(email: string) {
  const { data, error } = await env.service().from('profiles').select('id, first_name, last_name, professional_title, invited_by, provider_id').eq('email', email);
  if (error) throw new Error(error.message);
  return data as Array<Record<string, unknown>>;
}

async function rolesOf(userId: string): Promise<string[]> {
  const { data, error } = await env.service().from('user_roles').select('role').eq('user_id', userId).eq('_deleted', false).order('role');
  if (error) throw new Error(error.message);
  return (data as Array<{ role: string }>).map((row) => row.role);
}

describe('invite-user (staff mode): inviting a colleague', () => {
  it('creates the account with its roles, records the invitation as the admin, and mails the set-password link', async () => {
    const call = input();
    const result = await inviteStaff(admin.client, call);
    if (!result.ok) throw new Error(result.message);
    expect(result.data).toMatchObject({ email: call.email, role: 'staff', invited: true, message: 'An invitation email has been sent.' });
    const userId = result.data.user_id;
    expect(await accountOf(call.email)).toEqual([
      { id: userId, first_name: 'Ada', last_name: 'King', professional_title: 'Phlebotomist', invited_by: admin.id, provider_id: null },
    ]);
    expect(await rolesOf(userId)).toEqual(['staff']);
    // The role is audited as granted by the inviting admin, and so is the invitation.
    const { data: roleAudit } = await env.service().from('audit_log').select('action, changed_by, row_data').eq('table_name', 'user_roles').eq('row_data->>user_id', userId);
    expect(roleAudit).toEqual([{ action: 'insert', changed_by: admin.id, row_data: expect.objectContaining({ role: 'staff' }) }]);
    const { data: profileAudit } = await env.service().from('audit_log').select('action, changed_by, changed_fields').eq('table_name', 'profiles').eq('row_id', userId).eq('action', 'update');
    const invitationAudit = (profileAudit ?? [])
      .filter((row: { changed_fields: Record<string, unknown> }) => 'invited_at' in row.changed_fields)
      .map((row: { action: string; changed_by: string; changed_fields: Record<string, unknown> }) => ({
        ...row,
        changed_fields: { invited_at: row.changed_fields.invited_at, invited_by: row.changed_fields.invited_by },
      }));
    expect(invitationAudit).toEqual([
      { action: 'update', changed_by: admin.id, changed_fields: { invited_at: { old: null, new: expect.any(String) }, invited_by: { old: null, new: admin.id } } },
    ]);

    const [mail] = await env.mailbox(call.email);
    expect(mail).toMatchObject({ kind: 'invite' });
    const opened = await fetch(mail?.link ?? '', { redirect: 'manual' });
    const landing = new URL(opened.headers.get('location') ?? '');
    expect(landing.pathname).toBe('/auth/set-password');
    const fragment = new URLSearchParams(landing.hash.slice(1));
    // The invitee chooses a password there and signs in with it from then on.
    const invitee = env.anon();
    await invitee.auth.setSession({ access_token: fragment.get('access_token') ?? '', refresh_token: fragment.get('refresh_token') ?? '' });
    expect((await invitee.auth.updateUser({ password: 'a-new-password-1' })).error).toBeNull();
    expect((await env.anon().auth.signInWithPassword({ email: call.email, password: 'a-new-password-1' })).error).toBeNull();
    expect(await rolesOf(userId)).toEqual(['staff']);
  });

  it('gives an admin both roles, so removing admin later leaves staff access', async () => {
    const result = await inviteStaff(admin.client, input({ role: 'admin' }));
    if (!result.ok) throw new Error(result.message);
    expect(await rolesOf(result.data.user_id)).toEqual(['admin', 'staff']);
  });

  it("answers the spec's 'already exists' for an address that has an account, and changes nothing", async () => {
    const existing = await env.user(null);
    const result = await inviteStaff(admin.client, input({ email: existing.email, role: 'admin' }));
    expect(result).toEqual({ ok: false, kind: 'permanent', status: 409, code: 'user_already_exists', message: 'A user with this email already exists.' });
    expect(linkUserFailure(result.ok ? null : result.message).description).toBe('A user with this email already exists. Please use a different email.');
    expect(await rolesOf(existing.id)).toEqual([]);
    expect(await env.mailbox(existing.email)).toEqual([]);
  });

  it('finishes a call that stopped after creating the account, with one account', async () => {
    const call = input();
    const { data, error } = await env.service().auth.admin.createUser({
      email: call.email,
      email_confirm: false,
      user_metadata: { first_name: 'Ada', last_name: 'King', invited_by: admin.id, invite_role: 'staff' },
    });
    if (error || !data.user) throw error ?? new Error('no user');
    const result = await inviteStaff(admin.client, call);
    expect(result).toMatchObject({ ok: true, data: { user_id: data.user.id } });
    expect(await accountOf(call.email)).toHaveLength(1);
    expect(await rolesOf(data.user.id)).toEqual(['staff']);
    expect(await env.mailbox(call.email)).toHaveLength(1);
  });

  it('checks the request', async () => {
    const cases: Array<[Partial<InviteStaffInput>, string]> = [
      [{ email: '' }, 'Email is required'],
      [{ email: 'not-an-email' }, 'Invalid email format'],
      [{ firstName: ' ' }, 'First name is required'],
      [{ lastName: '' }, 'Last name is required'],
      [{ professionalTitle: 'x'.repeat(101) }, 'Names and titles are at most 100 characters.'],
    ];
    for (const [overrides, message] of cases) {
      expect(await inviteStaff(admin.client, input(overrides))).toEqual({ ok: false, kind: 'permanent', status: 400, code: 'invalid_request', message });
    }
  });
});

describe('invite-user (staff mode): who may call', () => {
  it('answers 401 to the anon key', async () => {
    const answer = await callFunction(env.url, 'invite-user', ANON_KEY, { ...input(), invitedBy: undefined });
    expect(answer).toMatchObject({ status: 401, body: { code: 'not_authenticated', error: 'Authentication required: sign in and try again.' } });
  });

  it.each([
    ['a user with no role', undefined],
    ['staff', 'staff' as const],
    ['a provider login', 'provider' as const],
  ])('answers 403 to %s and creates nothing', async (_label, role) => {
    const caller = await env.user(role);
    const call = input({ role: 'admin' });
    expect(await inviteStaff(caller.client, call)).toEqual({
      ok: false, kind: 'permanent', status: 403, code: 'forbidden', message: 'Only administrators can create user accounts.',
    });
    expect(await accountOf(call.email)).toEqual([]);
    expect(await env.mailbox(call.email)).toEqual([]);
  });
});
