/**
 * The lock's password check without the network (issue 25): a salted, slow hash of the
 * user's password kept on the device — WebCrypto PBKDF2 with HMAC-SHA-256 at OWASP's
 * current work factor (600,000 iterations, a 16-byte random salt, a 32-byte result) — and
 * never the password itself. Checking a guess costs the same slow derivation, so a stolen
 * device's store is no shortcut to the password.
 */

/** OWASP Password Storage Cheat Sheet: PBKDF2-HMAC-SHA256, 600,000 iterations. */
export const PBKDF2_ITERATIONS = 600_000;
const SALT_BYTES = 16;
const HASH_BITS = 256;

export interface PasswordVerifier {
  version: 1;
  algorithm: 'PBKDF2-SHA-256';
  iterations: number;
  /** base64 */
  salt: string;
  /** base64 */
  hash: string;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, HASH_BITS);
  return new Uint8Array(bits);
}

export async function createVerifier(password: string, iterations: number = PBKDF2_ITERATIONS): Promise<PasswordVerifier> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, salt, iterations);
  return { version: 1, algorithm: 'PBKDF2-SHA-256', iterations, salt: toBase64(salt), hash: toBase64(hash) };
}

/** Whether `password` is the one the verifier was made from (compared in constant time). */
export async function verifyPassword(verifier: PasswordVerifier, password: string): Promise<boolean> {
  const expected = fromBase64(verifier.hash);
  const actual = await derive(password, fromBase64(verifier.salt), verifier.iterations);
  if (actual.length !== expected.length) return false;
  let difference = 0;
  for (let i = 0; i < actual.length; i++) difference |= (actual[i] ?? 0) ^ (expected[i] ?? 0);
  return difference === 0;
}

export function isVerifier(value: unknown): value is PasswordVerifier {
  const candidate = value as Partial<PasswordVerifier> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    candidate.version === 1 &&
    candidate.algorithm === 'PBKDF2-SHA-256' &&
    typeof candidate.iterations === 'number' &&
    candidate.iterations >= 100_000 &&
    typeof candidate.salt === 'string' &&
    typeof candidate.hash === 'string'
  );
}
