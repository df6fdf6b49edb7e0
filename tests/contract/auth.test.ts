/**
 * Contract of the Auth service (GoTrue subset) with the real supabase-js client:
 * sign-up, password sign-in, the user endpoints, and GoTrue's error shapes.
 */
import { describe, expect, test } from 'vitest';
import { AuthWeakPasswordError } from '@supabase/supabase-js';
import { anonClient, serviceClient, signedInUser, uniqueEmail } from '../helpers/clients.ts';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from '../helpers/env.ts';
import { claimsOf, newPassword, rawAuth } from './auth-helpers.ts';

describe('sign-up', () => {
  test('answers a session whose user and access token carry the email and metadata', async () => {
    const email = uniqueEmail('signup');
    const { data, error } = await anonClient().auth.signUp({
      email,
      password: newPassword(),
      options: { data: { first_name: 'Ada', last_name: 'Lovelace' } },
    });
    expect(error).toBeNull();
    const { session, user } = data;
    expect(session?.token_type).toBe('bearer');
    expect(session?.expires_in).toBeGreaterThan(0);
    expect(session?.refresh_token).toMatch(/\S{20,}/);
    expect(user).toMatchObject({
      email,
      aud: 'authenticated',
      role: 'authenticated',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { first_name: 'Ada', last_name: 'Lovelace' },
      is_anonymous: false,
    });
    expect(user?.email_confirmed_at).toBeTruthy();
    expect(user?.identities?.[0]).toMatchObject({ provider: 'email', user_id: user?.id, identity_data: { email } });

    const claims = claimsOf(session?.access_token ?? '');
    expect(claims).toMatchObject({
      iss: `${SUPABASE_URL}/auth/v1`,
      sub: user?.id,
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      aal: 'aal1',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { first_name: 'Ada', last_name: 'Lovelace' },
      is_anonymous: false,
    });
    expect(claims['session_id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims['exp']).toBe(session?.expires_at);
    expect(Number(claims['exp']) - Number(claims['iat'])).toBe(session?.expires_in);
    expect(claims['amr']).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
  });

  test('refuses an email that is already registered', async () => {
    const email = uniqueEmail('taken');
    await anonClient().auth.signUp({ email, password: newPassword() });
    const { data, error } = await anonClient().auth.signUp({ email: email.toUpperCase(), password: newPassword() });
    expect(data.session).toBeNull();
    expect(error).toMatchObject({ status: 422, code: 'user_already_exists', message: 'User already registered' });
  });

  test('refuses a password shorter than 6 characters as weak', async () => {
    const { error } = await anonClient().auth.signUp({ email: uniqueEmail('weak'), password: '12345' });
    expect(error).toBeInstanceOf(AuthWeakPasswordError);
    expect(error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['length'] });
    expect(error?.message).toBe('Password should be at least 6 characters.');
  });

  test('refuses a malformed email', async () => {
    const { error } = await anonClient().auth.signUp({ email: 'not-an-email', password: newPassword() });
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Unable to validate email address: invalid format',
    });
  });

  test('errors are {code, message} with the X-Supabase-Api-Version header', async () => {
    const response = await rawAuth('/signup', {
      method: 'POST',
      body: JSON.stringify({ email: 'nope', password: 'long-enough' }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await response.json()).toMatchObject({
      code: 'validation_failed',
      message: 'Unable to validate email address: invalid format',
    });
  });
});

describe('password sign-in', () => {
  test('answers a session and records the sign-in time', async () => {
    const user = await signedInUser('signin');
    const before = (await serviceClient().auth.admin.getUserById(user.id)).data.user?.last_sign_in_at ?? '';
    const { data, error } = await anonClient().auth.signInWithPassword({ email: user.email, password: user.password });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(user.id);
    expect(data.session?.access_token).toBeTruthy();
    expect(claimsOf(data.session?.access_token ?? '')['session_id']).not.toBe(
      claimsOf((await user.client.auth.getSession()).data.session?.access_token ?? '')['session_id'],
    );
    const after = data.user?.last_sign_in_at ?? '';
    expect(Date.parse(after)).toBeGreaterThan(Date.parse(before));
  });

  test('refuses a wrong password and an unknown email alike', async () => {
    const user = await signedInUser('wrongpw');
    for (const credentials of [
      { email: user.email, password: 'not-the-password' },
      { email: uniqueEmail('nobody'), password: 'whatever-it-is' },
    ]) {
      const { data, error } = await anonClient().auth.signInWithPassword(credentials);
      expect(data.session).toBeNull();
      expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    }
  });

  test('refuses an account whose email is not confirmed', async () => {
    const email = uniqueEmail('unconfirmed');
    const password = newPassword();
    const created = await serviceClient().auth.admin.createUser({ email, password, email_confirm: false });
    expect(created.error).toBeNull();
    expect(created.data.user?.email_confirmed_at).toBeUndefined();
    const { error } = await anonClient().auth.signInWithPassword({ email, password });
    expect(error).toMatchObject({ status: 400, code: 'email_not_confirmed', message: 'Email not confirmed' });
  });
});

describe('the user endpoints', () => {
  test('GET /user answers the user itself, not wrapped', async () => {
    const user = await signedInUser('getuser', { first_name: 'Grace' });
    const { data, error } = await user.client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id: user.id, email: user.email, user_metadata: { first_name: 'Grace' } });

    const token = (await user.client.auth.getSession()).data.session?.access_token ?? '';
    const response = await rawAuth('/user', { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: user.id, email: user.email });
  });

  test('GET /user refuses the anon key and a request without a bearer token', async () => {
    const { error } = await anonClient().auth.getUser(SUPABASE_ANON_KEY);
    expect(error).toMatchObject({ status: 403, code: 'bad_jwt', message: 'invalid claim: missing sub claim' });

    const response = await rawAuth('/user');
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'no_authorization' });
  });

  test('PUT /user merges metadata and changes the password', async () => {
    const user = await signedInUser('update', { first_name: 'Old', title: 'Dr' });
    const password = newPassword();
    const { data, error } = await user.client.auth.updateUser({
      password,
      data: { first_name: 'New', title: null },
    });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toEqual({ first_name: 'New' });

    const oldPassword = await anonClient().auth.signInWithPassword({ email: user.email, password: user.password });
    expect(oldPassword.error?.code).toBe('invalid_credentials');
    const newOne = await anonClient().auth.signInWithPassword({ email: user.email, password });
    expect(newOne.error).toBeNull();
    expect(newOne.data.user?.user_metadata).toEqual({ first_name: 'New' });
  });

  test('PUT /user refuses a weak password and the same password', async () => {
    const user = await signedInUser('update-refused');
    const weak = await user.client.auth.updateUser({ password: 'abc' });
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password' });
    const same = await user.client.auth.updateUser({ password: user.password });
    expect(same.error).toMatchObject({
      status: 422,
      code: 'same_password',
      message: 'New password should be different from the old password.',
    });
  });
});

describe('service routes', () => {
  test('health and settings answer as GoTrue does', async () => {
    const health = await rawAuth('/health');
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ name: 'GoTrue' });
    const settings = await rawAuth('/settings');
    expect(await settings.json()).toMatchObject({ external: { email: true }, mailer_autoconfirm: true });
  });

  test('an unknown route is 404 and a wrong method 405', async () => {
    const unknown = await rawAuth('/no-such-route');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect((await rawAuth('/signup', { method: 'GET' })).status).toBe(405);
  });
});
