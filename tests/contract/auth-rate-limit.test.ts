/**
 * Contract of Auth's limits on guessing:
 * - the failed sign-in lockout: after 10 failed password sign-ins for one email from one
 *   address within 5 minutes, further attempts for that email from that address are
 *   answered 429, even with the right password; other emails are not affected, a success
 *   starts the count over, unknown emails are limited the same way, another spelling of
 *   the email counts as the same email, a burst of parallel guesses gets no more than the
 *   10 tries either — and the account's owner, elsewhere, is not locked out;
 * - hosted GoTrue's per-address limits: /token (sign-ins and refreshes share one bucket)
 *   and /verify allow a burst of 30 per address, then answer 429 over_request_rate_limit
 *   "Request rate limit reached", whatever the account (the test stack keys them by
 *   X-Forwarded-For, as GoTrue keys by its proxy's header; the refill is unit-tested).
 */
import { randomInt } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { anonClient, signedInUser, uniqueEmail } from '../helpers/clients.ts';
import { rawAuth } from './auth-helpers.ts';

/** A made-up client address (the IPv6 documentation prefix), a new one per call. */
function address(): string {
  return `2001:db8::${randomInt(0, 0xffff).toString(16)}:${randomInt(0, 0xffff).toString(16)}`;
}

function signInFrom(from: string, email: string, password: string): Promise<Response> {
  return rawAuth('/token?grant_type=password', {
    method: 'POST',
    headers: { 'X-Forwarded-For': from },
    body: JSON.stringify({ email, password }),
  });
}

const OVER_LIMIT = { code: 'over_request_rate_limit', error_code: 'over_request_rate_limit', message: 'Request rate limit reached', msg: 'Request rate limit reached' };

async function failSignIns(email: string, times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    const { error } = await anonClient().auth.signInWithPassword({ email, password: `wrong-${i}` });
    expect(error).toMatchObject({ status: 400, code: 'invalid_credentials' });
  }
}

// Each attempt pays a bcrypt comparison: on a busy 2-core machine that is up to ~1 s.
describe('failed sign-in lockout per email and address', { timeout: 240_000 }, () => {
  test('the 11th attempt after 10 failures is refused with 429, even with the right password', async () => {
    const victim = await signedInUser('ratelimit');
    const bystander = await signedInUser('ratelimit-other');
    await failSignIns(victim.email, 10);

    const { data, error } = await anonClient().auth.signInWithPassword({ email: victim.email, password: victim.password });
    expect(data.session).toBeNull();
    expect(error).toMatchObject({ status: 429, code: 'over_request_rate_limit', message: 'Request rate limit reached' });

    const other = await anonClient().auth.signInWithPassword({ email: bystander.email, password: bystander.password });
    expect(other.error).toBeNull();
  });

  test('a successful sign-in starts the count over', async () => {
    const user = await signedInUser('ratelimit-reset');
    await failSignIns(user.email, 9);
    expect((await anonClient().auth.signInWithPassword({ email: user.email, password: user.password })).error).toBeNull();
    await failSignIns(user.email, 9);
    const { error } = await anonClient().auth.signInWithPassword({ email: user.email, password: user.password });
    expect(error).toBeNull();
  });

  test('an unknown email is limited the same way, with GoTrue\'s 429 body', async () => {
    const email = uniqueEmail('ratelimit-unknown');
    await failSignIns(email, 10);
    const answer = await rawAuth('/token?grant_type=password', { method: 'POST', body: JSON.stringify({ email, password: 'x' }) });
    expect(answer.status).toBe(429);
    expect(await answer.json()).toMatchObject({ code: 'over_request_rate_limit', error_code: 'over_request_rate_limit', msg: 'Request rate limit reached' });
  });

  test('another spelling of the email (case, spaces) counts as the same email', async () => {
    const user = await signedInUser('ratelimit-case');
    const spellings = [user.email.toUpperCase(), ` ${user.email} `, user.email.replace(/^./, (c) => c.toUpperCase())];
    for (let i = 0; i < 10; i++) {
      const { error } = await anonClient().auth.signInWithPassword({ email: spellings[i % spellings.length]!, password: `wrong-${i}` });
      expect(error).toMatchObject({ status: 400, code: 'invalid_credentials' });
    }
    const { error } = await anonClient().auth.signInWithPassword({ email: user.email, password: user.password });
    expect(error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
  });

  test('a burst of parallel guesses gets no more than 10 answers before the 429s', async () => {
    const user = await signedInUser('ratelimit-burst');
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => anonClient().auth.signInWithPassword({ email: user.email, password: `guess-${i}` })),
    );
    const statuses = answers.map(({ error }) => error?.status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(14);
  });

  test('locks the guesser\'s address out, not the account\'s owner signing in from elsewhere', async () => {
    const user = await signedInUser('ratelimit-owner');
    const attacker = address();
    for (let i = 0; i < 10; i++) expect((await signInFrom(attacker, user.email, `wrong-${i}`)).status).toBe(400);
    const locked = await signInFrom(attacker, user.email, user.password);
    expect([locked.status, await locked.json()]).toEqual([429, expect.objectContaining(OVER_LIMIT)]);
    expect((await signInFrom(address(), user.email, user.password)).status).toBe(200);
  });
});

describe("GoTrue's per-address limits", { timeout: 120_000 }, () => {
  test('sign-ins and refreshes from one address share a burst of 30; the next sign-in is 429, another address is not limited', async () => {
    const user = await signedInUser('ratelimit-address');
    const from = address();
    for (let i = 0; i < 30; i++) {
      const refresh = await rawAuth('/token?grant_type=refresh_token', {
        method: 'POST',
        headers: { 'X-Forwarded-For': from },
        body: JSON.stringify({ refresh_token: `not-a-token-${i}` }),
      });
      expect(refresh.status).toBe(400);
    }
    // Any account, even with the right password: the address has used its burst.
    const limited = await signInFrom(from, user.email, user.password);
    expect([limited.status, await limited.json()]).toEqual([429, expect.objectContaining(OVER_LIMIT)]);
    expect((await signInFrom(address(), user.email, user.password)).status).toBe(200);
  });

  test('/verify allows 30 guesses of a code per address, then 429 (the link as well as verifyOtp)', async () => {
    const from = address();
    const email = uniqueEmail('ratelimit-verify');
    for (let i = 0; i < 30; i++) {
      const guess = await rawAuth('/verify', {
        method: 'POST',
        headers: { 'X-Forwarded-For': from },
        body: JSON.stringify({ type: 'invite', email, token: String(100000 + i) }),
      });
      expect(guess.status).toBe(403);
    }
    const limited = await rawAuth('/verify', {
      method: 'POST',
      headers: { 'X-Forwarded-For': from },
      body: JSON.stringify({ type: 'invite', email, token: '999999' }),
    });
    expect([limited.status, await limited.json()]).toEqual([429, expect.objectContaining(OVER_LIMIT)]);
    const link = await rawAuth('/verify?type=invite&token=abc', { headers: { 'X-Forwarded-For': from }, redirect: 'manual' });
    expect(link.status).toBe(429);
    const elsewhere = await rawAuth('/verify', {
      method: 'POST',
      headers: { 'X-Forwarded-For': address() },
      body: JSON.stringify({ type: 'invite', email, token: '999999' }),
    });
    expect(elsewhere.status).toBe(403);
  });
});
