/**
 * Contract of the Auth admin API with the real supabase-js client: invites and their
 * one-time links (through the local stack's mailbox), verifyOtp, and /admin/users.
 */
import { describe, expect, test } from 'vitest';
import { anonClient, serviceClient, signedInUser, uniqueEmail } from '../helpers/clients.ts';
import { SUPABASE_URL } from '../helpers/env.ts';
import { claimsOf, fragmentOf, latestMail, newPassword, openLink } from './auth-helpers.ts';

const APP_URL = 'http://127.0.0.1:4173/auth/set-password';

async function invite(email: string, redirectTo?: string, data: Record<string, unknown> = {}) {
  const { data: result, error } = await serviceClient().auth.admin.inviteUserByEmail(email, { data, redirectTo });
  if (error || !result.user) throw error ?? new Error('no invited user');
  return result.user;
}

describe('invite', () => {
  test('invite → mailed link → 303 with a session → set the password → sign in with it', async () => {
    const email = uniqueEmail('invitee');
    const user = await invite(email, APP_URL, { first_name: 'Ines', role: 'provider' });
    expect(user).toMatchObject({ email, user_metadata: { first_name: 'Ines', role: 'provider' } });
    expect(user.invited_at).toBeTruthy();
    expect(user.email_confirmed_at).toBeUndefined();

    const mail = await latestMail(email);
    expect(mail.kind).toBe('invite');
    const link = new URL(mail.link);
    expect(`${link.origin}${link.pathname}`).toBe(`${SUPABASE_URL}/auth/v1/verify`);
    expect(link.searchParams.get('type')).toBe('invite');
    expect(link.searchParams.get('redirect_to')).toBe(APP_URL);
    expect(link.searchParams.get('token')).toMatch(/^[0-9a-f]{56}$/);

    const opened = await openLink(mail.link);
    expect(opened.status).toBe(303);
    expect(opened.location.startsWith(`${APP_URL}#`)).toBe(true);
    const fragment = fragmentOf(opened.location);
    expect([...fragment.keys()]).toEqual([
      'access_token',
      'expires_at',
      'expires_in',
      'refresh_token',
      'token_type',
      'type',
    ]);
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('type')).toBe('invite');
    const accessToken = fragment.get('access_token') ?? '';
    expect(claimsOf(accessToken)).toMatchObject({ sub: user.id, email, amr: [{ method: 'invite' }] });
    expect(Number(fragment.get('expires_at'))).toBe(claimsOf(accessToken)['exp']);

    const client = anonClient();
    const set = await client.auth.setSession({ access_token: accessToken, refresh_token: fragment.get('refresh_token') ?? '' });
    expect(set.error).toBeNull();
    expect(set.data.user?.email_confirmed_at).toBeTruthy();
    const password = newPassword();
    const updated = await client.auth.updateUser({ password });
    expect(updated.error).toBeNull();

    const signIn = await anonClient().auth.signInWithPassword({ email, password });
    expect(signIn.error).toBeNull();
    expect(signIn.data.user?.id).toBe(user.id);
  });

  test('an invite link works once; a used link redirects with otp_expired', async () => {
    const email = uniqueEmail('once');
    await invite(email, APP_URL);
    const { link } = await latestMail(email);
    expect((await openLink(link)).status).toBe(303);
    const again = await openLink(link);
    expect(again.status).toBe(303);
    expect(again.location).toBe(
      `${APP_URL}#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired`,
    );
  });

  test('without an allowed redirectTo the link lands on the app’s set-password page', async () => {
    const email = uniqueEmail('default-redirect');
    await invite(email);
    const redirect = new URL((await latestMail(email)).link).searchParams.get('redirect_to') ?? '';
    expect(new URL(redirect).pathname).toBe('/auth/set-password');

    // Another site never receives the session in the fragment.
    const elsewhere = uniqueEmail('foreign-redirect');
    await invite(elsewhere, 'https://evil.example/steal');
    const { link } = await latestMail(elsewhere);
    expect(new URL(link).searchParams.get('redirect_to')).toBe(redirect);
    expect((await openLink(link)).location.startsWith(`${redirect}#access_token=`)).toBe(true);
  });

  test('re-inviting a pending user replaces the link; the old one stops working', async () => {
    const email = uniqueEmail('reinvite');
    const first = await invite(email, APP_URL);
    const oldLink = (await latestMail(email)).link;
    const second = await invite(email, APP_URL);
    expect(second.id).toBe(first.id);
    const newLink = (await latestMail(email)).link;
    expect(newLink).not.toBe(oldLink);
    expect(fragmentOf((await openLink(oldLink)).location).get('error_code')).toBe('otp_expired');
    expect(fragmentOf((await openLink(newLink)).location).get('access_token')).toBeTruthy();
  });

  test('an email that is already registered cannot be invited', async () => {
    const existing = await signedInUser('registered');
    const { data, error } = await serviceClient().auth.admin.inviteUserByEmail(existing.email);
    expect(data.user).toBeNull();
    expect(error).toMatchObject({
      status: 422,
      code: 'email_exists',
      message: 'A user with this email address has already been registered',
    });
  });

  test('only the service role may invite', async () => {
    const user = await signedInUser('not-admin');
    for (const client of [anonClient(), user.client]) {
      const { error } = await client.auth.admin.inviteUserByEmail(uniqueEmail('refused'));
      expect(error).toMatchObject({ status: 403, code: 'not_admin', message: 'User not allowed' });
    }
  });
});

describe('verifyOtp', () => {
  test('a token hash becomes a session once; a second use is refused', async () => {
    const email = uniqueEmail('otp');
    const user = await invite(email, APP_URL);
    const tokenHash = new URL((await latestMail(email)).link).searchParams.get('token') ?? '';
    const client = anonClient();
    const { data, error } = await client.auth.verifyOtp({ token_hash: tokenHash, type: 'invite' });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user?.id).toBe(user.id);
    expect(data.user?.email_confirmed_at).toBeTruthy();

    const again = await anonClient().auth.verifyOtp({ token_hash: tokenHash, type: 'invite' });
    expect(again.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' });
  });

  test('a token of another type is refused', async () => {
    const email = uniqueEmail('otp-type');
    await invite(email, APP_URL);
    const tokenHash = new URL((await latestMail(email)).link).searchParams.get('token') ?? '';
    const { error } = await anonClient().auth.verifyOtp({ token_hash: tokenHash, type: 'recovery' });
    expect(error).toMatchObject({ status: 403, code: 'otp_expired' });
  });
});

describe('/admin/users', () => {
  test('createUser with email_confirm makes an account that can sign in', async () => {
    const email = uniqueEmail('created');
    const password = newPassword();
    const { data, error } = await serviceClient().auth.admin.createUser({
      email,
      password,
      email_confirm: true,
      user_metadata: { first_name: 'Cy' },
      app_metadata: { tenant: 'lab' },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      email,
      user_metadata: { first_name: 'Cy' },
      app_metadata: { provider: 'email', providers: ['email'], tenant: 'lab' },
    });
    const signIn = await anonClient().auth.signInWithPassword({ email, password });
    expect(signIn.error).toBeNull();

    const duplicate = await serviceClient().auth.admin.createUser({ email, password });
    expect(duplicate.error).toMatchObject({ status: 422, code: 'email_exists' });
  });

  test('listUsers pages through users with the total', async () => {
    await signedInUser('listed');
    await signedInUser('listed');
    const { data, error } = await serviceClient().auth.admin.listUsers({ page: 1, perPage: 1 });
    expect(error).toBeNull();
    if (!('aud' in data)) throw new Error('listUsers answered no page');
    expect(data.users).toHaveLength(1);
    expect(data.total).toBeGreaterThanOrEqual(2);
    expect(data.nextPage).toBe(2);
    expect(data.aud).toBe('authenticated');
  });

  test('getUserById finds a user and answers 404 for an unknown id', async () => {
    const user = await signedInUser('by-id');
    const found = await serviceClient().auth.admin.getUserById(user.id);
    expect(found.data.user).toMatchObject({ id: user.id, email: user.email });
    const missing = await serviceClient().auth.admin.getUserById('00000000-0000-4000-8000-000000000000');
    expect(missing.error).toMatchObject({ status: 404, code: 'user_not_found', message: 'User not found' });
  });

  test('updateUserById merges metadata and bans and unbans', async () => {
    const user = await signedInUser('ban', { first_name: 'Bo', keep: 'yes' });
    const admin = serviceClient().auth.admin;
    const banned = await admin.updateUserById(user.id, { user_metadata: { first_name: 'Bea' }, ban_duration: '24h' });
    expect(banned.error).toBeNull();
    expect(banned.data.user?.user_metadata).toEqual({ first_name: 'Bea', keep: 'yes' });
    expect(Date.parse(banned.data.user?.banned_until ?? '')).toBeGreaterThan(Date.now() + 23 * 3600_000);

    const refused = await anonClient().auth.signInWithPassword({ email: user.email, password: user.password });
    expect(refused.error).toMatchObject({ status: 400, code: 'user_banned', message: 'User is banned' });
    const refresh = await anonClient().auth.refreshSession({
      refresh_token: (await user.client.auth.getSession()).data.session?.refresh_token ?? '',
    });
    expect(refresh.error).toMatchObject({ status: 400, code: 'user_banned' });

    expect((await admin.updateUserById(user.id, { ban_duration: 'none' })).error).toBeNull();
    const allowed = await anonClient().auth.signInWithPassword({ email: user.email, password: user.password });
    expect(allowed.error).toBeNull();
  });

  test('deleteUser removes the account', async () => {
    const user = await signedInUser('deleted');
    const { data, error } = await serviceClient().auth.admin.deleteUser(user.id);
    expect(error).toBeNull();
    expect(data.user?.id).toBe(user.id);
    expect((await serviceClient().auth.admin.getUserById(user.id)).error?.status).toBe(404);
    const signIn = await anonClient().auth.signInWithPassword({ email: user.email, password: user.password });
    expect(signIn.error?.code).toBe('invalid_credentials');
    const me = await user.client.auth.getUser();
    expect(me.error).toMatchObject({ status: 403, code: 'user_not_found' });
  });

  test('the admin API refuses a user token', async () => {
    const user = await signedInUser('admin-refused');
    const { error } = await user.client.auth.admin.listUsers();
    expect(error).toMatchObject({ status: 403, code: 'not_admin' });
  });
});
