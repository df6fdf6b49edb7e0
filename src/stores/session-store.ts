/**
 * Who is signed in: the Supabase session and user, whether they are an admin, and the auth
 * actions (sign in, sign up, set password after an invite, sign out), in one zustand store.
 *
 * Offline-first rules (ARCHITECTURE.md decision 7): a network failure is never a sign-out.
 * When the stored session cannot be refreshed for lack of a connection, the last user who
 * signed in on this device stays signed in with status `offline` and keeps working on the
 * local database; supabase-js refreshes the token once the connection is back. The admin
 * flag (a `user_roles` row with role admin) is cached per user for the same reason.
 *
 * The store is built by a factory so tests can bind it to a minimal fake client; the app
 * uses `useSessionStore`, bound to the one client of src/lib/supabase.ts. That client is
 * loaded on demand (a dynamic import), so supabase-js is not part of the JavaScript the
 * landing page needs before its first paint (ARCHITECTURE.md budgets).
 */
import { create } from 'zustand';
import { browserStorage } from './browser-storage.ts';
import type { AuthChangeEvent, Session, User } from '../lib/supabase.ts';
import { passwordVerified } from './password-verified.ts';
import {
  ADMIN_CACHE_PREFIX,
  AUTH_TIMEOUT_MS,
  LAST_USER_KEY,
  OFFLINE_GRACE_MS,
  RESTORE_GRACE_MS,
  ROLES_CACHE_PREFIX,
  delay,
  messageOf,
  withTimeout,
  type AuthResult,
  type SessionClient,
  type SessionDeps,
  type SessionState,
} from './session-types.ts';

export {
  ADMIN_CACHE_PREFIX,
  ROLES_CACHE_PREFIX,
  AUTH_TIMEOUT_MESSAGE,
  AUTH_TIMEOUT_MS,
  LAST_USER_KEY,
  OFFLINE_GRACE_MS,
  RESTORE_GRACE_MS,
  needsWelcome,
  type AuthResult,
  type KeyValueStorage,
  type SessionClient,
  type SessionDeps,
  type SessionState,
  type SessionStatus,
  type SignUpResult,
} from './session-types.ts';

export function createSessionStore(deps: SessionDeps) {
  const { storage } = deps;
  const timeoutMs = deps.timeoutMs ?? AUTH_TIMEOUT_MS;
  let started: Promise<AuthResult> | null = null;
  let unsubscribe: (() => void) | null = null;

  const readLastUser = (): User | null => {
    try {
      const raw = storage.getItem(LAST_USER_KEY);
      return raw ? (JSON.parse(raw) as User) : null;
    } catch {
      return null;
    }
  };
  /** The user's roles as last read from the server on this device (for offline starts). */
  const cachedRoles = (userId: string): string[] => {
    try {
      const raw = storage.getItem(ROLES_CACHE_PREFIX + userId);
      const parsed: unknown = raw ? JSON.parse(raw) : null;
      if (Array.isArray(parsed)) return parsed.filter((role): role is string => typeof role === 'string');
    } catch {
      // A damaged entry counts as unknown.
    }
    return storage.getItem(ADMIN_CACHE_PREFIX + userId) === 'true' ? ['admin'] : [];
  };
  const cachedAccess = (userId: string) => {
    const roles = cachedRoles(userId);
    return { roles, isAdmin: roles.includes('admin') };
  };

  return create<SessionState>()((set, get) => {
    async function refreshRole(userId: string): Promise<void> {
      try {
        const { client } = await deps.load();
        const { data, error } = await client.from('user_roles').select('role').eq('user_id', userId).eq('_deleted', false);
        // Offline or a server error: keep the cached answer rather than demote an admin.
        if (error || !data) return;
        const roles = [...new Set((data as Array<{ role: string }>).map((row) => row.role))].sort();
        const isAdmin = roles.includes('admin');
        storage.setItem(ADMIN_CACHE_PREFIX + userId, String(isAdmin));
        storage.setItem(ROLES_CACHE_PREFIX + userId, JSON.stringify(roles));
        if (get().user?.id === userId) set({ isAdmin, roles });
      } catch {
        // Same as above: a failed lookup leaves the cached value in place.
      }
    }

    function applySession(session: Session): void {
      const previous = get();
      const sameUser = previous.user?.id === session.user.id;
      storage.setItem(LAST_USER_KEY, JSON.stringify(session.user));
      set({
        status: 'signed-in',
        session,
        user: session.user,
        ...(sameUser ? { isAdmin: previous.isAdmin, roles: previous.roles } : cachedAccess(session.user.id)),
        signedOutByUser: false,
      });
      // Ask the server again whenever a user (re)gains a usable session. Deferred so it
      // never runs inside supabase-js's auth lock (this may be called from its callback).
      if (!sameUser || previous.status !== 'signed-in') {
        setTimeout(() => void refreshRole(session.user.id), 0);
      }
    }

    // True while the user's own sign-out runs: supabase-js announces SIGNED_OUT from inside
    // it, and the guard must then send them to `/`, not to /auth as if the session had lapsed.
    let signingOut = false;

    function applySignedOut(): void {
      storage.removeItem(LAST_USER_KEY);
      set({ status: 'signed-out', session: null, user: null, isAdmin: false, roles: [], signedOutByUser: signingOut });
    }

    function onAuthChange(event: AuthChangeEvent, session: Session | null): void {
      // INITIAL_SESSION is covered by restore(), which also knows about offline starts.
      if (event === 'SIGNED_OUT') applySignedOut();
      else if (event !== 'INITIAL_SESSION' && session) applySession(session);
    }

    type Restored = Awaited<ReturnType<SessionClient['auth']['getSession']>>;

    /** What the stored session turned out to be, once supabase-js has read (and maybe refreshed) it. */
    function settle(client: SessionClient, isNetworkError: (error: unknown) => boolean, result: Restored): AuthResult {
      const { data, error } = result;
      if (data.session) {
        applySession(data.session);
        // Restored, then refreshed (spec §4). A failure here is handled by supabase-js:
        // offline it keeps the session, a revoked token ends in SIGNED_OUT.
        void client.auth.refreshSession().catch(() => undefined);
        return { error: null };
      }
      const lastUser = readLastUser();
      if (error && isNetworkError(error) && lastUser) {
        set({ status: 'offline', session: null, user: lastUser, ...cachedAccess(lastUser.id) });
        return { error: null };
      }
      applySignedOut();
      return { error: error ? error.message : null };
    }

    async function restore(): Promise<AuthResult> {
      try {
        const { client, isNetworkError } = await deps.load();
        const pending = client.auth.getSession();
        const lastUser = readLastUser();
        if (lastUser) {
          // An expired token needs the network to be refreshed, and supabase-js keeps
          // retrying for up to 30 s. A user known on this device does not wait for that:
          // after a short grace (shorter still when the browser knows it is offline) they
          // work offline, and the outcome is applied whenever it arrives.
          const grace = deps.isOffline?.() ? OFFLINE_GRACE_MS : RESTORE_GRACE_MS;
          const early = await Promise.race([pending, delay(grace).then(() => null)]);
          if (!early) {
            set({ status: 'offline', session: null, user: lastUser, ...cachedAccess(lastUser.id) });
            void pending
              .then((result) => {
                if (get().status === 'offline') settle(client, isNetworkError, result);
              })
              .catch(() => undefined);
            return { error: null };
          }
          return settle(client, isNetworkError, early);
        }
        return settle(client, isNetworkError, await pending);
      } catch (error) {
        applySignedOut();
        return { error: messageOf(error) };
      }
    }

    /** Back online after an offline start: let supabase-js refresh the stored session. */
    const onOnline = () => {
      if (get().status !== 'offline') return;
      void deps
        .load()
        .then(({ client }) => client.auth.getSession())
        .then(({ data }) => {
          if (data.session && get().status === 'offline') applySession(data.session);
        })
        .catch(() => undefined);
    };

    return {
      status: 'loading',
      user: null,
      session: null,
      isAdmin: false,
      roles: [],
      signedOutByUser: false,

      start() {
        if (started) return started;
        let stopped = false;
        let unsubscribeAuth: (() => void) | null = null;
        deps.connectivity?.addEventListener('online', onOnline);
        unsubscribe = () => {
          stopped = true;
          unsubscribeAuth?.();
          deps.connectivity?.removeEventListener('online', onOnline);
        };
        started = deps
          .load()
          .then(({ client }) => {
            if (stopped) return { error: null };
            const { data } = client.auth.onAuthStateChange(onAuthChange);
            unsubscribeAuth = () => data.subscription.unsubscribe();
            return restore();
          })
          .catch((error: unknown) => {
            // The client's code could not be loaded (e.g. offline before it was cached).
            applySignedOut();
            return { error: messageOf(error) };
          });
        return started;
      },

      stop() {
        unsubscribe?.();
        unsubscribe = null;
        started = null;
      },

      async signIn(email, password) {
        try {
          const { client } = await deps.load();
          const { data, error } = await withTimeout(client.auth.signInWithPassword({ email, password }), timeoutMs);
          if (error) return { error: error.message };
          if (data.session) {
            applySession(data.session);
            passwordVerified(data.session.user.id, password);
          }
          return { error: null };
        } catch (error) {
          return { error: messageOf(error) };
        }
      },

      async signUp(email, password) {
        try {
          const { client } = await deps.load();
          const { data, error } = await withTimeout(
            client.auth.signUp({ email, password, options: { emailRedirectTo: `${deps.origin()}/dashboard` } }),
            timeoutMs,
          );
          if (error) return { error: error.message, needsConfirmation: false };
          if (data.session) {
            applySession(data.session);
            return { error: null, needsConfirmation: false };
          }
          return { error: null, needsConfirmation: true };
        } catch (error) {
          return { error: messageOf(error), needsConfirmation: false };
        }
      },

      async setPassword(password) {
        try {
          const { client } = await deps.load();
          const { data, error } = await withTimeout(client.auth.updateUser({ password }), timeoutMs);
          if (error) return { error: error.message };
          const session = get().session;
          if (session) set({ user: data.user, session: { ...session, user: data.user } });
          if (data.user) passwordVerified(data.user.id, password);
          return { error: null };
        } catch (error) {
          return { error: messageOf(error) };
        }
      },

      async markWelcomed() {
        if (get().status !== 'signed-in') return;
        try {
          const { client } = await deps.load();
          const { data } = await client.auth.updateUser({ data: { welcomed_at: new Date().toISOString() } });
          if (data.user && get().user?.id === data.user.id) set({ user: data.user });
        } catch {
          // Best effort: at worst the welcome page shows once more.
        }
      },

      async signOut() {
        const userId = get().user?.id;
        signingOut = true;
        try {
          const { client, isNetworkError } = await deps.load();
          const global = await client.auth.signOut({ scope: 'global' });
          if (global.error) {
            // Offline (or the server refused): revoke nothing now, but still sign this device
            // out — the local scope removes the stored session before it calls the server.
            const local = await client.auth.signOut({ scope: 'local' });
            if (local.error && !isNetworkError(local.error)) return { error: local.error.message };
          }
          if (userId) {
            storage.removeItem(ADMIN_CACHE_PREFIX + userId);
            storage.removeItem(ROLES_CACHE_PREFIX + userId);
          }
          applySignedOut();
          return { error: null };
        } catch (error) {
          return { error: messageOf(error) };
        } finally {
          signingOut = false;
        }
      },
    };
  });
}

export const useSessionStore = createSessionStore({
  load: async () => {
    const { supabase, isAuthRetryableFetchError } = await import('../lib/supabase.ts');
    return { client: supabase, isNetworkError: isAuthRetryableFetchError };
  },
  storage: browserStorage,
  origin: () => (typeof window !== 'undefined' ? window.location.origin : ''),
  connectivity: typeof window !== 'undefined' ? window : undefined,
  isOffline: () => typeof navigator !== 'undefined' && navigator.onLine === false,
});

/** A provider's own login: the provider role and no staff access (they get a page of their own). */
export const selectIsProviderOnly = (state: SessionState): boolean =>
  state.roles.includes('provider') && !state.roles.includes('staff') && !state.roles.includes('admin');

/** The user known to the app (signed in, or working offline), or null. */
export const selectKnownUser = (state: SessionState): User | null =>
  state.status === 'signed-in' || state.status === 'offline' ? state.user : null;
