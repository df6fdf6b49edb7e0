import { describe, expect, it } from 'vitest';
import { createDataKey, isWrappedDataKey, unwrapDataKey } from './data-key.ts';

const USER = '0b6c7a3e-1111-4000-8000-000000000001';
const ITERATIONS = 1000;

async function roundTrip(key: CryptoKey, other: CryptoKey): Promise<string> {
  const iv = new Uint8Array(12);
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode('Wilhelmina'));
  return new TextDecoder().decode(await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, other, sealed));
}

describe('the data key', () => {
  it('is stored only wrapped, and the password unwraps the same key', async () => {
    const { key, record } = await createDataKey(USER, 'correct horse battery', ITERATIONS);
    expect(isWrappedDataKey(record)).toBe(true);
    expect(record.iterations).toBe(ITERATIONS);
    expect(key.extractable).toBe(false);
    const again = await unwrapDataKey(USER, 'correct horse battery', record);
    expect(again).not.toBeNull();
    expect(again!.extractable).toBe(false);
    expect(await roundTrip(key, again!)).toBe('Wilhelmina');
  });

  it('does not unwrap with another password, for another user, or when tampered with', async () => {
    const { record } = await createDataKey(USER, 'correct horse battery', ITERATIONS);
    expect(await unwrapDataKey(USER, 'Correct horse battery', record)).toBeNull();
    expect(await unwrapDataKey('another-user', 'correct horse battery', record)).toBeNull();
    const flipped = record.wrapped.startsWith('A') ? `B${record.wrapped.slice(1)}` : `A${record.wrapped.slice(1)}`;
    expect(await unwrapDataKey(USER, 'correct horse battery', { ...record, wrapped: flipped })).toBeNull();
  });

  it('uses PBKDF2 with 600,000 iterations and a fresh salt by default', async () => {
    const first = await createDataKey(USER, 'pw');
    const second = await createDataKey(USER, 'pw');
    expect(first.record.iterations).toBe(600_000);
    expect(first.record.salt).not.toBe(second.record.salt);
    expect(first.record.wrapped).not.toBe(second.record.wrapped);
  });
});
