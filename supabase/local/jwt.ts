/**
 * Signing and checking the HS256 JWTs that every service of the stack accepts: the
 * anon/service keys and the access tokens that auth issues.
 */
import { SignJWT, jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';
import { JWT_SECRET } from './config.ts';

const secret = new TextEncoder().encode(JWT_SECRET);

/** The claims PostgREST hands to Postgres as `request.jwt.claims`. */
export interface Claims extends JWTPayload {
  role: 'anon' | 'authenticated' | 'service_role';
  sub?: string;
  email?: string;
  session_id?: string;
  [key: string]: unknown;
}

export type TokenCheck =
  | { ok: true; claims: Claims }
  | { ok: false; reason: 'missing' | 'expired' | 'invalid' };

export async function signClaims(claims: Claims): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret);
}

export async function verifyToken(token: string | null | undefined): Promise<TokenCheck> {
  if (!token) return { ok: false, reason: 'missing' };
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    const role = payload.role;
    if (role !== 'anon' && role !== 'authenticated' && role !== 'service_role') {
      return { ok: false, reason: 'invalid' };
    }
    return { ok: true, claims: payload as Claims };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) return { ok: false, reason: 'expired' };
    return { ok: false, reason: 'invalid' };
  }
}

/** The bearer token of a request: `Authorization: Bearer …`, else the `apikey` header. */
export function bearerToken(headers: Record<string, string | string[] | undefined>): string | null {
  const auth = headers['authorization'];
  const value = Array.isArray(auth) ? auth[0] : auth;
  if (value && /^bearer\s+/i.test(value)) return value.replace(/^bearer\s+/i, '').trim();
  const apikey = headers['apikey'];
  const key = Array.isArray(apikey) ? apikey[0] : apikey;
  return key ?? null;
}
