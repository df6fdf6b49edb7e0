/**
 * /verify: a one-time token from an emailed link becomes a session. GET is the link the
 * browser opens (303 to redirect_to with the session, or the error, in the fragment);
 * POST is supabase-js's verifyOtp (200 session, or 403 otp_expired).
 */
import * as v from 'valibot';
import type { StackContext } from '../../context.ts';
import { validateEmail } from '../credentials.ts';
import { AuthError, validationFailed } from '../errors.ts';
import { consumeToken, methodOf, parseVerifyType, tokenHashOf, type VerifyType } from '../one-time-tokens.ts';
import { resolveRedirect, withFragment } from '../redirects.ts';
import { ok, parseBody, redirect, type Handler } from '../request.ts';
import { issueSession, type SessionJson } from '../sessions.ts';
import { confirmEmail, findUserById, isBanned, touchLastSignIn } from '../users.ts';

const VerifyBody = v.object({
  type: v.nullish(v.string()),
  token: v.nullish(v.string()),
  token_hash: v.nullish(v.string()),
  email: v.nullish(v.string()),
});

/**
 * Use the token and start a session; null when the token is not (or no longer) valid. A
 * banned (deactivated) user's link is refused as GoTrue does, and stays unused.
 */
function verifyToken(ctx: StackContext, tokenHash: string, type: VerifyType): Promise<SessionJson | null> {
  return ctx.db.asOwner(async (tx) => {
    const userId = await consumeToken(tx, tokenHash, type);
    if (!userId) return null;
    const banned = await findUserById(tx, userId);
    if (banned && isBanned(banned)) throw new AuthError(403, 'user_banned', 'User is banned');
    await confirmEmail(tx, userId);
    await touchLastSignIn(tx, userId);
    const user = await findUserById(tx, userId);
    return user ? issueSession(tx, ctx, user, methodOf(type)) : null;
  });
}

export const verifyLink: Handler = async ({ ctx, url }) => {
  const type = parseVerifyType(url.searchParams.get('type'));
  const token = url.searchParams.get('token');
  if (!token) throw validationFailed('Verify requires a token or a token hash');
  const redirectTo = resolveRedirect(ctx, url.searchParams.get('redirect_to'), ctx.config.siteUrl);
  let session: SessionJson | null;
  try {
    session = await verifyToken(ctx, token, type);
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    return redirect(withFragment(redirectTo, { error: 'access_denied', error_code: error.code, error_description: error.message }));
  }
  if (!session) {
    return redirect(
      withFragment(redirectTo, {
        error: 'access_denied',
        error_code: 'otp_expired',
        error_description: 'Email link is invalid or has expired',
      }),
    );
  }
  return redirect(
    withFragment(redirectTo, {
      access_token: session.access_token,
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: session.refresh_token,
      token_type: session.token_type,
      type,
    }),
  );
};

export const verifyOtp: Handler = async ({ ctx, req }) => {
  const body = await parseBody(req, VerifyBody);
  const type = parseVerifyType(body.type);
  let tokenHash: string;
  if (body.token_hash) tokenHash = body.token_hash;
  else if (body.token && body.email) tokenHash = tokenHashOf(validateEmail(body.email), body.token);
  else throw validationFailed('Verify requires either a token or a token hash');
  const session = await verifyToken(ctx, tokenHash, type);
  if (!session) throw new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
  return ok(session);
};
