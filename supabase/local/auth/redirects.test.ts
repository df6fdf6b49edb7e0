import { describe, expect, test } from 'vitest';
import { defaultConfig } from '../config.ts';
import type { StackContext } from '../context.ts';
import { resolveRedirect, withFragment } from './redirects.ts';

const ctx = { config: defaultConfig({ siteUrl: 'https://lab.example.org' }) } as StackContext;
const fallback = 'https://lab.example.org/auth/set-password';

describe('resolveRedirect', () => {
  test('follows the site URL’s origin and loopback hosts on any port', () => {
    expect(resolveRedirect(ctx, 'https://lab.example.org/welcome?x=1', fallback)).toBe('https://lab.example.org/welcome?x=1');
    expect(resolveRedirect(ctx, 'http://127.0.0.1:5173/auth/set-password', fallback)).toBe(
      'http://127.0.0.1:5173/auth/set-password',
    );
    expect(resolveRedirect(ctx, 'http://localhost:4173/', fallback)).toBe('http://localhost:4173/');
  });

  test('falls back for other sites, other schemes, garbage and nothing', () => {
    for (const requested of [
      'https://evil.example/steal',
      'https://lab.example.org.evil.example/',
      'http://lab.example.org/',
      'javascript:alert(1)',
      'not a url',
      '',
      null,
    ]) {
      expect(resolveRedirect(ctx, requested, fallback)).toBe(fallback);
    }
  });
});

describe('withFragment', () => {
  test('replaces the fragment with the values, keys sorted and form-encoded', () => {
    expect(
      withFragment('http://127.0.0.1:4173/auth/set-password?next=%2Fhome#old', {
        error_description: 'Email link is invalid or has expired',
        error: 'access_denied',
        error_code: 'otp_expired',
      }),
    ).toBe(
      'http://127.0.0.1:4173/auth/set-password?next=%2Fhome#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    );
  });
});
