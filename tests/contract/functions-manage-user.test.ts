/**
 * manage-user against the local stack through the app's wrapper over real supabase-js:
 * deactivation is Auth's ban (no sign-in, no refresh, the old token refused) plus the
 * profile's deactivated_at, each audited with the admin who acted; reactivation undoes
 * both; a pending sign-up is refused; invitations are resent and password resets mailed;
 * and every refusal, for every kind of caller, with the status and message they get.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANON_KEY } from '../../supabase/local/config.ts';
import { inviteStaff } from '../../src/lib/functions/invite-staff.ts';
import { manageUser } from '../../src/lib/functions/manage-user.ts';
import type { ManageAction } from '../../src/lib/users/manage-request.ts';
import { accessToken, callFunction, startFunctionsStack, type FunctionsStack, type StackUser } from './functions-kit.ts';

let env: FunctionsStack;
let admin: StackUser;

beforeAll(async () => {
  env = await startFunctionsStack();
  admin = await env.user('admin');
});
afterAll(async () => {
  await env?.stop();
});

async function profileOf(userId: string) {
  const { data, error } = await env.service().from('profiles').select('deactivated_at, deactivated_by, invited_at, invited_by').eq('id', userId).single();
  if (error) throw new Error(error.message);
  return data as { deactivated_at: string | null; deactivated_by: string | null; invited_at: string | null; invited_by: string | null };
}

/** The fields an account change writes; the profiles' audit (20261125100002) also records updated_at and sign-ins. */
const ACCOUNT_FIELDS = ['deactivated_at', 'deactivated_by', 'invited_at', 'invited_by'];

/** The audit rows of account changes to this profile, with only the account fields. */
async function auditOf(userId: string) {
  const { data, error } = await env.service().from('audit_log').select('table_name, action, changed_by, changed_fields').eq('row_id', userId).eq('table_name', 'profiles').eq('action', 'update').order('id');
  if (error) throw new Error(error.message);
  const rows = data as Array<{ table_name: string; action: string; changed_by: string | null; changed_fields: Record<string, { old: unknown; new: unknown }> }>;
  return rows
    .map((row) => ({ ...row, changed_fields: Object.fromEntries(Object.entries(row.changed_fields).filter(([key]) => ACCOUNT_FIELDS.includes(key))) }))
    .filter((row) => Object.keys(row.changed_fields).length > 0);
}

async function signInAs(user: StackUser) {
  return env.anon().auth.signInWithPassword({ email: user.email, password: user.password });
}

const call = (caller: StackUser, action: ManageAction, userId: string) => manageUser(caller.client, { action, userId });

describe('manage-user: deactivation is real', () => {
  it('bans the account and records who deactivated it; the open session stops at its next refresh', async () => {
    const staff = await env.user('staff');
    const { data: session } = await staff.client.auth.getSession();
    const oldToken = session.session?.access_token ?? '';
    const refreshToken = session.session?.refresh_token ?? '';

    const answer = await call(admin, 'deactivate', staff.id);
    expect(answer).toMatchObject({ ok: true, data: { user_id: staff.id, action: 'deactivate', message: 'The account is deactivated.' } });
    const profile = await profileOf(staff.id);
    expect(profile.deactivated_at).not.toBeNull();
    expect(profile.deactivated_by).toBe(admin.id);
    expect(await auditOf(staff.id)).toEqual([
      { table_name: 'profiles', action: 'update', changed_by: admin.id, changed_fields: { deactivated_at: { old: null, new: expect.any(String) }, deactivated_by: { old: null, new: admin.id } } },
    ]);

    // Sign-in and refresh are refused with GoTrue's codes; the old access token no longer reads the account.
    const signIn = await signInAs(staff);
    expect(signIn.error).toMatchObject({ status: 400, code: 'user_banned', message: 'User is banned' });
    const refresh = await env.anon().auth.refreshSession({ refresh_token: refreshToken });
    expect(refresh.error).toMatchObject({ status: 400, code: 'user_banned', message: 'Invalid Refresh Token: User Banned' });
    const user = await env.anon().auth.getUser(oldToken);
    expect(user.error).toMatchObject({ status: 403, code: 'user_banned', message: 'User is banned' });

    // A repeat changes nothing more.
    expect(await call(admin, 'deactivate', staff.id)).toMatchObject({ ok: true });
    expect(await auditOf(staff.id)).toHaveLength(1);
  });

  it('reactivation lifts the ban and clears the deactivation, audited', async () => {
    const staff = await env.user('staff');
    expect(await call(admin, 'deactivate', staff.id)).toMatchObject({ ok: true });
    expect(await call(admin, 'reactivate', staff.id)).toMatchObject({ ok: true, data: { deactivated_at: null, message: 'The account is active again.' } });
    expect(await profileOf(staff.id)).toMatchObject({ deactivated_at: null, deactivated_by: null });
    expect((await signInAs(staff)).error).toBeNull();
    const audit = await auditOf(staff.id);
    expect(audit.map((row) => [row.changed_by, row.changed_fields.deactivated_at?.new === null])).toEqual([
      [admin.id, false],
      [admin.id, true],
    ]);
  });

  it('refuses an admin deactivating their own account', async () => {
    expect(await call(admin, 'deactivate', admin.id)).toEqual({
      ok: false, kind: 'permanent', status: 409, code: 'own_account', message: 'You cannot deactivate your own account.',
    });
    expect((await profileOf(admin.id)).deactivated_at).toBeNull();
  });
});

describe('manage-user: pending sign-ups', () => {
  it('refusing a pending sign-up deactivates it; an approved account is not pending', async () => {
    const pending = await env.user(null);
    expect(await call(admin, 'refuse', pending.id)).toMatchObject({ ok: true, data: { message: 'The sign-up was refused: the account is deactivated.' } });
    expect((await profileOf(pending.id)).deactivated_by).toBe(admin.id);
    expect((await signInAs(pending)).error).toMatchObject({ code: 'user_banned' });

    const staff = await env.user('staff');
    expect(await call(admin, 'refuse', staff.id)).toMatchObject({ ok: false, status: 409, code: 'not_pending', message: 'This account is not waiting for approval.' });
    expect((await profileOf(staff.id)).deactivated_at).toBeNull();
  });
});

describe('manage-user: invitations and password resets', () => {
  it('resends an invitation that was not accepted yet, and records it', async () => {
    const email = `colleague-${randomUUID().slice(0, 8)}@contract.test`;
    const invited = await inviteStaff(admin.client, { email, firstName: 'Ada', lastName: 'King', professionalTitle: null, role: 'staff', invitedBy: admin.id });
    if (!invited.ok) throw new Error(invited.message);
    const first = (await profileOf(invited.data.user_id)).invited_at;

    expect(await call(admin, 'resend-invite', invited.data.user_id)).toMatchObject({ ok: true, data: { message: 'A new invitation email has been sent.' } });
    const mail = await env.mailbox(email);
    expect(mail.map((item) => item.kind)).toEqual(['invite', 'invite']);
    expect((await profileOf(invited.data.user_id)).invited_at).not.toBe(first);
    const audit = await auditOf(invited.data.user_id);
    expect(audit.map((row) => [row.changed_by, Object.keys(row.changed_fields).sort()])).toEqual([
      [admin.id, ['invited_at', 'invited_by']],
      [admin.id, ['invited_at']],
    ]);

    // Once the person has signed in there is nothing to resend.
    const opened = await fetch(mail[0]?.link ?? '', { redirect: 'manual' });
    expect(opened.status).toBe(303);
    expect(await call(admin, 'resend-invite', invited.data.user_id)).toMatchObject({
      ok: false, status: 409, code: 'not_invited', message: 'This account has no invitation waiting: the person has already signed in.',
    });
  });

  it('mails a password reset whose link lands on the set-password page, signed in', async () => {
    const staff = await env.user('staff');
    expect(await call(admin, 'reset-password', staff.id)).toMatchObject({ ok: true, data: { message: 'A password reset email has been sent.' } });
    const [mail] = await env.mailbox(staff.email);
    expect(mail).toMatchObject({ to: staff.email, kind: 'recovery' });
    const opened = await fetch(mail?.link ?? '', { redirect: 'manual' });
    const location = new URL(opened.headers.get('location') ?? '');
    expect(location.pathname).toBe('/auth/set-password');
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect([fragment.get('type'), !!fragment.get('access_token')]).toEqual(['recovery', true]);
  });

  it('sends nothing to a deactivated account', async () => {
    const staff = await env.user('staff');
    expect(await call(admin, 'deactivate', staff.id)).toMatchObject({ ok: true });
    expect(await call(admin, 'reset-password', staff.id)).toMatchObject({ ok: false, status: 409, code: 'deactivated', message: 'This account is deactivated. Reactivate it first.' });
    expect(await env.mailbox(staff.email)).toEqual([]);
  });
});

describe('manage-user: bad requests', () => {
  it('answers 404 for an unknown account and 400 for a bad action or id', async () => {
    expect(await call(admin, 'deactivate', randomUUID())).toMatchObject({ ok: false, status: 404, code: 'user_not_found', message: 'User not found.' });
    const token = await accessToken(admin.client);
    expect(await callFunction(env.url, 'manage-user', token, { action: 'delete', userId: admin.id })).toMatchObject({
      status: 400, body: { code: 'invalid_request', error: 'The action must be one of: deactivate, reactivate, refuse, resend-invite, reset-password.' },
    });
    expect(await callFunction(env.url, 'manage-user', token, { action: 'deactivate', userId: 'someone' })).toMatchObject({
      status: 400, body: { error: 'A valid userId is required.' },
    });
  });
});

describe('manage-user: who may call', () => {
  it('answers 401 to the anon key', async () => {
    const target = await env.user('staff');
    expect(await callFunction(env.url, 'manage-user', ANON_KEY, { action: 'deactivate', userId: target.id })).toMatchObject({
      status: 401, body: { code: 'not_authenticated', error: 'Authentication required: sign in and try again.' },
    });
  });

  it.each([
    ['a user with no role', undefined],
    ['staff', 'staff' as const],
    ['a provider login', 'provider' as const],
  ])('answers 403 to %s and changes nothing', async (_label, role) => {
    const caller = await env.user(role);
    const target = await env.user('staff');
    for (const action of ['deactivate', 'reset-password'] as const) {
      expect(await call(caller, action, target.id)).toEqual({
        ok: false, kind: 'permanent', status: 403, code: 'forbidden', message: 'Only administrators can manage user accounts.',
      });
    }
    expect((await profileOf(target.id)).deactivated_at).toBeNull();
    expect(await env.mailbox(target.email)).toEqual([]);
  });

  it('stops a deactivated admin at the door (their token is refused)', async () => {
    const other = await env.user('admin');
    const target = await env.user('staff');
    expect(await call(admin, 'deactivate', other.id)).toMatchObject({ ok: true });
    expect(await call(other, 'deactivate', target.id)).toMatchObject({ ok: false, status: 401, code: 'not_authenticated' });
    expect((await profileOf(target.id)).deactivated_at).toBeNull();
  });
});
