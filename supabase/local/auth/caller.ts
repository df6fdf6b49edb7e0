/**
 * Who is calling: GoTrue's requireAuthentication (a user's access token whose user and
 * session still exist) and requireAdminCredentials (a service_role token). Only the
 * Authorization header counts, as in GoTrue; the `apikey` header is not a bearer.
 */
import type { IncomingMessage } from 'node:http';
import type { StackContext } from '../context.ts';
import { verifyToken, type Claims } from '../jwt.ts';
import { AuthError } from './errors.ts';
import { sessionIsActive } from './sessions.ts';
import { findUserById, isBanned, isUuid, type UserRow } from './users.ts';

export interface Caller {
  claims: Claims;
  user: UserRow;
  /** The `session_id` claim, when the token has one. */
  sessionId: string | null;
}

const NIL_UUID = '00000000-0000-0000-0000-000000000000';
const BAD_SIGNATURE = 'invalid JWT: unable to parse or verify signature, ';

async function verifiedClaims(req: IncomingMessage): Promise<Claims> {
  const header = req.headers['authorization'];
  const match = /^bearer\s+(\S+)\s*$/i.exec(Array.isArray(header) ? (header[0] ?? '') : (header ?? ''));
  if (!match?.[1]) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  const check = await verifyToken(match[1]);
  if (check.ok) return check.claims;
  throw new AuthError(
    403,
    'bad_jwt',
    BAD_SIGNATURE +
      (check.reason === 'expired' ? 'token has invalid claims: token is expired' : 'token signature is invalid: signature is invalid'),
  );
}

export async function requireUser(ctx: StackContext, req: IncomingMessage): Promise<Caller> {
  const claims = await verifiedClaims(req);
  const sub = typeof claims.sub === 'string' ? claims.sub : '';
  if (sub === '') throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
  if (!isUuid(sub)) throw new AuthError(400, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
  const rawSession = typeof claims.session_id === 'string' ? claims.session_id : '';
  const sessionId = rawSession !== '' && rawSession !== NIL_UUID ? rawSession : null;
  if (sessionId && !isUuid(sessionId)) {
    throw new AuthError(403, 'bad_jwt', 'invalid claim: session_id claim must be a UUID');
  }
  return ctx.db.asOwner(async (tx) => {
    const user = await findUserById(tx, sub);
    if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    // GoTrue's requireAuthentication: a banned user's access token, issued before the ban,
    // no longer reads or changes the account.
    if (isBanned(user)) throw new AuthError(403, 'user_banned', 'User is banned');
    if (sessionId && !(await sessionIsActive(tx, sessionId, user.id))) {
      throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    }
    return { claims, user, sessionId };
  });
}

export async function requireAdmin(req: IncomingMessage): Promise<Claims> {
  const claims = await verifiedClaims(req);
  if (claims.role !== 'service_role') throw new AuthError(403, 'not_admin', 'User not allowed');
  return claims;
}
