/**
 * What the server says the signed-in user may do (src/lib/access: the definition the
 * database and the functions share), read with the user's own session: their role rows,
 * revoked ones included, and their profile's state, both readable by everyone for
 * themselves. Asked again whenever a sync completes, so a revoked role or a deactivated
 * profile reaches an open app at the next sync. The same check asks Auth for the user
 * (getUser): a session ended elsewhere (sign-out on another device, revoked by an admin)
 * answers session_not_found, and supabase-js then drops the session and announces
 * SIGNED_OUT. The answer is cached per user, for offline starts.
 */
import { accessLevel, type AccessFacts, type AccessLevel } from '../lib/access/access.ts';
import type { KeyValueStorage, SessionClient } from './session-types.ts';

/** A level the server confirmed, or not known yet on this device. */
export type KnownAccess = AccessLevel | 'unknown';

export const ACCESS_CACHE_PREFIX = 'lab-directory.access.';

const LEVELS: readonly string[] = ['admin', 'staff', 'provider', 'pending', 'revoked', 'deactivated'];

export function cachedAccess(storage: KeyValueStorage, userId: string): KnownAccess {
  const value = storage.getItem(ACCESS_CACHE_PREFIX + userId);
  return value !== null && LEVELS.includes(value) ? (value as AccessLevel) : 'unknown';
}

export function cacheAccess(storage: KeyValueStorage, userId: string, level: AccessLevel): void {
  storage.setItem(ACCESS_CACHE_PREFIX + userId, level);
}

export function forgetAccess(storage: KeyValueStorage, userId: string): void {
  storage.removeItem(ACCESS_CACHE_PREFIX + userId);
}

/** Auth's answer for a banned account (GoTrue: 403, code user_banned). */
function isBanned(error: { status?: number; code?: string }): boolean {
  return error.code === 'user_banned';
}

/**
 * The user's access as the server sees it now; null when it could not be told (offline,
 * server trouble, or Auth no longer knows the session: supabase-js then signs it out).
 */
export async function readAccess(client: SessionClient, userId: string): Promise<AccessLevel | null> {
  const { data: current, error: userError } = await client.auth.getUser();
  // Deactivation bans the account in Auth: its access token, issued before, still reads
  // the Data API until it expires, but Auth refuses it at once. That answer is the news.
  if (userError && isBanned(userError)) return 'deactivated';
  if (userError || current.user?.id !== userId) return null;
  const [roles, profile] = await Promise.all([
    client.from('user_roles').select('role, _deleted').eq('user_id', userId),
    client.from('profiles').select('deactivated_at, _deleted').eq('id', userId).maybeSingle(),
  ]);
  if (roles.error || profile.error) return null;
  return accessLevel({
    roles: (roles.data ?? []) as unknown as AccessFacts['roles'],
    profile: profile.data as AccessFacts['profile'],
  });
}
