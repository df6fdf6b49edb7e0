/**
 * Changing a user's email, shared by PUT /user and the admin update. With autoconfirm
 * (the local stack's setting) GoTrue applies the change at once, on the user and on
 * the email identity.
 */
import type { Transaction } from '../../db/database.ts';
import { AuthError } from '../errors.ts';
import { findUserByEmail } from '../users.ts';

export const DUPLICATE_EMAIL = 'A user with this email address has already been registered';

export async function changeEmail(tx: Transaction, userId: string, email: string): Promise<void> {
  const other = await findUserByEmail(tx, email);
  if (other && other.id !== userId) throw new AuthError(422, 'email_exists', DUPLICATE_EMAIL);
  await tx.query('update auth.users set email = $2, updated_at = now() where id = $1', [userId, email]);
  await tx.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [userId, email],
  );
}
