/**
 * Tokens an attacker (or a stale device) might present, built from a real signed-in user's
 * access token: its signature kept under edited claims, expired, unsigned (alg none),
 * signed with the right secret but a role the stack does not know, and signed with another
 * secret. Each carries the answer every service is expected to give it.
 */
import { SignJWT } from 'jose';
import { JWT_SECRET } from '../../supabase/local/config.ts';

export interface HostileToken {
  name: string;
  token: string;
  /** PostgREST's 401 body for it. */
  rest: { code: string; message: string };
  /** Realtime's join refusal reason. */
  realtime: string | RegExp;
  /** GoTrue's GET /user answer. */
  auth: { status: number; code: string; message: string };
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
const now = () => Math.floor(Date.now() / 1000);

function sign(claims: Record<string, unknown>, secret: string): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(secret));
}

const BAD_SIGNATURE = { code: 'PGRST301', message: 'JWT cryptographic operation failed' };
const REALTIME_SIGNATURE = 'JwtSignatureError: Failed to validate JWT signature';
const AUTH_SIGNATURE = {
  status: 403,
  code: 'bad_jwt',
  message: 'invalid JWT: unable to parse or verify signature, token signature is invalid: signature is invalid',
};

/** The hostile variants of `accessToken` (a real, valid user access token). */
export async function hostileTokens(accessToken: string): Promise<HostileToken[]> {
  const [header = '', payload = '', signature = ''] = accessToken.split('.');
  const claims = decode(payload);
  const secret = process.env.SUPABASE_JWT_SECRET ?? JWT_SECRET;
  const elevated = { ...claims, role: 'service_role' };
  return [
    {
      name: 'tampered (role raised to service_role, signature kept)',
      token: `${header}.${encode(elevated)}.${signature}`,
      rest: BAD_SIGNATURE,
      realtime: REALTIME_SIGNATURE,
      auth: AUTH_SIGNATURE,
    },
    {
      name: 'tampered signature',
      token: `${header}.${payload}.${signature.slice(0, -6)}${signature.endsWith('AAAAAA') ? 'BBBBBB' : 'AAAAAA'}`,
      rest: BAD_SIGNATURE,
      realtime: REALTIME_SIGNATURE,
      auth: AUTH_SIGNATURE,
    },
    {
      name: 'expired',
      token: await sign({ ...claims, iat: now() - 7200, exp: now() - 3600 }, secret),
      rest: { code: 'PGRST303', message: 'JWT expired' },
      realtime: /^InvalidJWTToken: Token has expired 36\d\d seconds ago$/,
      auth: { ...AUTH_SIGNATURE, message: 'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired' },
    },
    {
      name: 'unsigned (alg none)',
      token: `${encode({ alg: 'none', typ: 'JWT' })}.${encode(elevated)}.`,
      rest: BAD_SIGNATURE,
      realtime: REALTIME_SIGNATURE,
      auth: AUTH_SIGNATURE,
    },
    {
      name: 'wrong role claim (postgres), rightly signed',
      token: await sign({ ...claims, role: 'postgres' }, secret),
      rest: BAD_SIGNATURE,
      realtime: REALTIME_SIGNATURE,
      auth: AUTH_SIGNATURE,
    },
    {
      name: 'signed with another secret',
      token: await sign(elevated, 'another-projects-secret-with-at-least-32-chars'),
      rest: BAD_SIGNATURE,
      realtime: REALTIME_SIGNATURE,
      auth: AUTH_SIGNATURE,
    },
  ];
}
