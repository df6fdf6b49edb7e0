/**
 * The app's one Supabase client. This is the only module in src/ that imports
 * @supabase/supabase-js: everything else imports the client, and the few types and error
 * helpers it needs, from here, so the vendor can be configured (and replaced in tests) in
 * one place. The same build talks to a hosted project or to the local stack (env.ts).
 */
import { createClient } from '@supabase/supabase-js';
import { noStoreFetch } from './browser/no-store-fetch.ts';
import { env } from './env.ts';

export {
  FunctionsFetchError,
  FunctionsHttpError,
  FunctionsRelayError,
  isAuthApiError,
  isAuthError,
  isAuthRetryableFetchError,
} from '@supabase/supabase-js';
export type {
  AuthChangeEvent,
  AuthError,
  PostgrestError,
  RealtimeChannel,
  Session,
  SupabaseClient,
  User,
} from '@supabase/supabase-js';

/** localStorage key of the persisted session (fixed, so it does not depend on the URL). */
export const AUTH_STORAGE_KEY = 'lab-directory.auth';

/** What an auth redirect (invite, recovery, confirmation) put in the URL fragment. */
export interface AuthRedirect {
  /** `invite`, `recovery`, `signup`, … when the fragment carries a session. */
  type: string | null;
  /** The server's error description when the link was rejected (e.g. expired). */
  error: string | null;
}

/**
 * Read the fragment before the client consumes it: supabase-js takes the session out of
 * `#access_token=…&type=invite` and clears the hash, but the set-password page still needs
 * to know that it was reached from an invite link, or that the link was refused.
 */
export function parseAuthRedirect(hash: string): AuthRedirect {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const description = params.get('error_description') ?? params.get('error');
  return {
    type: params.get('access_token') ? (params.get('type') ?? 'magiclink') : null,
    error: description ? description.replace(/\+/g, ' ') : null,
  };
}

export const initialAuthRedirect: AuthRedirect =
  typeof window === 'undefined' ? { type: null, error: null } : parseAuthRedirect(window.location.hash);

export const supabase = createClient(env.supabaseUrl, env.supabaseAnonKey, {
  // No answer of the API is kept in the browser's HTTP cache (no-store-fetch.ts).
  global: { fetch: noStoreFetch() },
  auth: {
    persistSession: true,
    autoRefreshToken: true,
    // Invite and confirmation links land with `#access_token=…`; the client signs in from it.
    detectSessionInUrl: true,
    storageKey: AUTH_STORAGE_KEY,
  },
});
