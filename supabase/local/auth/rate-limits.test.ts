/** The per-address token buckets of Auth's limits, with a fake clock: burst, refill, keys. */
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { AuthError } from './errors.ts';
import { attemptAddress, createAuthRateLimiter, limitKey, TokenBuckets } from './rate-limits.ts';

function request(headers: Record<string, string>, method = 'POST', remoteAddress = '127.0.0.1'): IncomingMessage {
  return { headers, method, socket: { remoteAddress } } as unknown as IncomingMessage;
}

describe('TokenBuckets', () => {
  it('allows a burst of 30 per key, then refills at the rate per five minutes', () => {
    let now = 0;
    const buckets = new TokenBuckets(150, 30, () => now);
    for (let i = 0; i < 30; i++) expect(buckets.take('a')).toBe(true);
    expect(buckets.take('a')).toBe(false);
    expect(buckets.take('b')).toBe(true);
    // 150 per 300 s is one every 2 s.
    now += 1_999;
    expect(buckets.take('a')).toBe(false);
    now += 2;
    expect(buckets.take('a')).toBe(true);
    expect(buckets.take('a')).toBe(false);
    // A long pause refills no more than the burst.
    now += 3_600_000;
    for (let i = 0; i < 30; i++) expect(buckets.take('a')).toBe(true);
    expect(buckets.take('a')).toBe(false);
  });
});

describe('the address a request is limited under', () => {
  it('is the socket address without a configured header', () => {
    expect(limitKey(request({ 'x-forwarded-for': '198.51.100.7' }), null)).toBe('127.0.0.1');
  });

  it("is the configured header's first entry, and nothing (no limit) when the header is missing, as in GoTrue", () => {
    expect(limitKey(request({ 'x-forwarded-for': '198.51.100.7, 10.0.0.1' }), 'X-Forwarded-For')).toBe('198.51.100.7');
    expect(limitKey(request({}), 'x-forwarded-for')).toBeNull();
    // The sign-in lockout always has an address.
    expect(attemptAddress(request({}), 'x-forwarded-for')).toBe('127.0.0.1');
  });
});

describe('createAuthRateLimiter', () => {
  const limiter = () => createAuthRateLimiter({ tokenPerFiveMinutes: 150, verifyPerFiveMinutes: 30, header: null });
  const check = (l: ReturnType<typeof limiter>, path: string, query = '', method = 'POST') =>
    l.check(request({}, method), path, new URL(`http://stack/auth/v1${path}${query}`));

  it('counts password and refresh grants in one bucket, and answers 429 over_request_rate_limit past it', () => {
    const l = limiter();
    for (let i = 0; i < 15; i++) check(l, '/token', '?grant_type=password');
    for (let i = 0; i < 15; i++) check(l, '/token', '?grant_type=refresh_token');
    let refusal: unknown = null;
    try {
      check(l, '/token', '?grant_type=password');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(AuthError);
    expect((refusal as AuthError).status).toBe(429);
    expect((refusal as AuthError).body()).toMatchObject({ code: 'over_request_rate_limit', message: 'Request rate limit reached' });
    // Other endpoints have their own bucket, or none.
    check(l, '/verify', '', 'GET');
    check(l, '/signup');
    check(l, '/token', '?grant_type=unsupported');
  });
});
