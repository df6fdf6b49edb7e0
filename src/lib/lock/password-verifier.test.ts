import { describe, expect, it } from 'vitest';
import { createVerifier, isVerifier, PBKDF2_ITERATIONS, verifyPassword } from './password-verifier.ts';

describe('the lock password verifier', () => {
  it('is a salted PBKDF2-SHA-256 hash at OWASP work factor, never the password', async () => {
    const verifier = await createVerifier('correct horse battery');
    expect(verifier).toMatchObject({ version: 1, algorithm: 'PBKDF2-SHA-256', iterations: PBKDF2_ITERATIONS });
    expect(PBKDF2_ITERATIONS).toBeGreaterThanOrEqual(600_000);
    expect(JSON.stringify(verifier)).not.toContain('correct horse');
    expect(atob(verifier.salt)).toHaveLength(16);
    expect(isVerifier(verifier)).toBe(true);
    // Another salt each time: the same password gives another hash.
    expect((await createVerifier('correct horse battery', 100_000)).hash).not.toBe(verifier.hash);
  });

  it('accepts the password and refuses anything else', async () => {
    const verifier = await createVerifier('s3cret-Passw0rd', 100_000);
    expect(await verifyPassword(verifier, 's3cret-Passw0rd')).toBe(true);
    expect(await verifyPassword(verifier, 's3cret-passw0rd')).toBe(false);
    expect(await verifyPassword(verifier, '')).toBe(false);
  });

  it('refuses a stored value that is not a verifier, or too weak a one', () => {
    expect(isVerifier(null)).toBe(false);
    expect(isVerifier({ version: 1, algorithm: 'PBKDF2-SHA-256', iterations: 1000, salt: 'a', hash: 'b' })).toBe(false);
  });
});
