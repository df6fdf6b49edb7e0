/**
 * The session store's account actions (sign in, sign up, set the password after an invite,
 * record the welcome), apart from the store's session bookkeeping. Each ends in
 * `applySession` or a patch of the user; the auth safety timeout (spec §9) bounds the
 * first three.
 */
import type { Session } from '../lib/supabase.ts';
import { passwordVerified } from './password-verified.ts';
import { messageOf, withTimeout, type SessionDeps, type SessionState } from './session-types.ts';

type AccountActions = Pick<SessionState, 'signIn' | 'signUp' | 'setPassword' | 'markWelcomed'>;

export function accountActions(
  deps: SessionDeps,
  timeoutMs: number,
  applySession: (session: Session) => void,
  get: () => SessionState,
  set: (patch: Partial<SessionState>) => void,
): AccountActions {
  return {
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

    async signUp(email, password, name) {
      try {
        const { client } = await deps.load();
        // The profile trigger (handle_new_user) takes first_name and last_name from the metadata.
        const named = name ? { data: { first_name: name.firstName, last_name: name.lastName } } : {};
        const { data, error } = await withTimeout(
          client.auth.signUp({ email, password, options: { emailRedirectTo: `${deps.origin()}/dashboard`, ...named } }),
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
  };
}
