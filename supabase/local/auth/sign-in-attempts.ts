/**
 * Slows password guessing at one account: password sign-ins are recorded in
 * auth.sign_in_attempts, and after MAX_FAILURES failed attempts for one email from one
 * address within WINDOW_MINUTES (counted since that pair's last successful sign-in),
 * further attempts for that email from that address are refused with 429 until the window
 * has passed. Per address, so nobody can lock an account out for its owner elsewhere;
 * guessing across many accounts from one address is what the per-address limit of /token
 * stops (rate-limits.ts). Unknown emails are counted too, so the answer reveals nothing.
 * An attempt is counted as failed from the moment it is let through (in the transaction
 * that checked the count), before the slow password check: a burst of parallel guesses
 * cannot all pass the check before any of them is recorded.
 */
import type { Transaction } from '../db/database.ts';
import { AuthError } from './errors.ts';

export const MAX_FAILURES = 10;
export const WINDOW_MINUTES = 5;

export async function assertNotLockedOut(tx: Transaction, email: string, address: string): Promise<void> {
  const { rows } = await tx.query<{ failures: number }>(
    `select count(*)::int as failures from auth.sign_in_attempts a
     where lower(a.email) = lower($1) and a.address = $3 and not a.succeeded
       and a.created_at > now() - make_interval(mins => $2)
       and a.created_at > coalesce((select max(s.created_at) from auth.sign_in_attempts s
                                    where lower(s.email) = lower($1) and s.address = $3 and s.succeeded), '-infinity')`,
    [email, WINDOW_MINUTES, address],
  );
  if ((rows[0]?.failures ?? 0) >= MAX_FAILURES) {
    throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
  }
}

/**
 * Check the limit and count this attempt as failed, in one transaction; answers the
 * attempt's id, for `settleAttempt` once the password has been checked.
 */
export async function beginAttempt(tx: Transaction, email: string, address: string): Promise<number> {
  await assertNotLockedOut(tx, email, address);
  // Attempts older than the window no longer matter; keep the table small.
  await tx.query(
    'delete from auth.sign_in_attempts where lower(email) = lower($1) and created_at < now() - make_interval(mins => $2)',
    [email, WINDOW_MINUTES],
  );
  const { rows } = await tx.query<{ id: number }>(
    'insert into auth.sign_in_attempts (email, address, succeeded) values ($1, $2, false) returning id::int as id',
    [email, address],
  );
  return rows[0]!.id;
}

/**
 * The right password: 'succeeded' starts the count over; 'void' (a banned or unconfirmed
 * account) counts the attempt neither way. A wrong password leaves it counted as failed.
 */
export async function settleAttempt(tx: Transaction, id: number, outcome: 'succeeded' | 'void'): Promise<void> {
  if (outcome === 'succeeded') await tx.query('update auth.sign_in_attempts set succeeded = true where id = $1', [id]);
  else await tx.query('delete from auth.sign_in_attempts where id = $1', [id]);
}
