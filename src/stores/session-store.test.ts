/**
 * The session store against a minimal fake of the supabase client: restore and refresh on
 * start, auth events, the access level (admin flag included) and its offline cache, the
 * offline start, the sign-in safety timeout, sign-up's confirmation redirect, sign-out
 * (global, local when offline, and always on this device), and sessions that end without
 * the user signing out.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthChangeEvent, Session, User } from '../lib/supabase.ts';

import {
  ACCESS_CACHE_PREFIX,
  AUTH_TIMEOUT_MESSAGE,
  LAST_USER_KEY,
  createSessionStore,
  needsWelcome,
  type KeyValueStorage,
  type SessionClient,
} from './session-store.ts';

type Listener = (event: AuthChangeEvent, session: Session | null) => void;

function user(id: string, metadata: Record<string, unknown> = {}): User {
  return {
    id,
    email: `${id}@lab.test`,
    aud: 'authenticated',
    app_metadata: {},
    user_metadata: metadata,
    created_at: '2026-01-01T00:00:00Z',
  } as User;
}

function session(id: string): Session {
  return {
    access_token: `token-${id}`,
    refresh_token: `refresh-${id}`,
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    user: user(id),
  };
}

/** Stand-ins for supabase-js's AuthRetryableFetchError (network failure) and AuthApiError. */
class NetworkError extends Error {}
const networkError = new NetworkError('Failed to fetch');
const apiError = (message: string) => Object.assign(new Error(message), { status: 400 });

function memoryStorage(): KeyValueStorage & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

function fakeClient() {
  let listener: Listener | null = null;
  /** What the server holds for the user: role rows, profile state, and whether Auth still knows the session. */
  const roleQuery = {
    rows: [] as Array<{ role: string; _deleted?: boolean }>,
    profile: { deactivated_at: null as string | null, _deleted: false },
    error: null as { message: string } | null,
    sessionGone: false,
    /** Auth refuses the user's token: an admin deactivated (banned) the account. */
    banned: false,
    calls: [] as string[][],
  };
  const table = (name: string) => {
    const builder = {
      select: () => builder,
      eq: (column: string, value: unknown) => {
        roleQuery.calls.push([name, column, String(value)]);
        return builder;
      },
      maybeSingle: async () => ({ data: roleQuery.error ? null : roleQuery.profile, error: roleQuery.error }),
      then: (resolve: (value: unknown) => void) =>
        resolve({
          data: roleQuery.error ? null : roleQuery.rows.map((row) => ({ role: row.role, _deleted: row._deleted ?? false })),
          error: roleQuery.error,
        }),
    };
    return builder;
  };
  const auth = {
    getSession: vi.fn(async () => ({ data: { session: null as Session | null }, error: null as Error | null })),
    refreshSession: vi.fn(async () => ({ data: { session: null, user: null }, error: null })),
    onAuthStateChange: vi.fn((callback: Listener) => {
      listener = callback;
      return { data: { subscription: { unsubscribe: () => (listener = null) } } };
    }),
    signInWithPassword: vi.fn(async (_: { email: string; password: string }) => ({
      data: { session: null as Session | null, user: null as User | null },
      error: null as Error | null,
    })),
    signUp: vi.fn(async (_: { email: string; password: string; options: { emailRedirectTo: string } }) => ({
      data: { session: null as Session | null, user: null as User | null },
      error: null as Error | null,
    })),
    updateUser: vi.fn(async (_: Record<string, unknown>) => ({ data: { user: user('u1') }, error: null as Error | null })),
    signOut: vi.fn(async (_: { scope: string }) => ({ error: null as Error | null })),
    getUser: vi.fn(async () => {
      if (roleQuery.banned) {
        return { data: { user: null }, error: Object.assign(apiError('User is banned'), { status: 403, code: 'user_banned' }) };
      }
      if (roleQuery.sessionGone) {
        // supabase-js drops a session Auth no longer has, and says so.
        listener?.('SIGNED_OUT', null);
        return { data: { user: null }, error: apiError('Session from session_id claim in JWT does not exist') };
      }
      return { data: { user: currentUserId ? user(currentUserId) : null }, error: null };
    }),
  };
  let currentUserId: string | null = null;
  const client = { auth, from: vi.fn((name: string) => table(name)) };
  return {
    client,
    auth,
    roleQuery,
    /** The user Auth answers getUser with. */
    setAuthUser: (id: string | null) => (currentUserId = id),
    emit: (event: AuthChangeEvent, value: Session | null) => listener?.(event, value),
    hasListener: () => listener !== null,
  };
}

function setup(options: { offline?: boolean } = {}) {
  const fake = fakeClient();
  const storage = memoryStorage();
  const connectivity = new EventTarget();
  const store = createSessionStore({
    isOffline: () => options.offline ?? false,
    load: async () => ({
      client: fake.client as unknown as SessionClient,
      isNetworkError: (error: unknown) => error instanceof NetworkError,
    }),
    storage,
    origin: () => 'https://lab.example',
    connectivity,
    timeoutMs: 50,
  });
  return { ...fake, storage, store, connectivity };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('session store', () => {
  beforeEach(() => vi.useRealTimers());
  afterEach(() => vi.restoreAllMocks());

  it('restores the stored session, then refreshes it, and asks the server what the user may do', async () => {
    const t = setup();
    t.setAuthUser('u1');
    t.auth.getSession.mockResolvedValueOnce({ data: { session: session('u1') }, error: null });
    t.roleQuery.rows = [{ role: 'admin' }];
    expect(t.store.getState().status).toBe('loading');

    await expect(t.store.getState().start()).resolves.toEqual({ error: null });
    expect(t.store.getState()).toMatchObject({ status: 'signed-in', user: { id: 'u1' }, access: 'unknown', accessChecked: false, isAdmin: false });
    expect(t.auth.refreshSession).toHaveBeenCalledTimes(1);

    await flush();
    expect(t.store.getState()).toMatchObject({ access: 'admin', accessChecked: true, isAdmin: true });
    expect(t.auth.getUser).toHaveBeenCalledTimes(1);
    expect(t.roleQuery.calls).toEqual([
      ['user_roles', 'user_id', 'u1'],
      ['profiles', 'id', 'u1'],
    ]);
    expect(t.storage.getItem(ACCESS_CACHE_PREFIX + 'u1')).toBe('admin');
    expect(JSON.parse(t.storage.getItem(LAST_USER_KEY) ?? 'null')).toMatchObject({ id: 'u1' });
  });

  it('is idempotent: a second start neither subscribes nor restores again', async () => {
    const t = setup();
    const first = t.store.getState().start();
    const second = t.store.getState().start();
    expect(second).toBe(first);
    await first;
    expect(t.auth.onAuthStateChange).toHaveBeenCalledTimes(1);
    expect(t.auth.getSession).toHaveBeenCalledTimes(1);
    expect(t.store.getState().status).toBe('signed-out');
  });

  it('keeps the last user, offline, when the stored session cannot be refreshed for lack of network', async () => {
    const t = setup();
    t.storage.setItem(LAST_USER_KEY, JSON.stringify(user('u7')));
    t.storage.setItem(ACCESS_CACHE_PREFIX + 'u7', 'admin');
    t.auth.getSession.mockResolvedValueOnce({ data: { session: null }, error: networkError });

    await expect(t.store.getState().start()).resolves.toEqual({ error: null });
    expect(t.store.getState()).toMatchObject({ status: 'offline', user: { id: 'u7' }, session: null, access: 'admin', isAdmin: true });
    expect(t.store.getState().ended).toBeNull();

    // Back online: supabase-js refreshes the stored session and the user is signed in again.
    t.auth.getSession.mockResolvedValueOnce({ data: { session: session('u7') }, error: null });
    t.connectivity.dispatchEvent(new Event('online'));
    await flush();
    expect(t.store.getState()).toMatchObject({ status: 'signed-in', session: { access_token: 'token-u7' } });
  });

  it('does not keep a known user waiting for a refresh that needs the network', async () => {
    const t = setup({ offline: true });
    t.storage.setItem(LAST_USER_KEY, JSON.stringify(user('u8')));
    type Result = { data: { session: Session | null }; error: Error | null };
    let finish: (result: Result) => void = () => undefined;
    t.auth.getSession.mockImplementationOnce(() => new Promise<Result>((resolve) => (finish = resolve)));

    const started = Date.now();
    await expect(t.store.getState().start()).resolves.toEqual({ error: null });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(t.store.getState()).toMatchObject({ status: 'offline', user: { id: 'u8' } });

    // supabase-js finally refreshes the token (the connection came back).
    finish({ data: { session: session('u8') }, error: null });
    await flush();
    expect(t.store.getState()).toMatchObject({ status: 'signed-in', session: { access_token: 'token-u8' } });
  });

  it('signs out a user working offline when their session turns out to be revoked', async () => {
    const t = setup({ offline: true });
    t.storage.setItem(LAST_USER_KEY, JSON.stringify(user('u9')));
    type Result = { data: { session: Session | null }; error: Error | null };
    let finish: (result: Result) => void = () => undefined;
    t.auth.getSession.mockImplementationOnce(() => new Promise<Result>((resolve) => (finish = resolve)));
    await t.store.getState().start();
    expect(t.store.getState().status).toBe('offline');

    finish({ data: { session: null }, error: apiError('Invalid Refresh Token: Already Used') });
    await flush();
    expect(t.store.getState()).toMatchObject({ status: 'signed-out', user: null });
    expect(t.storage.getItem(LAST_USER_KEY)).toBeNull();
  });

  it('keeps the cached access when the lookup fails', async () => {
    const t = setup();
    t.setAuthUser('u1');
    t.storage.setItem(ACCESS_CACHE_PREFIX + 'u1', 'admin');
    t.roleQuery.error = { message: 'TypeError: Failed to fetch' };
    t.auth.getSession.mockResolvedValueOnce({ data: { session: session('u1') }, error: null });
    await t.store.getState().start();
    await flush();
    expect(t.store.getState()).toMatchObject({ access: 'admin', isAdmin: true });
  });

  it('reports a failed restore, and signs out', async () => {
    const t = setup();
    t.storage.setItem(LAST_USER_KEY, JSON.stringify(user('u7')));
    t.auth.getSession.mockResolvedValueOnce({ data: { session: null }, error: apiError('Invalid Refresh Token: Refresh Token Not Found') });
    await expect(t.store.getState().start()).resolves.toEqual({ error: 'Invalid Refresh Token: Refresh Token Not Found' });
    expect(t.store.getState()).toMatchObject({ status: 'signed-out', user: null });
    expect(t.storage.getItem(LAST_USER_KEY)).toBeNull();
    // The user known on this device did not sign out: their session ended while the app was closed.
    expect(t.store.getState().ended).toEqual({ userId: 'u7', email: 'u7@lab.test' });

    const u = setup();
    u.auth.getSession.mockRejectedValueOnce(new Error('storage is corrupt'));
    await expect(u.store.getState().start()).resolves.toEqual({ error: 'storage is corrupt' });
    expect(u.store.getState().status).toBe('signed-out');
  });

  it('follows auth events: signed in and token refreshed update the user, signed out clears it', async () => {
    const t = setup();
    await t.store.getState().start();
    t.emit('SIGNED_IN', session('u2'));
    expect(t.store.getState()).toMatchObject({ status: 'signed-in', user: { id: 'u2' } });

    const refreshed = { ...session('u2'), access_token: 'rotated', user: user('u2', { first_name: 'Ada' }) };
    t.emit('TOKEN_REFRESHED', refreshed);
    expect(t.store.getState()).toMatchObject({ session: { access_token: 'rotated' }, user: { user_metadata: { first_name: 'Ada' } } });

    t.emit('SIGNED_OUT', null);
    expect(t.store.getState()).toMatchObject({ status: 'signed-out', user: null, session: null, isAdmin: false, signedOutByUser: false });
    // Not the user's own sign-out: their session ended, and the app clears their data.
    expect(t.store.getState().ended).toEqual({ userId: 'u2', email: 'u2@lab.test' });
    t.store.getState().clearEnded();
    expect(t.store.getState().ended).toBeNull();

    t.store.getState().stop();
    expect(t.hasListener()).toBe(false);
  });

  it('signs in, and returns the server message on failure', async () => {
    const t = setup();
    t.auth.signInWithPassword.mockResolvedValueOnce({ data: { session: session('u3'), user: user('u3') }, error: null });
    await expect(t.store.getState().signIn('a@lab.test', 'pw')).resolves.toEqual({ error: null });
    expect(t.auth.signInWithPassword).toHaveBeenCalledWith({ email: 'a@lab.test', password: 'pw' });
    expect(t.store.getState()).toMatchObject({ status: 'signed-in', user: { id: 'u3' } });

    t.auth.signInWithPassword.mockResolvedValueOnce({ data: { session: null, user: null }, error: apiError('Invalid login credentials') });
    await expect(t.store.getState().signIn('a@lab.test', 'bad')).resolves.toEqual({ error: 'Invalid login credentials' });
  });

  it('gives up on sign-in after the safety timeout', async () => {
    const t = setup();
    t.auth.signInWithPassword.mockImplementationOnce(() => new Promise(() => undefined));
    await expect(t.store.getState().signIn('a@lab.test', 'pw')).resolves.toEqual({ error: AUTH_TIMEOUT_MESSAGE });
    expect(t.store.getState().status).toBe('loading');
  });

  it('signs up with the confirmation redirect to /dashboard', async () => {
    const t = setup();
    await expect(t.store.getState().signUp('new@lab.test', 'secret-pw')).resolves.toEqual({ error: null, needsConfirmation: true });
    expect(t.auth.signUp).toHaveBeenCalledWith({
      email: 'new@lab.test',
      password: 'secret-pw',
      options: { emailRedirectTo: 'https://lab.example/dashboard' },
    });

    await t.store.getState().signUp('named@lab.test', 'secret-pw', { firstName: 'Rosa', lastName: 'Delgado' });
    expect(t.auth.signUp).toHaveBeenLastCalledWith({
      email: 'named@lab.test',
      password: 'secret-pw',
      options: { emailRedirectTo: 'https://lab.example/dashboard', data: { first_name: 'Rosa', last_name: 'Delgado' } },
    });

    t.auth.signUp.mockResolvedValueOnce({ data: { session: session('u4'), user: user('u4') }, error: null });
    await expect(t.store.getState().signUp('auto@lab.test', 'secret-pw')).resolves.toEqual({ error: null, needsConfirmation: false });
    expect(t.store.getState().user?.id).toBe('u4');

    t.auth.signUp.mockImplementationOnce(() => new Promise(() => undefined));
    await expect(t.store.getState().signUp('slow@lab.test', 'secret-pw')).resolves.toEqual({
      error: AUTH_TIMEOUT_MESSAGE,
      needsConfirmation: false,
    });
  });

  it('sets the password of an invited user', async () => {
    const t = setup();
    t.auth.getSession.mockResolvedValueOnce({ data: { session: session('u1') }, error: null });
    await t.store.getState().start();
    await expect(t.store.getState().setPassword('new-password-1')).resolves.toEqual({ error: null });
    expect(t.auth.updateUser).toHaveBeenCalledWith({ password: 'new-password-1' });

    t.auth.updateUser.mockResolvedValueOnce({ data: { user: user('u1') }, error: apiError('Password should be at least 6 characters.') });
    await expect(t.store.getState().setPassword('x')).resolves.toEqual({ error: 'Password should be at least 6 characters.' });
  });

  it('signs out globally and forgets the user', async () => {
    const t = setup();
    t.setAuthUser('u5');
    t.auth.getSession.mockResolvedValueOnce({ data: { session: session('u5') }, error: null });
    t.roleQuery.rows = [{ role: 'admin' }];
    await t.store.getState().start();
    await flush();

    // supabase-js announces SIGNED_OUT from inside its signOut: still the user's own.
    t.auth.signOut.mockImplementationOnce(async () => {
      t.emit('SIGNED_OUT', null);
      return { error: null };
    });
    await expect(t.store.getState().signOut()).resolves.toEqual({ error: null });
    expect(t.auth.signOut).toHaveBeenCalledTimes(1);
    expect(t.auth.signOut).toHaveBeenCalledWith({ scope: 'global' });
    expect(t.store.getState()).toMatchObject({ status: 'signed-out', user: null, isAdmin: false, signedOutByUser: true, ended: null });
    expect(t.storage.getItem(LAST_USER_KEY)).toBeNull();
    expect(t.storage.getItem(ACCESS_CACHE_PREFIX + 'u5')).toBeNull();
  });

  it("keeps a sign-out the user's own when a late notice of it arrives (the guard must still go to /)", async () => {
    const t = setup();
    t.setAuthUser('u5');
    t.auth.getSession.mockResolvedValueOnce({ data: { session: session('u5') }, error: null });
    await t.store.getState().start();
    await flush();
    await t.store.getState().signOut();

    // supabase-js's own SIGNED_OUT, or a sync refused once the tokens were revoked, after it.
    t.emit('SIGNED_OUT', null);
    expect(t.store.getState()).toMatchObject({ status: 'signed-out', signedOutByUser: true, ended: null });
  });

  it('signs this device out when the global sign-out cannot reach the server', async () => {
    const t = setup();
    t.storage.setItem(LAST_USER_KEY, JSON.stringify(user('u6')));
    t.auth.getSession.mockResolvedValueOnce({ data: { session: null }, error: networkError });
    await t.store.getState().start();
    t.auth.signOut.mockResolvedValueOnce({ error: networkError }).mockResolvedValueOnce({ error: networkError });

    await expect(t.store.getState().signOut()).resolves.toEqual({ error: null });
    expect(t.auth.signOut.mock.calls).toEqual([[{ scope: 'global' }], [{ scope: 'local' }]]);
    expect(t.store.getState().status).toBe('signed-out');
  });

  it('signs this device out even when the server refuses, and reports the refusal', async () => {
    const t = setup();
    t.setAuthUser('u6');
    t.auth.getSession.mockResolvedValueOnce({ data: { session: session('u6') }, error: null });
    await t.store.getState().start();
    t.auth.signOut.mockResolvedValueOnce({ error: apiError('Server error') }).mockResolvedValueOnce({ error: apiError('Storage failed') });
    await expect(t.store.getState().signOut()).resolves.toEqual({ error: 'Storage failed' });
    expect(t.store.getState()).toMatchObject({ status: 'signed-out', user: null, signedOutByUser: true, ended: null });
  });

  describe('checkAccess', () => {
    async function signedIn(rows: Array<{ role: string; _deleted?: boolean }>) {
      const t = setup();
      t.setAuthUser('u1');
      t.roleQuery.rows = rows;
      t.auth.getSession.mockResolvedValueOnce({ data: { session: session('u1') }, error: null });
      await t.store.getState().start();
      await flush();
      return t;
    }

    it('follows a role the admin revoked, and a profile they deactivated', async () => {
      const t = await signedIn([{ role: 'staff' }]);
      expect(t.store.getState().access).toBe('staff');
      t.roleQuery.rows = [{ role: 'staff', _deleted: true }];
      await t.store.getState().checkAccess();
      expect(t.store.getState()).toMatchObject({ access: 'revoked', status: 'signed-in' });
      expect(t.storage.getItem(ACCESS_CACHE_PREFIX + 'u1')).toBe('revoked');

      t.roleQuery.rows = [{ role: 'staff' }];
      t.roleQuery.profile = { deactivated_at: '2026-11-20T10:00:00Z', _deleted: false };
      await t.store.getState().checkAccess();
      expect(t.store.getState().access).toBe('deactivated');
    });

    it('knows at once that an admin deactivated the account: Auth refuses the banned user before the token expires', async () => {
      const t = await signedIn([{ role: 'staff' }]);
      // The Data API still answers with the old token (staff role, profile not yet read as deactivated).
      t.roleQuery.banned = true;
      await t.store.getState().checkAccess();
      expect(t.store.getState()).toMatchObject({ access: 'deactivated', status: 'signed-in' });
      expect(t.storage.getItem(ACCESS_CACHE_PREFIX + 'u1')).toBe('deactivated');
    });

    it('asks again after a check already on its way, which may have read before the revocation', async () => {
      const t = await signedIn([{ role: 'staff' }]);
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const real = t.client.from.getMockImplementation();
      if (!real) throw new Error('no table fake');
      // The first check has read the roles (still staff); its profile read is slow.
      t.client.from.mockImplementationOnce(real).mockImplementationOnce((name: string) => {
        const builder = real(name);
        const answer = builder.maybeSingle;
        builder.maybeSingle = async () => {
          await gate;
          return answer();
        };
        return builder;
      });
      const first = t.store.getState().checkAccess();
      await flush();
      t.roleQuery.rows = [{ role: 'staff', _deleted: true }];
      const second = t.store.getState().checkAccess();
      release();
      await Promise.all([first, second]);
      expect(t.store.getState().access).toBe('revoked');
    });

    it('calls a sign-up without a role pending', async () => {
      const t = await signedIn([]);
      expect(t.store.getState()).toMatchObject({ access: 'pending', isAdmin: false });
    });

    it('ends the session when Auth no longer has it (signed out elsewhere)', async () => {
      const t = await signedIn([{ role: 'staff' }]);
      t.roleQuery.sessionGone = true;
      await t.store.getState().checkAccess();
      expect(t.store.getState()).toMatchObject({ status: 'signed-out', signedOutByUser: false, ended: { userId: 'u1' } });
    });

    it('counts a check the server could not answer as asked, so a first sign-in does not wait for ever', async () => {
      const t = setup();
      t.setAuthUser('u1');
      t.roleQuery.error = { message: 'TypeError: Failed to fetch' };
      t.auth.getSession.mockResolvedValueOnce({ data: { session: session('u1') }, error: null });
      await t.store.getState().start();
      await flush();
      expect(t.store.getState()).toMatchObject({ access: 'unknown', accessChecked: true });
    });

    it('keeps what it knew when the server cannot be asked', async () => {
      const t = await signedIn([{ role: 'staff' }]);
      t.roleQuery.error = { message: 'TypeError: Failed to fetch' };
      await t.store.getState().checkAccess();
      expect(t.store.getState().access).toBe('staff');
    });
  });

  it('knows who still needs the welcome page', () => {
    expect(needsWelcome(null)).toBe(false);
    expect(needsWelcome(user('u1'))).toBe(true);
    expect(needsWelcome(user('u1', { welcomed_at: '2026-01-01T00:00:00Z' }))).toBe(false);
  });
});
