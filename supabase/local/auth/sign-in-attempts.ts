/**
 * Slows password guessing: password sign-ins are recorded in auth.sign_in_attempts, and
 * after MAX_FAILURES failed attempts for one email within WINDOW_MINUTES (counted since
 * that email's last successful sign-in) further attempts are refused with 429 until the
 * window has passed. Unknown emails are counted too, so the answer reveals nothing.
 */
import type { Transaction } from '../db/database.ts';
import { AuthError } from './errors.ts';

export const MAX_FAILURES = 10;
export const WINDOW_MINUTES = 5;

export async function assertNotLockedOut(tx: Transaction, email: string): Promise<void> {
  const { rows } = await tx.query<{ failures: number }>(
    `select count(*)::int as failures from auth.sign_in_attempts a
     where lower(a.email) = lower($1) and not a.succeeded
       and a.created_at > now() - make_interval(mins => $2)
       and a.created_at > coalesce((select max(s.created_at) from auth.sign_in_attempts s
                                    where lower(s.email) = lower($1) and s.succeeded), '-infinity')`,
    [email, WINDOW_MINUTES],
  );
  if ((rows[0]?.failures ?? 0) >= MAX_FAILURES) {
    throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
  }
}

export async function recordAttempt(tx: Transaction, email: string, succeeded: boolean): Promise<void> {
  // Attempts older than the window no longer matter; keep the table small.
  await tx.query(
    'delete from auth.sign_in_attempts where lower(email) = lower($1) and created_at < now() - make_interval(mins => $2)',
    [email, WINDOW_MINUTES],
  );
  await tx.query('insert into auth.sign_in_attempts (email, succeeded) values ($1, $2)', [email, succeeded]);
}
