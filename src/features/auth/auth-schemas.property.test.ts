// Property tests of the sign-in, sign-up and set-password rules with hostile input: parsing
// never throws, refusals carry only the forms' texts, and the password is passed on exactly
// as typed (never trimmed or altered) while the email is trimmed.
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { anyJson, hostileTextOrHuge } from '../../../tests/helpers/hostile-text.ts';
import { PASSWORD_MIN_LENGTH, setPasswordSchema, signInSchema, signUpSchema } from './auth-schemas.ts';

const KNOWN = ['First name is required', 'Last name is required', 'Email is required', 'Enter a valid email address', 'Password is required', `Use at least ${PASSWORD_MIN_LENGTH} characters`, 'Confirm your password', 'Passwords do not match'];
const email = fc.oneof(fc.emailAddress(), hostileTextOrHuge, fc.emailAddress().map((address) => `  ${address}\t`));

describe('auth schemas under hostile input', () => {
  it('sign-in passes any non-empty password untouched, with a trimmed email', () => {
    fc.assert(
      fc.property(email, hostileTextOrHuge, (address, password) => {
        const result = v.safeParse(signInSchema, { email: address, password });
        if (result.success) {
          expect(result.output).toEqual({ email: address.trim(), password });
          expect(password).not.toBe('');
        } else {
          for (const issue of result.issues) expect(KNOWN).toContain(issue.message);
        }
        if (password === '' || address.trim() === '') expect(result.success).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it('sign-up and set-password need matching passwords of the minimum length', () => {
    fc.assert(
      fc.property(email, hostileTextOrHuge, fc.oneof(hostileTextOrHuge, fc.constant(null)), (address, password, other) => {
        const confirmPassword = other ?? password;
        const setPassword = v.safeParse(setPasswordSchema, { password, confirmPassword });
        expect(setPassword.success).toBe(password.length >= PASSWORD_MIN_LENGTH && password === confirmPassword);
        const signUp = v.safeParse(signUpSchema, { firstName: 'Rosa', lastName: 'Delgado', email: address, password, confirmPassword });
        if (signUp.success) expect(signUp.output.password).toBe(password);
        else for (const issue of signUp.issues) expect(KNOWN).toContain(issue.message);
        if (!setPassword.success) expect(signUp.success).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses, without throwing, anything that is not a form', () => {
    fc.assert(
      fc.property(fc.oneof(anyJson, fc.dictionary(fc.constantFrom('email', 'password', 'confirmPassword'), anyJson)), (input) => {
        for (const schema of [signInSchema, signUpSchema, setPasswordSchema]) {
          const result = v.safeParse(schema, input);
          const strings = typeof input === 'object' && input !== null && !Array.isArray(input) && Object.values(input).every((value) => typeof value === 'string');
          if (!strings) expect(result.success).toBe(false);
        }
      }),
      { numRuns: 150 },
    );
  });
});
