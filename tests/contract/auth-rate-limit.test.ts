/**
 * Contract of the failed sign-in limit: after 10 failed password sign-ins for one email
 * within 5 minutes, further attempts for that email are answered 429, even with the
 * right password; other emails are not affected, and a success starts the count over.
 * Unknown emails are limited the same way, another spelling of the email counts as the
 * same email, and a burst of parallel guesses gets no more than the 10 tries either.
 */
import { describe, expect, test } from 'vitest';
import { anonClient, signedInUser, uniqueEmail } from '../helpers/clients.ts';
import { rawAuth } from './auth-helpers.ts';

async function failSignIns(email: string, times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    const { error } = await anonClient().auth.signInWithPassword({ email, password: `wrong-${i}` });
    expect(error).toMatchObject({ status: 400, code: 'invalid_credentials' });
  }
}

// Each attempt pays a bcrypt comparison: on a busy 2-core machine that is up to ~1 s.
describe('failed sign-in limit', { timeout: 240_000 }, () => {
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
});
