import { describe, expect, test } from 'vitest';
import { checkPasswordStrength, hashPassword, passwordMatches, validateEmail } from './credentials.ts';
import { AuthError } from './errors.ts';

function caught(fn: () => unknown): AuthError {
  try {
    fn();
  } catch (error) {
    if (error instanceof AuthError) return error;
    throw error;
  }
  throw new Error('expected an AuthError');
}

describe('validateEmail', () => {
  test('trims and lower-cases a valid address', () => {
    expect(validateEmail('  Dana.Whitaker+lab@Demo-Lab.TEST ')).toBe('dana.whitaker+lab@demo-lab.test');
  });

  test('refuses missing, malformed and overlong addresses with GoTrue’s messages', () => {
    expect(caught(() => validateEmail(undefined)).body()).toMatchObject({
      code: 'validation_failed',
      message: 'An email address is required',
    });
    for (const bad of ['plain', 'a@', '@b.test', 'a b@c.test', 'a@-b.test']) {
      expect(caught(() => validateEmail(bad)).message).toBe('Unable to validate email address: invalid format');
    }
    expect(caught(() => validateEmail(`${'a'.repeat(250)}@b.test`)).message).toBe('An email address is too long');
  });
});

describe('checkPasswordStrength', () => {
  test('a short password is weak, with the reason auth-js exposes', () => {
    const error = caught(() => checkPasswordStrength('12345'));
    expect(error.status).toBe(422);
    expect(error.body()).toMatchObject({
      code: 'weak_password',
      message: 'Password should be at least 6 characters.',
      weak_password: { reasons: ['length'] },
    });
    expect(() => checkPasswordStrength('123456')).not.toThrow();
  });

  test('a password bcrypt would truncate is refused', () => {
    expect(caught(() => checkPasswordStrength('x'.repeat(73))).message).toBe('Password cannot be longer than 72 characters');
  });
});

describe('password hashes', () => {
  test('stores bcrypt cost 10 and matches only the right password', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^\$2[aby]\$10\$/);
    expect(await passwordMatches('correct horse', hash)).toBe(true);
    expect(await passwordMatches('wrong horse', hash)).toBe(false);
    expect(await passwordMatches('anything', null)).toBe(false);
  });
});
