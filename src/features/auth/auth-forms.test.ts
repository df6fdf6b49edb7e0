/** The auth forms' validation messages and where a signed-in user is sent. */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import type { User } from '../../lib/supabase.ts';
import { redirectAfterSignIn } from './auth-redirect.ts';
import { setPasswordSchema, signInSchema, signUpSchema } from './auth-schemas.ts';

/** The first message per field: what the form shows (the resolver aborts pipes early). */
const messages = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  if (result.success) return {};
  const nested = v.flatten(result.issues).nested ?? {};
  return Object.fromEntries(Object.entries(nested).map(([field, list]) => [field, list?.[0]]));
};

describe('auth form rules', () => {
  it('requires an email and a password to sign in', () => {
    expect(messages(signInSchema, { email: '', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(messages(signInSchema, { email: 'not-an-email', password: 'x' })).toEqual({ email: 'Enter a valid email address' });
    expect(v.parse(signInSchema, { email: '  staff@demo-lab.test ', password: 'x' }).email).toBe('staff@demo-lab.test');
  });

  it('asks for the person’s first and last name to sign up, so the approving admin sees who it is', () => {
    expect(messages(signUpSchema, { firstName: ' ', lastName: '', email: 'a@lab.test', password: 'long-enough', confirmPassword: 'long-enough' })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
    });
    expect(v.parse(signUpSchema, { firstName: ' Rosa ', lastName: 'Delgado', email: 'a@lab.test', password: 'long-enough', confirmPassword: 'long-enough' })).toMatchObject({
      firstName: 'Rosa',
      lastName: 'Delgado',
    });
  });

  it('asks for a long enough, confirmed password to sign up', () => {
    const named = { firstName: 'Rosa', lastName: 'Delgado' };
    expect(messages(signUpSchema, { ...named, email: 'a@lab.test', password: 'short', confirmPassword: 'short' })).toEqual({
      password: 'Use at least 8 characters',
    });
    expect(messages(signUpSchema, { ...named, email: 'a@lab.test', password: 'long-enough', confirmPassword: 'different' })).toEqual({
      confirmPassword: 'Passwords do not match',
    });
    expect(messages(setPasswordSchema, { password: 'long-enough', confirmPassword: '' })).toEqual({
      confirmPassword: 'Confirm your password',
    });
    expect(v.safeParse(setPasswordSchema, { password: 'long-enough', confirmPassword: 'long-enough' }).success).toBe(true);
  });
});

describe('redirectAfterSignIn', () => {
  const welcomed = { id: 'u', user_metadata: { welcomed_at: '2026-01-01' } } as unknown as User;
  const fresh = { id: 'u', user_metadata: {} } as unknown as User;

  it('returns to where the guard turned the user away', () => {
    expect(redirectAfterSignIn({ from: { pathname: '/providers/healthcare', search: '?q=ada', hash: '' } }, fresh)).toBe(
      '/providers/healthcare?q=ada',
    );
  });

  it('otherwise greets a new user once, then opens the dashboard', () => {
    expect(redirectAfterSignIn(null, fresh)).toBe('/welcome');
    expect(redirectAfterSignIn({}, welcomed)).toBe('/dashboard');
    expect(redirectAfterSignIn({ from: { pathname: '/auth/signin' } }, welcomed)).toBe('/dashboard');
    expect(redirectAfterSignIn({ from: { pathname: 'https://evil.example' } }, welcomed)).toBe('/dashboard');
  });
});
