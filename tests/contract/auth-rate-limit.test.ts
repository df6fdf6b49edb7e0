/**
 * Contract of the failed sign-in limit: after 10 failed password sign-ins for one email
 * within 5 minutes, further attempts for that email are answered 429, even with the
 * right password; other emails are not affected, and a success starts the count over.
 */
import { describe, expect, test } from 'vitest';
import { anonClient, signedInUser } from '../helpers/clients.ts';

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
});
