/**
 * POST /invite (service_role only): creates the user without a password, or re-invites
 * one who has not accepted yet, and "mails" the one-time link to the stack's mailbox.
 */
import * as v from 'valibot';
import { requireAdmin } from '../caller.ts';
import { validateEmail } from '../credentials.ts';
import { AuthError } from '../errors.ts';
import { createInviteToken } from '../one-time-tokens.ts';
import { resolveRedirect } from '../redirects.ts';
import { metadataSchema, ok, parseBody, type Handler } from '../request.ts';
import { findUserByEmail, findUserById, insertEmailUser, userJson } from '../users.ts';
import { databaseError } from './database-error.ts';
import { DUPLICATE_EMAIL } from './email-change.ts';

const InviteBody = v.object({ email: v.nullish(v.string()), data: metadataSchema });

/** Where an accepted invite lands when the caller names no (allowed) redirect. */
export const SET_PASSWORD_PATH = '/auth/set-password';

export const invite: Handler = async ({ ctx, req, url }) => {
  await requireAdmin(req);
  const body = await parseBody(req, InviteBody);
  const email = validateEmail(body.email);
  const redirectTo = resolveRedirect(ctx, url.searchParams.get('redirect_to'), `${ctx.config.siteUrl}${SET_PASSWORD_PATH}`);

  const { json, tokenHash } = await ctx.db.asOwner(async (tx) => {
    let user = await findUserByEmail(tx, email);
    if (user?.email_confirmed_at) throw new AuthError(422, 'email_exists', DUPLICATE_EMAIL);
    if (!user) {
      const created = await databaseError('Database error saving new user', () =>
        insertEmailUser(tx, { email, passwordHash: null, userMetadata: body.data ?? {}, emailConfirmed: false }),
      );
      user = created;
    }
    const hash = await createInviteToken(tx, user);
    return { json: await userJson(tx, (await findUserById(tx, user.id)) ?? user), tokenHash: hash };
  });

  const link = new URL(`${ctx.url}/auth/v1/verify`);
  link.searchParams.set('token', tokenHash);
  link.searchParams.set('type', 'invite');
  link.searchParams.set('redirect_to', redirectTo);
  ctx.mailbox.send({ to: email, kind: 'invite', link: link.href });
  return ok(json);
};
