/**
 * Which signed-in session this page belongs to: the `session_id` claim of the access token.
 * It stays the same through token refreshes and names one sign-in on one device, so what is
 * kept "for the session" (the patient records' key, src/db/protected/kept-key.ts) is bound
 * to it. Read from the session store, or from the stored session when the store has none
 * (an offline start keeps the user but not the session object).
 */
import { browserStorage } from './browser-storage.ts';
import { useSessionStore } from './session-store.ts';
import type { KeyValueStorage } from './session-types.ts';

/** lib/supabase.ts's AUTH_STORAGE_KEY (not imported: that module loads supabase-js). */
export const STORED_SESSION_KEY = 'lab-directory.auth';

/** The session id an access token names, or null. The token is not verified: it only names the session. */
export function sessionIdOf(accessToken: string | null | undefined): string | null {
  const payload = accessToken?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '='));
    const claims = JSON.parse(json) as { session_id?: unknown };
    return typeof claims.session_id === 'string' && claims.session_id !== '' ? claims.session_id : null;
  } catch {
    return null;
  }
}

function storedAccessToken(storage: KeyValueStorage): string | null {
  try {
    const raw = storage.getItem(STORED_SESSION_KEY);
    const token = raw ? (JSON.parse(raw) as { access_token?: unknown }).access_token : null;
    return typeof token === 'string' ? token : null;
  } catch {
    return null;
  }
}

/** This page's session id (null: nobody is signed in, or the session is unknown). */
export function currentSessionId(storage: KeyValueStorage = browserStorage): string | null {
  return sessionIdOf(useSessionStore.getState().session?.access_token ?? storedAccessToken(storage));
}
