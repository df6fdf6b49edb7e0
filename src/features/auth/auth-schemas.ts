/**
 * The sign-in, sign-up and set-password forms' rules (valibot, used through
 * react-hook-form's resolver). The server has the last word; these catch typos early.
 */
import * as v from 'valibot';

export const PASSWORD_MIN_LENGTH = 8;

const email = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('Email is required'),
  v.email('Enter a valid email address'),
);

const newPassword = v.pipe(
  v.string(),
  v.nonEmpty('Password is required'),
  v.minLength(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`),
);

const confirmation = v.pipe(v.string(), v.nonEmpty('Confirm your password'));

const MISMATCH = 'Passwords do not match';

export const signInSchema = v.object({
  email,
  password: v.pipe(v.string(), v.nonEmpty('Password is required')),
});

const personName = (required: string) => v.pipe(v.string(), v.trim(), v.nonEmpty(required), v.maxLength(100, 'Use at most 100 characters'));

/** Sign-up asks for the person's name: the admin approving the sign-up sees who asks. */
export const signUpSchema = v.pipe(
  v.object({
    firstName: personName('First name is required'),
    lastName: personName('Last name is required'),
    email,
    password: newPassword,
    confirmPassword: confirmation,
  }),
  v.forward(
    v.partialCheck([['password'], ['confirmPassword']], (input) => input.password === input.confirmPassword, MISMATCH),
    ['confirmPassword'],
  ),
);

export const setPasswordSchema = v.pipe(
  v.object({ password: newPassword, confirmPassword: confirmation }),
  v.forward(
    v.partialCheck([['password'], ['confirmPassword']], (input) => input.password === input.confirmPassword, MISMATCH),
    ['confirmPassword'],
  ),
);

export type SignInValues = v.InferOutput<typeof signInSchema>;
export type SignUpValues = v.InferOutput<typeof signUpSchema>;
export type SetPasswordValues = v.InferOutput<typeof setPasswordSchema>;
