/**
 * Contract of Auth sessions with the real supabase-js client: refresh-token rotation and
 * reuse detection, expired and forged access tokens, and the three sign-out scopes.
 */
import { describe, expect, test } from 'vitest';
import { SignJWT } from 'jose';
import { anonClient, signedInUser, type TestUser } from '../helpers/clients.ts';
import { signClaims } from '../../supabase/local/jwt.ts';
import { claimsOf, rawAuth } from './auth-helpers.ts';

async function sessionOf(user: TestUser) {
  const session = (await user.client.auth.getSession()).data.session;
  if (!session) throw new Error('the test user has no session');
  return session;
}

/** A second, independent session of the same user (another device). */
async function secondDevice(user: TestUser) {
  const client = anonClient();
  const { data, error } = await client.auth.signInWithPassword({ email: user.email, password: user.password });
  if (error || !data.session) throw error ?? new Error('no session');
  return { client, session: data.session };
}

describe('refresh tokens', () => {
  test('a refresh rotates the refresh token and issues a working access token for the same session', async () => {
    const user = await signedInUser('rotate');
    const first = await sessionOf(user);
    const { data, error } = await anonClient().auth.refreshSession({ refresh_token: first.refresh_token });
    expect(error).toBeNull();
    const refreshed = data.session;
    expect(refreshed?.refresh_token).toBeTruthy();
    expect(refreshed?.refresh_token).not.toBe(first.refresh_token);
    expect(refreshed?.user.id).toBe(user.id);
    expect(claimsOf(refreshed?.access_token ?? '')['session_id']).toBe(claimsOf(first.access_token)['session_id']);
    // The original sign-in method and time survive the refresh.
    expect(claimsOf(refreshed?.access_token ?? '')['amr']).toEqual(claimsOf(first.access_token)['amr']);
    const me = await anonClient().auth.getUser(refreshed?.access_token);
    expect(me.data.user?.id).toBe(user.id);
  });

  test('a refresh racing another with the same token gets the token that was just issued (the reuse interval)', async () => {
    // Two tabs, or a reload while a refresh was on its way, send the same token twice.
    const user = await signedInUser('reuse-interval');
    const first = await sessionOf(user);
    const second = (await anonClient().auth.refreshSession({ refresh_token: first.refresh_token })).data.session;
    const again = await anonClient().auth.refreshSession({ refresh_token: first.refresh_token });
    expect(again.error).toBeNull();
    expect(again.data.session?.refresh_token).toBe(second?.refresh_token);
    expect(claimsOf(again.data.session?.access_token ?? '')['session_id']).toBe(claimsOf(first.access_token)['session_id']);
    // The session lives on: the token both now hold still rotates.
    const next = await anonClient().auth.refreshSession({ refresh_token: second?.refresh_token ?? '' });
    expect(next.error).toBeNull();
    expect(next.data.session?.refresh_token).not.toBe(second?.refresh_token);
  });

  test('a client that lost the answer of its refresh gets the token issued then, however late it comes back', async () => {
    // A browser killed before it wrote the rotated token to disk restarts with the parent,
    // long after GoTrue's 10-second reuse interval: the parent of the active token is still
    // accepted (GoTrue's own rule) and answers with that active token.
    const user = await signedInUser('lost-answer');
    const first = await sessionOf(user);
    const lost = (await anonClient().auth.refreshSession({ refresh_token: first.refresh_token })).data.session;
    expect(lost?.refresh_token).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 11_000));

    const again = await anonClient().auth.refreshSession({ refresh_token: first.refresh_token });
    expect(again.error).toBeNull();
    expect(again.data.session?.refresh_token).toBe(lost?.refresh_token);
    expect(claimsOf(again.data.session?.access_token ?? '')['session_id']).toBe(claimsOf(first.access_token)['session_id']);
    const next = await anonClient().auth.refreshSession({ refresh_token: lost?.refresh_token ?? '' });
    expect(next.error).toBeNull();
  }, 30_000);

  test('reusing an older rotated refresh token is refused and revokes the whole session', async () => {
    const user = await signedInUser('reuse');
    const first = await sessionOf(user);
    const middle = (await anonClient().auth.refreshSession({ refresh_token: first.refresh_token })).data.session;
    // Rotated twice: `first`'s child is used up, so `first` coming back is a copy.
    const second = (await anonClient().auth.refreshSession({ refresh_token: middle?.refresh_token ?? '' })).data.session;
    expect(second).toBeTruthy();

    const reuse = await anonClient().auth.refreshSession({ refresh_token: first.refresh_token });
    expect(reuse.data.session).toBeNull();
    expect(reuse.error).toMatchObject({
      status: 400,
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
    });

    // The token the legitimate client holds is dead too, and so is the session's access token.
    const latest = await anonClient().auth.refreshSession({ refresh_token: second?.refresh_token ?? '' });
    expect(latest.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    const response = await rawAuth('/user', { headers: { Authorization: `Bearer ${second?.access_token}` } });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'session_not_found' });
  });

  test('an unknown refresh token is refused', async () => {
    const { error } = await anonClient().auth.refreshSession({ refresh_token: 'no-such-refresh-token' });
    expect(error).toMatchObject({
      status: 400,
      code: 'refresh_token_not_found',
      message: 'Invalid Refresh Token: Refresh Token Not Found',
    });
  });
});

describe('access tokens', () => {
  test('an expired access token is refused by GET /user', async () => {
    const user = await signedInUser('expired');
    const live = claimsOf((await sessionOf(user)).access_token);
    const now = Math.floor(Date.now() / 1000);
    const expired = await signClaims({
      role: 'authenticated',
      aud: 'authenticated',
      sub: user.id,
      email: user.email,
      session_id: String(live['session_id']),
      iat: now - 3700,
      exp: now - 100,
    });
    const { data, error } = await anonClient().auth.getUser(expired);
    expect(data.user).toBeNull();
    expect(error).toMatchObject({ status: 403, code: 'bad_jwt' });
    expect(error?.message).toMatch(/token is expired/);
  });

  test('a token signed with another secret is refused', async () => {
    const user = await signedInUser('forged');
    const forged = await new SignJWT({ role: 'authenticated', sub: user.id, aud: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-secret-of-this-stack-at-all-32+'));
    const { error } = await anonClient().auth.getUser(forged);
    expect(error).toMatchObject({ status: 403, code: 'bad_jwt' });
  });
});

describe('sign-out', () => {
  test('global sign-out revokes every session of the user, on every device', async () => {
    const user = await signedInUser('global');
    const other = await secondDevice(user);

    const response = await rawAuth('/logout?scope=global', {
      method: 'POST',
      headers: { Authorization: `Bearer ${(await sessionOf(user)).access_token}` },
    });
    expect(response.status).toBe(204);

    const refresh = await anonClient().auth.refreshSession({ refresh_token: other.session.refresh_token });
    expect(refresh.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
    const me = await anonClient().auth.getUser(other.session.access_token);
    expect(me.error?.name).toBe('AuthSessionMissingError');
    const raw = await rawAuth('/user', { headers: { Authorization: `Bearer ${other.session.access_token}` } });
    expect(raw.status).toBe(403);
    expect(await raw.json()).toMatchObject({
      code: 'session_not_found',
      message: 'Session from session_id claim in JWT does not exist',
    });
  });

  test('supabase-js signOut() is global by default and clears the client session', async () => {
    const user = await signedInUser('signout-default');
    const other = await secondDevice(user);
    const { error } = await user.client.auth.signOut();
    expect(error).toBeNull();
    expect((await user.client.auth.getSession()).data.session).toBeNull();
    const refresh = await anonClient().auth.refreshSession({ refresh_token: other.session.refresh_token });
    expect(refresh.error?.code).toBe('refresh_token_not_found');
  });

  test('local sign-out ends only the current session', async () => {
    const user = await signedInUser('local');
    const mine = await sessionOf(user);
    const other = await secondDevice(user);
    expect((await user.client.auth.signOut({ scope: 'local' })).error).toBeNull();

    const mineRefresh = await anonClient().auth.refreshSession({ refresh_token: mine.refresh_token });
    expect(mineRefresh.error?.code).toBe('refresh_token_not_found');
    const otherRefresh = await anonClient().auth.refreshSession({ refresh_token: other.session.refresh_token });
    expect(otherRefresh.error).toBeNull();
    expect(otherRefresh.data.session?.user.id).toBe(user.id);
  });

  test('signing out the others keeps the current session', async () => {
    const user = await signedInUser('others');
    const mine = await sessionOf(user);
    const other = await secondDevice(user);
    expect((await user.client.auth.signOut({ scope: 'others' })).error).toBeNull();

    const me = await user.client.auth.getUser();
    expect(me.data.user?.id).toBe(user.id);
    const mineRefresh = await anonClient().auth.refreshSession({ refresh_token: mine.refresh_token });
    expect(mineRefresh.error).toBeNull();
    const otherRefresh = await anonClient().auth.refreshSession({ refresh_token: other.session.refresh_token });
    expect(otherRefresh.error?.code).toBe('refresh_token_not_found');
  });

  test('an unknown scope is refused', async () => {
    const user = await signedInUser('scope');
    const response = await rawAuth('/logout?scope=everyone', {
      method: 'POST',
      headers: { Authorization: `Bearer ${(await sessionOf(user)).access_token}` },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'validation_failed',
      message: 'Unsupported logout scope "everyone"',
    });
  });
});
