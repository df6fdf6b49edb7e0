/**
 * Signing and checking the HS256 JWTs that every service of the stack accepts: the
 * legacy anon/service_role keys and the access tokens that auth issues. The publishable
 * and secret API keys (not JWTs) stand for the anon and service_role roles, as the hosted
 * API gateway makes them, wherever a JWT is accepted, except at the Edge Functions
 * gateway's verify_jwt check, which takes JWTs only (`verifyJwt`).
 */
import { SignJWT, jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';
import { JWT_SECRET, PUBLISHABLE_KEY, SECRET_KEY } from './config.ts';

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

/** The claims an API key stands for (the legacy keys' issuer and expiry), or null. */
export function apiKeyClaims(key: string | null | undefined): Claims | null {
  if (key === PUBLISHABLE_KEY) return { iss: 'supabase-demo', role: 'anon', exp: 1983812996 };
  if (key === SECRET_KEY) return { iss: 'supabase-demo', role: 'service_role', exp: 1983812996 };
  return null;
}

/** A JWT of the stack, or one of its publishable/secret API keys. */
export async function verifyToken(token: string | null | undefined): Promise<TokenCheck> {
  const fromKey = apiKeyClaims(token);
  if (fromKey) return { ok: true, claims: fromKey };
  return verifyJwt(token);
}

/** A JWT signed by the stack, and nothing else. */
export async function verifyJwt(token: string | null | undefined): Promise<TokenCheck> {
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

/**
 * The bearer token of a request: `Authorization: Bearer …`, else the `apikey` header.
 * supabase-js sends a publishable/secret key in both (or, with `omitApiKeyAsBearer`, in
 * `apikey` only); a user's session token in Authorization wins over either.
 */
export function bearerToken(headers: Record<string, string | string[] | undefined>): string | null {
  const auth = headers['authorization'];
  const value = Array.isArray(auth) ? auth[0] : auth;
  if (value && /^bearer\s+/i.test(value)) return value.replace(/^bearer\s+/i, '').trim();
  const apikey = headers['apikey'];
  const key = Array.isArray(apikey) ? apikey[0] : apikey;
  return key ?? null;
}
