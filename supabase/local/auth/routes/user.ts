/**
 * GET /user and PUT /user: the signed-in user reads and updates itself (metadata, email,
 * password; setting the password is how an invited user finishes their account).
 */
import * as v from 'valibot';
import { requireUser } from '../caller.ts';
import { checkPasswordStrength, hashPassword, passwordMatches, validateEmail } from '../credentials.ts';
import { AuthError } from '../errors.ts';
import { metadataSchema, ok, parseBody, type Handler } from '../request.ts';
import { endSessions } from '../sessions.ts';
import { findUserById, mergeMetadata, userJson } from '../users.ts';
import { changeEmail } from './email-change.ts';

const UpdateBody = v.object({
  email: v.nullish(v.string()),
  phone: v.nullish(v.string()),
  password: v.nullish(v.string()),
  data: metadataSchema,
});

export const getUser: Handler = async ({ ctx, req }) => {
  const caller = await requireUser(ctx, req);
  return ok(await ctx.db.asOwner((tx) => userJson(tx, caller.user)));
};

export const updateUser: Handler = async ({ ctx, req }) => {
  const caller = await requireUser(ctx, req);
  const body = await parseBody(req, UpdateBody);
  if (body.phone) throw new AuthError(400, 'phone_provider_disabled', 'Phone logins are disabled');
  const email = body.email ? validateEmail(body.email) : null;
  let passwordHash: string | null = null;
  if (body.password != null) {
    checkPasswordStrength(body.password);
    if (await passwordMatches(body.password, caller.user.encrypted_password)) {
      throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
    }
    passwordHash = await hashPassword(body.password);
  }

  const json = await ctx.db.asOwner(async (tx) => {
    const id = caller.user.id;
    if (email && email !== caller.user.email?.toLowerCase()) await changeEmail(tx, id, email);
    if (passwordHash) {
      await tx.query('update auth.users set encrypted_password = $2 where id = $1', [id, passwordHash]);
      // As GoTrue does: a new password signs out every other session of the user.
      await endSessions(tx, id, 'others', caller.sessionId);
    }
    if (body.data) {
      await tx.query('update auth.users set raw_user_meta_data = $2 where id = $1', [
        id,
        mergeMetadata(caller.user.raw_user_meta_data, body.data),
      ]);
    }
    await tx.query('update auth.users set updated_at = now() where id = $1', [id]);
    return userJson(tx, (await findUserById(tx, id)) ?? caller.user);
  });
  return ok(json);
};
