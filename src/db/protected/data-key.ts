/**
 * The key that seals protected documents on this device, and how it is kept.
 *
 * A random 256-bit data key is made on the device the first time the user signs in there.
 * What the device stores is that key encrypted (AES-GCM) under a key derived from the
 * user's password with PBKDF2-SHA-256 (600,000 iterations, OWASP's figure for it, a random
 * 16-byte salt), bound to the user's id: the data key itself is never stored in plaintext,
 * and without the password the stored record opens nothing. At sign-in and at unlock the
 * password unwraps it into a non-extractable CryptoKey, held only in memory (key-vault in
 * src/db/index.ts) until the tab closes, the user signs out, or another user starts.
 *
 * A wrong password fails AES-GCM's authentication, so unwrapping is also the offline check
 * of the password for patient data. Changing the password elsewhere leaves the record under
 * the old one: the next server-verified sign-in makes a new key (protected-unlock.ts says
 * when the old data may go).
 */
import { fromBase64, toBase64 } from './base64.ts';

export const PBKDF2_ITERATIONS = 600_000;
const SALT_BYTES = 16;
const IV_BYTES = 12;
const KEY_BYTES = 32;

/** What the device keeps: nothing here opens without the password. */
export interface WrappedDataKey {
  version: 1;
  /** base64 */
  salt: string;
  iterations: number;
  /** base64 */
  iv: string;
  /** base64: the data key encrypted with the password-derived key */
  wrapped: string;
}

const encoder = new TextEncoder();

/** Binds a wrapped key to its user: a record copied to another user's slot does not open. */
const additionalData = (userId: string) => encoder.encode(`labdir-data-key|${userId}`);

async function passwordKey(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', encoder.encode(password), 'PBKDF2', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'unwrapKey'],
  );
}

const DATA_KEY_USAGES: KeyUsage[] = ['encrypt', 'decrypt'];

/** A new data key for the user, and its record wrapped under the password. */
export async function createDataKey(
  userId: string,
  password: string,
  iterations: number = PBKDF2_ITERATIONS,
): Promise<{ key: CryptoKey; record: WrappedDataKey }> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const raw = crypto.getRandomValues(new Uint8Array(KEY_BYTES));
  try {
    const wrapping = await passwordKey(password, salt, iterations);
    const wrapped = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: additionalData(userId) }, wrapping, raw);
    const key = await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, DATA_KEY_USAGES);
    return { key, record: { version: 1, salt: toBase64(salt), iterations, iv: toBase64(iv), wrapped: toBase64(new Uint8Array(wrapped)) } };
  } finally {
    raw.fill(0);
  }
}

/** The data key, or null when the password is not the one the record was wrapped with. */
export async function unwrapDataKey(userId: string, password: string, record: WrappedDataKey): Promise<CryptoKey | null> {
  const wrapping = await passwordKey(password, fromBase64(record.salt), record.iterations);
  try {
    return await crypto.subtle.unwrapKey(
      'raw',
      fromBase64(record.wrapped),
      wrapping,
      { name: 'AES-GCM', iv: fromBase64(record.iv), additionalData: additionalData(userId) },
      'AES-GCM',
      false,
      DATA_KEY_USAGES,
    );
  } catch {
    return null;
  }
}

export function isWrappedDataKey(value: unknown): value is WrappedDataKey {
  const record = value as Partial<WrappedDataKey> | null;
  return (
    !!record &&
    record.version === 1 &&
    typeof record.salt === 'string' &&
    typeof record.iv === 'string' &&
    typeof record.wrapped === 'string' &&
    typeof record.iterations === 'number' &&
    record.iterations > 0
  );
}
