/**
 * POST /token: the password grant (sign-in, with the failed-attempt lockout per email and
 * address) and the refresh_token grant (rotation with reuse detection, see sessions.ts).
 * Both are under the per-address limit of rate-limits.ts, checked before this runs.
 */
import * as v from 'valibot';
import type { StackContext } from '../../context.ts';
import type { IncomingMessage } from 'node:http';
import { passwordMatches } from '../credentials.ts';
import { AuthError, invalidCredentials, validationFailed } from '../errors.ts';
import { ok, parseBody, type Handler, type Reply } from '../request.ts';
import { issueSession, rotateRefreshToken } from '../sessions.ts';
import { attemptAddress } from '../rate-limits.ts';
import { beginAttempt, settleAttempt } from '../sign-in-attempts.ts';
import { findUserByEmail, findUserById, isBanned, touchLastSignIn } from '../users.ts';

const PasswordBody = v.object({
  email: v.nullish(v.string()),
  phone: v.nullish(v.string()),
  password: v.nullish(v.string()),
});

const RefreshBody = v.object({ refresh_token: v.nullish(v.string()) });

export const token: Handler = async ({ ctx, req, url }) => {
  const grantType = url.searchParams.get('grant_type');
  if (grantType === 'password') return passwordGrant(ctx, req, attemptAddress(req, ctx.config.authRateLimits.header));
  if (grantType === 'refresh_token') return refreshGrant(ctx, req);
  throw validationFailed('unsupported_grant_type');
};

async function passwordGrant(ctx: StackContext, req: IncomingMessage, address: string): Promise<Reply> {
  const body = await parseBody(req, PasswordBody);
  if (!body.email) {
    if (body.phone) throw new AuthError(400, 'phone_provider_disabled', 'Phone logins are disabled');
    throw validationFailed('An email address is required');
  }
  const email = body.email.trim().toLowerCase();
  const { attempt, user } = await ctx.db.asOwner(async (tx) => ({
    attempt: await beginAttempt(tx, email, address),
    user: await findUserByEmail(tx, email),
  }));
  // As GoTrue: a banned account (deactivated by an admin) is told so before its password
  // is checked; the attempt counts neither way.
  if (user?.encrypted_password && isBanned(user)) {
    await ctx.db.asOwner((tx) => settleAttempt(tx, attempt, 'void'));
    throw new AuthError(400, 'user_banned', 'User is banned');
  }
  // bcrypt runs outside any transaction: PGlite has one connection for everyone. The
  // attempt already counts as failed; a wrong password leaves it so.
  if (!(await passwordMatches(body.password ?? '', user?.encrypted_password)) || !user) throw invalidCredentials();
  if (!user.email_confirmed_at) {
    await ctx.db.asOwner((tx) => settleAttempt(tx, attempt, 'void'));
    throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
  }

  const session = await ctx.db.asOwner(async (tx) => {
    await settleAttempt(tx, attempt, 'succeeded');
    await touchLastSignIn(tx, user.id);
    return issueSession(tx, ctx, (await findUserById(tx, user.id)) ?? user, 'password');
  });
  return ok(session);
}

async function refreshGrant(ctx: StackContext, req: IncomingMessage): Promise<Reply> {
  const body = await parseBody(req, RefreshBody);
  const refreshToken = body.refresh_token;
  if (!refreshToken) throw validationFailed('refresh_token required');
  const outcome = await ctx.db.asOwner((tx) => rotateRefreshToken(tx, ctx, refreshToken));
  if (outcome instanceof AuthError) throw outcome;
  return ok(outcome);
}
