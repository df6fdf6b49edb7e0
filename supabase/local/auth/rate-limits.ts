/**
 * Hosted GoTrue's per-address rate limits, for the endpoints that guess secrets:
 * - POST /token (the password and refresh_token grants share one bucket, GoTrue's
 *   `limiterOpts.Token`; `rate_limit.token_refresh`, 150 per 5 minutes by default);
 * - GET and POST /verify (`limiterOpts.Verify`; `rate_limit.token_verifications`, 30 per
 *   5 minutes): a six-digit invitation code cannot be guessed by trying them all.
 * Each is a token bucket per client address, as tollbooth keeps them in GoTrue: at most
 * 30 requests in a burst, refilled at the configured rate. Past it: 429
 * `over_request_rate_limit` "Request rate limit reached", GoTrue's answer.
 *
 * The address: GoTrue keys by the header its proxy sets (GOTRUE_RATE_LIMIT_HEADER), and
 * limits nothing when a request lacks it. The stack does the same when `header` is set
 * (tests that play several addresses send X-Forwarded-For); without one it keys by the
 * socket's address, since nothing stands in front of it.
 */
import type { IncomingMessage } from 'node:http';
import { AuthError } from './errors.ts';

export interface AuthRateLimitConfig {
  /** Password and refresh sign-ins per address per 5 minutes (GoTrue's token_refresh). */
  tokenPerFiveMinutes: number;
  /** /verify calls per address per 5 minutes (GoTrue's token_verifications). */
  verifyPerFiveMinutes: number;
  /** The header that carries the client's address (null: the socket's address). */
  header: string | null;
}

/** Hosted Supabase's defaults. */
export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimitConfig = { tokenPerFiveMinutes: 150, verifyPerFiveMinutes: 30, header: null };

/** tollbooth's burst in GoTrue (`SetBurst(30)`). */
export const BURST = 30;

export const rateLimited = (): AuthError => new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');

/** One token bucket per key: `burst` requests at once, refilled at `perFiveMinutes / 300` per second. */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly perMs: number;

  constructor(
    perFiveMinutes: number,
    private readonly burst = BURST,
    private readonly now: () => number = Date.now,
  ) {
    this.perMs = perFiveMinutes / 300_000;
  }

  /** Take one token for `key`; false when the bucket is empty (the request is refused). */
  take(key: string): boolean {
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    const tokens = Math.min(this.burst, bucket.tokens + (now - bucket.at) * this.perMs);
    if (this.buckets.size > 10_000) this.forgetFull(now);
    if (tokens < 1) {
      this.buckets.set(key, { tokens, at: now });
      return false;
    }
    this.buckets.set(key, { tokens: tokens - 1, at: now });
    return true;
  }

  /** Drop the buckets that have refilled (GoTrue's expire after an hour). */
  private forgetFull(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + (now - bucket.at) * this.perMs >= this.burst) this.buckets.delete(key);
    }
  }
}

/**
 * The client's address as the limits see it: the configured header's first entry (null
 * when the request lacks it: not limited, as in GoTrue), else the socket's address.
 */
export function limitKey(req: IncomingMessage, header: string | null): string | null {
  if (header) {
    const raw = req.headers[header.toLowerCase()];
    const value = (Array.isArray(raw) ? raw[0] : raw)?.split(',')[0]?.trim();
    return value ? value : null;
  }
  return req.socket.remoteAddress ?? 'unknown';
}

/** The address a sign-in attempt is recorded under (always one: the lockout applies to every attempt). */
export function attemptAddress(req: IncomingMessage, header: string | null): string {
  return limitKey(req, header) ?? req.socket.remoteAddress ?? 'unknown';
}

export interface AuthRateLimiter {
  /** Throws GoTrue's 429 when the request's address is over the limit of its endpoint. */
  check(req: IncomingMessage, path: string, url: URL): void;
}

const TOKEN_GRANTS = new Set(['password', 'refresh_token', 'pkce', 'id_token']);

export function createAuthRateLimiter(config: AuthRateLimitConfig): AuthRateLimiter {
  const token = new TokenBuckets(config.tokenPerFiveMinutes);
  const verify = new TokenBuckets(config.verifyPerFiveMinutes);
  return {
    check(req, path, url) {
      let buckets: TokenBuckets | null = null;
      if (path === '/token' && req.method === 'POST' && TOKEN_GRANTS.has(url.searchParams.get('grant_type') ?? '')) buckets = token;
      else if (path === '/verify' && (req.method === 'GET' || req.method === 'POST')) buckets = verify;
      if (!buckets) return;
      const key = limitKey(req, config.header);
      if (key !== null && !buckets.take(key)) throw rateLimited();
    },
  };
}
