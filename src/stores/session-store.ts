/**
 * Who is signed in: the Supabase session and user, what they may do (their access: a role
 * an admin granted, on an active profile; see access-check.ts), and the auth actions (sign
 * in, sign up, set password after an invite, sign out), in one zustand store.
 *
 * Offline-first rules (ARCHITECTURE.md decision 7): a network failure is never a sign-out.
 * When the stored session cannot be refreshed for lack of a connection, the last user who
 * signed in on this device stays signed in with status `offline` and keeps working on the
 * local database; supabase-js refreshes the token once the connection is back. The access
 * level is cached per user for the same reason. A session that ends any other way (revoked,
 * signed out elsewhere, refresh refused) is recorded in `ended`: the app then clears the
 * device's copy of that user's data (src/app/session-end).
 *
 * The store is built by a factory so tests can bind it to a minimal fake client; the app
 * uses `useSessionStore`, bound to the one client of src/lib/supabase.ts. That client is
 * loaded on demand (a dynamic import), so supabase-js is not part of the JavaScript the
 * landing page needs before its first paint (ARCHITECTURE.md budgets).
 */
import { create } from 'zustand';
import { browserStorage } from './browser-storage.ts';
import type { AuthChangeEvent, Session, User } from '../lib/supabase.ts';
import { cacheAccess, cachedAccess, forgetAccess, readAccess } from './access-check.ts';
import { accountActions } from './session-actions.ts';
import {
  AUTH_TIMEOUT_MS,
  LAST_USER_KEY,
  OFFLINE_GRACE_MS,
  RESTORE_GRACE_MS,
  delay,
  messageOf,
  type AuthResult,
  type EndedSession,
  type SessionClient,
  type SessionDeps,
  type SessionState,
} from './session-types.ts';

export { ACCESS_CACHE_PREFIX, type KnownAccess } from './access-check.ts';
export {
  AUTH_TIMEOUT_MESSAGE,
  AUTH_TIMEOUT_MS,
  LAST_USER_KEY,
  OFFLINE_GRACE_MS,
  RESTORE_GRACE_MS,
  needsWelcome,
  type AuthResult,
  type EndedSession,
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
  const accessOf = (userId: string) => {
    const access = cachedAccess(storage, userId);
    return { access, isAdmin: access === 'admin', accessChecked: access !== 'unknown' };
  };

  return create<SessionState>()((set, get) => {
    let checking: Promise<void> | null = null;
    let followUp: Promise<void> | null = null;

    function refreshAccess(userId: string): Promise<void> {
      checking ??= (async () => {
        try {
          const { client } = await deps.load();
          const level = await readAccess(client, userId);
          // Offline, a server error or an ended session: keep what is known (an ended
          // session arrives as SIGNED_OUT from supabase-js).
          if (!level) return;
          cacheAccess(storage, userId, level);
          if (get().user?.id === userId) set({ access: level, isAdmin: level === 'admin' });
        } catch {
          // Same as above: a failed lookup leaves the cached value in place.
        }
      })().finally(() => {
        checking = null;
        if (get().user?.id === userId && !get().accessChecked) set({ accessChecked: true });
      });
      return checking;
    }

    function applySession(session: Session): void {
      const previous = get();
      const sameUser = previous.user?.id === session.user.id;
      storage.setItem(LAST_USER_KEY, JSON.stringify(session.user));
      set({
        status: 'signed-in',
        session,
        user: session.user,
        ...(sameUser
          ? { access: previous.access, isAdmin: previous.isAdmin, accessChecked: previous.accessChecked }
          : accessOf(session.user.id)),
        signedOutByUser: false,
      });
      // Ask the server again whenever a user (re)gains a usable session. Deferred so it
      // never runs inside supabase-js's auth lock (this may be called from its callback).
      if (!sameUser || previous.status !== 'signed-in') {
        setTimeout(() => void refreshAccess(session.user.id), 0);
      }
    }

    // True while the user's own sign-out runs: supabase-js announces SIGNED_OUT from inside
    // it, and the guard must then send them to `/`, not to /auth as if the session had lapsed.
    let signingOut = false;

    /**
     * Nobody is signed in. When a user was known on this device and did not sign out
     * themselves, their session ended (revoked, signed out elsewhere, refresh refused):
     * `ended` names them until the app has dealt with their data.
     */
    function applySignedOut(): void {
      const known = get().user ?? readLastUser();
      const ended: EndedSession | null = !signingOut && known ? { userId: known.id, email: known.email ?? null } : get().ended;
      // A late notice of the same sign-out (supabase-js's SIGNED_OUT event, a sync refused
      // once the tokens were revoked) must not turn the user's own sign-out into a lapsed
      // session: on a busy page the guard would render before the move to `/` and send the
      // user to /auth instead.
      const byUser = signingOut || (get().status === 'signed-out' && get().signedOutByUser);
      storage.removeItem(LAST_USER_KEY);
      set({
        status: 'signed-out',
        session: null,
        user: null,
        access: 'unknown',
        accessChecked: false,
        isAdmin: false,
        signedOutByUser: byUser,
        ended,
      });
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
        set({ status: 'offline', session: null, user: lastUser, ...accessOf(lastUser.id) });
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
            set({ status: 'offline', session: null, user: lastUser, ...accessOf(lastUser.id) });
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
      access: 'unknown',
      accessChecked: false,
      isAdmin: false,
      signedOutByUser: false,
      ended: null,

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

      ...accountActions(deps, timeoutMs, applySession, get, set),

      async signOut() {
        const userId = get().user?.id;
        signingOut = true;
        let result: AuthResult = { error: null };
        try {
          const { client, isNetworkError } = await deps.load();
          const global = await client.auth.signOut({ scope: 'global' });
          if (global.error) {
            // Offline (or the server refused): revoke nothing now, but still sign this device
            // out — the local scope removes the stored session before it calls the server.
            const local = await client.auth.signOut({ scope: 'local' });
            if (local.error && !isNetworkError(local.error)) result = { error: local.error.message };
          }
        } catch (error) {
          result = { error: messageOf(error) };
        }
        // Whatever the server said, this device is signed out: the user asked for it, and
        // the app clears the device's data next (a failure is still reported).
        if (userId) forgetAccess(storage, userId);
        applySignedOut();
        signingOut = false;
        return result;
      },

      async checkAccess() {
        const { status, user } = get();
        if (status !== 'signed-in' || !user) return;
        // A check already on its way may have read before the change that prompted this one
        // (a sync that just brought a revocation): ask once more after it, not only join it.
        if (checking) {
          const userId = user.id;
          followUp ??= checking.then(() => {
            followUp = null;
            return get().user?.id === userId ? refreshAccess(userId) : undefined;
          });
          return followUp;
        }
        await refreshAccess(user.id);
      },

      clearEnded() {
        set({ ended: null });
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

/** The user known to the app (signed in, or working offline), or null. */
export const selectKnownUser = (state: SessionState): User | null =>
  state.status === 'signed-in' || state.status === 'offline' ? state.user : null;

/** A provider's own login (access 'provider': the provider role, no staff access): they get a page of their own. */
export const selectIsProviderOnly = (state: SessionState): boolean => state.access === 'provider';
