/**
 * Token checks with the messages Supabase Realtime gives (RealtimeWeb.ChannelsAuthorization
 * and RealtimeChannel): a join with a bad token is refused with `{reason}`, and a channel
 * whose token expires or is replaced by a bad one is shut down with that message.
 */
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { verifyToken, type Claims } from '../jwt.ts';

export type RealtimeTokenCheck = { ok: true; claims: Claims } | { ok: false; code: string; message: string };

export async function checkRealtimeToken(token: string | null | undefined): Promise<RealtimeTokenCheck> {
  const checked = await verifyToken(token);
  if (checked.ok) {
    if (typeof checked.claims.exp !== 'number') {
      return { ok: false, code: 'InvalidJWTToken', message: 'Fields `role` and `exp` are required in JWT' };
    }
    return { ok: true, claims: checked.claims };
  }
  if (checked.reason === 'expired') {
    const exp = safeExp(token);
    const ago = exp === null ? 0 : Math.max(0, Math.floor(Date.now() / 1000) - exp);
    return { ok: false, code: 'InvalidJWTToken', message: `Token has expired ${ago} seconds ago` };
  }
  if (!token || !isWellFormed(token)) {
    return { ok: false, code: 'MalformedJWT', message: 'The token provided is not a valid JWT' };
  }
  return { ok: false, code: 'JwtSignatureError', message: 'Failed to validate JWT signature' };
}

/** Milliseconds until the token's `exp`, for the channel's re-check timer. */
export function msUntilExpiry(claims: Claims): number {
  return typeof claims.exp === 'number' ? claims.exp * 1000 - Date.now() : Number.POSITIVE_INFINITY;
}

function safeExp(token: string | null | undefined): number | null {
  try {
    const exp = token ? decodeJwt(token).exp : undefined;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

function isWellFormed(token: string): boolean {
  try {
    decodeProtectedHeader(token);
    decodeJwt(token);
    return true;
  } catch {
    return false;
  }
}
