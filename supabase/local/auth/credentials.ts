/**
 * Email and password rules as GoTrue applies them, and the bcrypt handling of
 * passwords: only bcrypt hashes (cost 10) are stored, and comparisons go through
 * bcryptjs so they take the same time whatever the input.
 */
import bcrypt from 'bcryptjs';
import { AuthError, validationFailed } from './errors.ts';

export const PASSWORD_MIN_LENGTH = 6;
/** bcrypt reads at most 72 bytes; GoTrue refuses longer passwords instead of truncating. */
export const PASSWORD_MAX_LENGTH = 72;
const BCRYPT_COST = 10;

/** The address rule of GoTrue's email check (checkmail's format), lower-cased as GoTrue stores it. */
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export function validateEmail(email: string | null | undefined): string {
  const trimmed = (email ?? '').trim();
  if (trimmed === '') throw validationFailed('An email address is required');
  if (trimmed.length > 255) throw validationFailed('An email address is too long');
  if (!EMAIL_PATTERN.test(trimmed)) throw validationFailed('Unable to validate email address: invalid format');
  return trimmed.toLowerCase();
}

/** GoTrue's strength check: 422 `weak_password` with the reasons auth-js exposes. */
export function checkPasswordStrength(password: string): void {
  if (Buffer.byteLength(password, 'utf8') > PASSWORD_MAX_LENGTH) {
    throw validationFailed(`Password cannot be longer than ${PASSWORD_MAX_LENGTH} characters`);
  }
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw new AuthError(422, 'weak_password', `Password should be at least ${PASSWORD_MIN_LENGTH} characters.`, {
      weak_password: { reasons: ['length'] },
    });
  }
}

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

// Compared against when the account has no password (or does not exist), so a refusal
// costs the same bcrypt work either way and timing does not reveal which accounts exist.
let dummyHash: Promise<string> | null = null;

export async function passwordMatches(password: string, hash: string | null | undefined): Promise<boolean> {
  if (!hash) {
    dummyHash ??= bcrypt.hash('local-stack-no-password', BCRYPT_COST);
    await bcrypt.compare(password, await dummyHash);
    return false;
  }
  return bcrypt.compare(password, hash);
}
