/**
 * POST /recover: what supabase-js's resetPasswordForEmail calls. As GoTrue: the answer is
 * the same empty 200 whether or not the address has an account (it reveals nothing); an
 * account gets a one-time recovery link in the stack's mailbox, at most once per
 * MAX_FREQUENCY_SECONDS (config.toml [auth.email] max_frequency), else 429.
 */
import * as v from 'valibot';
import { validateEmail } from '../credentials.ts';
import { AuthError } from '../errors.ts';
import { createRecoveryToken } from '../one-time-tokens.ts';
import { resolveRedirect } from '../redirects.ts';
import { ok, parseBody, type Handler } from '../request.ts';
import { findUserByEmail } from '../users.ts';
import { SET_PASSWORD_PATH } from './invite.ts';

const RecoverBody = v.object({ email: v.nullish(v.string()) });

export const MAX_FREQUENCY_SECONDS = 1;

export const recover: Handler = async ({ ctx, req, url }) => {
  const body = await parseBody(req, RecoverBody);
  const email = validateEmail(body.email);
  const redirectTo = resolveRedirect(ctx, url.searchParams.get('redirect_to'), `${ctx.config.siteUrl}${SET_PASSWORD_PATH}`);
  const tokenHash = await ctx.db.asOwner(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) return null;
    if (user.recovery_sent_at && Date.now() - user.recovery_sent_at.getTime() < MAX_FREQUENCY_SECONDS * 1000) {
      throw new AuthError(
        429,
        'over_email_send_rate_limit',
        `For security purposes, you can only request this after ${MAX_FREQUENCY_SECONDS} seconds.`,
      );
    }
    return createRecoveryToken(tx, user);
  });
  if (tokenHash) {
    const link = new URL(`${ctx.url}/auth/v1/verify`);
    link.searchParams.set('token', tokenHash);
    link.searchParams.set('type', 'recovery');
    link.searchParams.set('redirect_to', redirectTo);
    ctx.mailbox.send({ to: email, kind: 'recovery', link: link.href });
  }
  return ok({});
};
