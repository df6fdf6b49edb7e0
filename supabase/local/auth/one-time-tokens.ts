/**
 * Emailed one-time tokens (invite and password-recovery links), as GoTrue makes them: a
 * six-digit OTP and its hash sha224(email + otp), which is what the link carries and what
 * auth.one_time_tokens stores. A token is good once, for a day.
 */
import { createHash, randomInt } from 'node:crypto';
import type { Transaction } from '../db/database.ts';
import { validationFailed } from './errors.ts';
import type { AuthMethod } from './sessions.ts';
import type { UserRow } from './users.ts';

/** GoTrue's default mailer OTP lifetime. */
export const TOKEN_LIFETIME_HOURS = 24;

export type VerifyType = 'signup' | 'invite' | 'magiclink' | 'recovery' | 'email';

const VERIFY_TYPES: Record<VerifyType, { tokenTypes: string[]; method: AuthMethod }> = {
  signup: { tokenTypes: ['confirmation_token'], method: 'email/signup' },
  invite: { tokenTypes: ['confirmation_token'], method: 'invite' },
  magiclink: { tokenTypes: ['recovery_token'], method: 'magiclink' },
  recovery: { tokenTypes: ['recovery_token'], method: 'recovery' },
  email: { tokenTypes: ['confirmation_token', 'recovery_token'], method: 'otp' },
};

export function parseVerifyType(type: string | null | undefined): VerifyType {
  if (!type) throw validationFailed('Verify requires a verification type');
  if (!Object.hasOwn(VERIFY_TYPES, type)) throw validationFailed('Unsupported verification type');
  return type as VerifyType;
}

export const methodOf = (type: VerifyType): AuthMethod => VERIFY_TYPES[type].method;

export function tokenHashOf(email: string, otp: string): string {
  return createHash('sha224').update(email.toLowerCase() + otp).digest('hex');
}

function newTokenHash(user: UserRow): string {
  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
  return tokenHashOf(user.email ?? '', otp);
}

/** Store `tokenHash` as the user's one token of this type (replacing any earlier one). */
async function storeToken(tx: Transaction, user: UserRow, tokenType: 'confirmation_token' | 'recovery_token', tokenHash: string) {
  await tx.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = $2`, [user.id, tokenType]);
  await tx.query(`insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to) values ($1, $2, $3, $4)`, [
    user.id,
    tokenType,
    tokenHash,
    user.email ?? '',
  ]);
}

/** A fresh invite token for `user` (replacing any earlier one); returns the hash the link carries. */
export async function createInviteToken(tx: Transaction, user: UserRow): Promise<string> {
  const tokenHash = newTokenHash(user);
  await tx.query(
    `update auth.users set confirmation_token = $2, confirmation_sent_at = now(), invited_at = now(), updated_at = now()
     where id = $1`,
    [user.id, tokenHash],
  );
  await storeToken(tx, user, 'confirmation_token', tokenHash);
  return tokenHash;
}

/** A fresh password-recovery token for `user` (replacing any earlier one); returns the hash the link carries. */
export async function createRecoveryToken(tx: Transaction, user: UserRow): Promise<string> {
  const tokenHash = newTokenHash(user);
  await tx.query('update auth.users set recovery_token = $2, recovery_sent_at = now(), updated_at = now() where id = $1', [
    user.id,
    tokenHash,
  ]);
  await storeToken(tx, user, 'recovery_token', tokenHash);
  return tokenHash;
}

/** Use up a token of the given type; null when it is unknown, used, expired or of another type. */
export async function consumeToken(tx: Transaction, tokenHash: string, type: VerifyType): Promise<string | null> {
  const { rows } = await tx.query<{ user_id: string }>(
    `update auth.one_time_tokens set used_at = now()
     where token_hash = $1 and token_type = any($2::text[]) and used_at is null
       and created_at > now() - make_interval(hours => $3)
     returning user_id`,
    [tokenHash, VERIFY_TYPES[type].tokenTypes, TOKEN_LIFETIME_HOURS],
  );
  const userId = rows[0]?.user_id ?? null;
  if (userId) {
    await tx.query(
      `update auth.users set confirmation_token = case when confirmation_token = $2 then '' else confirmation_token end,
         recovery_token = case when recovery_token = $2 then '' else recovery_token end where id = $1`,
      [userId, tokenHash],
    );
  }
  return userId;
}
