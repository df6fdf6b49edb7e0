/**
 * POST /signup: email + password sign-up. The local stack autoconfirms, as
 * `supabase start` does by default, so the answer is a session.
 */
import * as v from 'valibot';
import { checkPasswordStrength, hashPassword, validateEmail } from '../credentials.ts';
import { AuthError } from '../errors.ts';
import { metadataSchema, ok, parseBody, type Handler } from '../request.ts';
import { issueSession } from '../sessions.ts';
import { findUserByEmail, findUserById, insertEmailUser, touchLastSignIn } from '../users.ts';
import { databaseError } from './database-error.ts';

const SignupBody = v.object({
  email: v.nullish(v.string()),
  phone: v.nullish(v.string()),
  password: v.nullish(v.string()),
  data: metadataSchema,
});

export const signup: Handler = async ({ ctx, req }) => {
  const body = await parseBody(req, SignupBody);
  if (body.phone && !body.email) throw new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled');
  const password = body.password ?? '';
  if (password === '') throw new AuthError(422, 'validation_failed', 'Signup requires a valid password');
  checkPasswordStrength(password);
  const email = validateEmail(body.email);
  const passwordHash = await hashPassword(password);

  const session = await ctx.db.asOwner(async (tx) => {
    // An invited (unconfirmed) address is taken too: it is claimed through its invite link.
    if (await findUserByEmail(tx, email)) throw new AuthError(422, 'user_already_exists', 'User already registered');
    const created = await databaseError('Database error saving new user', () =>
      insertEmailUser(tx, { email, passwordHash, userMetadata: body.data ?? {}, emailConfirmed: true }),
    );
    await touchLastSignIn(tx, created.id);
    const user = (await findUserById(tx, created.id)) ?? created;
    return issueSession(tx, ctx, user, 'password');
  });
  return ok(session);
};
