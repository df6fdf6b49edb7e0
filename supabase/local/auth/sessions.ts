/**
 * Sessions, as GoTrue keeps them: one auth.sessions row per sign-in, a chain of
 * refresh tokens per session (each refresh revokes the token it used and issues its
 * child), and a short-lived HS256 access token carrying the session id. Reusing a
 * revoked refresh token is taken as theft: the whole session is revoked.
 */
import { randomBytes } from 'node:crypto';
import type { StackContext } from '../context.ts';
import type { Transaction } from '../db/database.ts';
import { signClaims, type Claims } from '../jwt.ts';
import { AuthError } from './errors.ts';
import { findUserById, isBanned, userJson, type UserRow } from './users.ts';

/** GoTrue's authentication methods (the `amr` claim). */
export type AuthMethod = 'password' | 'otp' | 'invite' | 'magiclink' | 'recovery' | 'email/signup';

export interface SessionJson {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
}

const newRefreshToken = (): string => randomBytes(24).toString('base64url');

/** Start a session for `user`: a session row, its amr entry and its first refresh token. */
export async function issueSession(
  tx: Transaction,
  ctx: StackContext,
  user: UserRow,
  method: AuthMethod,
): Promise<SessionJson> {
  const { rows } = await tx.query<{ id: string }>('insert into auth.sessions (user_id) values ($1) returning id', [user.id]);
  const sessionId = rows[0]?.id;
  if (!sessionId) throw new Error('insert into auth.sessions returned no row');
  await tx.query('insert into auth.mfa_amr_claims (session_id, authentication_method) values ($1, $2)', [
    sessionId,
    method,
  ]);
  const refreshToken = newRefreshToken();
  await tx.query('insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2, $3)', [
    refreshToken,
    user.id,
    sessionId,
  ]);
  return buildSession(tx, ctx, user, sessionId, refreshToken);
}

async function buildSession(
  tx: Transaction,
  ctx: StackContext,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
): Promise<SessionJson> {
  const { rows: amr } = await tx.query<{ method: string; timestamp: number }>(
    `select authentication_method as method, floor(extract(epoch from created_at))::int as timestamp
     from auth.mfa_amr_claims where session_id = $1 order by created_at desc`,
    [sessionId],
  );
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + ctx.config.jwtExpirySeconds;
  const claims: Claims = {
    iss: `${ctx.url}/auth/v1`,
    sub: user.id,
    aud: user.aud ?? 'authenticated',
    exp,
    iat,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: 'authenticated',
    aal: 'aal1',
    amr,
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  };
  return {
    access_token: await signClaims(claims),
    token_type: 'bearer',
    expires_in: ctx.config.jwtExpirySeconds,
    expires_at: exp,
    refresh_token: refreshToken,
    user: await userJson(tx, user),
  };
}

interface RefreshTokenRow {
  token: string;
  user_id: string;
  revoked: boolean;
  session_id: string | null;
  session_found: boolean;
  session_ended: boolean;
}

/**
 * The refresh_token grant. Returns the error instead of throwing it when the
 * transaction must still commit (the revocation after a reuse).
 */
export async function rotateRefreshToken(
  tx: Transaction,
  ctx: StackContext,
  token: string,
): Promise<SessionJson | AuthError> {
  const { rows } = await tx.query<RefreshTokenRow>(
    `select rt.token, rt.user_id, rt.revoked, rt.session_id, s.id is not null as session_found,
            coalesce(s.not_after <= now(), false) as session_ended
     from auth.refresh_tokens rt left join auth.sessions s on s.id = rt.session_id
     where rt.token = $1`,
    [token],
  );
  const row = rows[0];
  if (!row || !row.session_id || !row.session_found) {
    return new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  }
  // A rotated token whose child is still unused comes back from the same client, which did
  // not keep the answer of its refresh (see activeChildOf): as GoTrue does, that client gets
  // the child, not a theft alarm.
  const activeChild = row.revoked ? await activeChildOf(tx, token) : null;
  if (row.revoked && !activeChild) {
    // A revoked token comes back only if it was copied: end the session it belongs to.
    await revokeSession(tx, row.session_id);
    return new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
  }
  if (row.session_ended) return new AuthError(400, 'session_expired', 'Invalid Refresh Token: Session Expired');
  const user = await findUserById(tx, row.user_id);
  if (!user) return new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  if (isBanned(user)) return new AuthError(400, 'user_banned', 'Invalid Refresh Token: User Banned');
  if (activeChild) return buildSession(tx, ctx, user, row.session_id, activeChild);

  const child = newRefreshToken();
  await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1', [token]);
  await tx.query('insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)', [
    child,
    user.id,
    row.session_id,
    token,
  ]);
  await tx.query('update auth.sessions set updated_at = now() where id = $1', [row.session_id]);
  return buildSession(tx, ctx, user, row.session_id, child);
}

/** Revoke every refresh token of a session and end it, so its access tokens stop working too. */
async function revokeSession(tx: Transaction, sessionId: string): Promise<void> {
  await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked', [
    sessionId,
  ]);
  await tx.query(
    'update auth.sessions set not_after = now(), updated_at = now() where id = $1 and (not_after is null or not_after > now())',
    [sessionId],
  );
}

/** True while the session exists and has not been ended. */
export async function sessionIsActive(tx: Transaction, sessionId: string, userId: string): Promise<boolean> {
  const { rows } = await tx.query(
    'select 1 from auth.sessions where id = $1 and user_id = $2 and (not_after is null or not_after > now())',
    [sessionId, userId],
  );
  return rows.length > 0;
}

export type LogoutScope = 'global' | 'local' | 'others';

/** Sign out as GoTrue does: delete the sessions (their refresh tokens go with them). */
export async function endSessions(
  tx: Transaction,
  userId: string,
  scope: LogoutScope,
  currentSessionId: string | null,
): Promise<void> {
  if (scope === 'global') {
    await tx.query('delete from auth.sessions where user_id = $1', [userId]);
  } else if (scope === 'local') {
    if (currentSessionId) await tx.query('delete from auth.sessions where id = $1 and user_id = $2', [currentSessionId, userId]);
  } else {
    await tx.query('delete from auth.sessions where user_id = $1 and id is distinct from $2::uuid', [
      userId,
      currentSessionId,
    ]);
  }
}

/**
 * The session's currently active refresh token when it is the unused child of `token`. As in
 * GoTrue, the parent of the active token is accepted whenever it comes back (the client
 * could not store the answer of its refresh: two tabs racing, a reload while a refresh was
 * on its way, a browser killed before it wrote the new token to disk) and gets that child;
 * only a token whose child was used in turn is a copy.
 */
async function activeChildOf(tx: Transaction, token: string): Promise<string | null> {
  const { rows } = await tx.query<{ token: string }>(
    'select child.token from auth.refresh_tokens child where child.parent = $1 and not child.revoked',
    [token],
  );
  return rows[0]?.token ?? null;
}
