/**
 * The session store's vocabulary: its state and dependencies, the keys it keeps on this
 * device, the auth safety timeout, and small helpers (kept apart so the store stays short).
 */
import type { Session, SupabaseClient, User } from '../lib/supabase.ts';
import type { KnownAccess } from './access-check.ts';

/** Safety timeout of sign-in, sign-up and set-password (spec §9). */
export const AUTH_TIMEOUT_MS = 10_000;
export const AUTH_TIMEOUT_MESSAGE =
  'The server did not answer within 10 seconds. Check your connection and try again.';
export const LAST_USER_KEY = 'lab-directory.last-user';
/** How long a known user waits for the stored session before working offline. */
export const RESTORE_GRACE_MS = 4000;
export const OFFLINE_GRACE_MS = 300;

/**
 * loading: restoring the stored session; signed-in: a usable session; offline: a known user
 * whose session could not be refreshed for lack of a connection (works on local data);
 * signed-out: nobody.
 */
export type SessionStatus = 'loading' | 'signed-in' | 'offline' | 'signed-out';

export interface AuthResult {
  error: string | null;
}

export interface SignUpResult extends AuthResult {
  /** True when the server wants the address confirmed before the first sign-in. */
  needsConfirmation: boolean;
}

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export type SessionClient = Pick<SupabaseClient, 'auth' | 'from'>;

export interface SessionDeps {
  /** Loads the client (and supabase-js's network-failure test) on first use. */
  load: () => Promise<{ client: SessionClient; isNetworkError: (error: unknown) => boolean }>;
  storage: KeyValueStorage;
  /** The app's origin, for the sign-up confirmation link (`${origin}/dashboard`). */
  origin: () => string;
  /** Where `online` events come from (window in the browser); none in plain Node. */
  connectivity?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  /** True when the browser knows it has no connection (`navigator.onLine === false`). */
  isOffline?: () => boolean;
  timeoutMs?: number;
}

/** A session that ended without its user signing out (revoked, signed out elsewhere, refresh refused). */
export interface EndedSession {
  userId: string;
  email: string | null;
}

export interface SessionState {
  status: SessionStatus;
  user: User | null;
  session: Session | null;
  /** What the server lets the user do (src/lib/access), cached per user for offline starts. */
  access: KnownAccess;
  /** The server has been asked for this user's access (answered or not), or a cached answer exists. */
  accessChecked: boolean;
  /** access === 'admin' (kept for the many places that only ask this). */
  isAdmin: boolean;
  /** The last sign-out was the user's own (not a lapsed or revoked session). */
  signedOutByUser: boolean;
  /** Whose session ended without them signing out, until the app has dealt with their data. */
  ended: EndedSession | null;
  /**
   * Listen to auth changes, restore the stored session and then refresh it. Idempotent;
   * resolves with an error message when the stored state could not be restored.
   */
  start(): Promise<AuthResult>;
  /** Stop listening (the app never does; tests and hot reload do). */
  stop(): void;
  signIn(email: string, password: string): Promise<AuthResult>;
  /** The name is kept on the new profile, so the admin approving the sign-up sees who it is. */
  signUp(email: string, password: string, name?: { firstName: string; lastName: string }): Promise<SignUpResult>;
  setPassword(password: string): Promise<AuthResult>;
  /** Record in the user's metadata that the welcome page was shown (best effort). */
  markWelcomed(): Promise<void>;
  /** Global sign-out; offline it still signs this device out. */
  signOut(): Promise<AuthResult>;
  /** Ask the server again what the signed-in user may do (and whether their session still exists). */
  checkAccess(): Promise<void>;
  /** The app has dealt with the ended session's data (wiped or kept for the same user). */
  clearEnded(): void;
}

export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(AUTH_TIMEOUT_MESSAGE)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'An unexpected error occurred. Please try again.';
}

/** True when the user has not yet been greeted by the welcome page. */
export function needsWelcome(user: User | null): boolean {
  return !!user && !user.user_metadata?.welcomed_at;
}
