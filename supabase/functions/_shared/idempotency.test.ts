import { describe, expect, it } from 'vitest';
import { sha256Hex, stableStringify, storageKey } from './idempotency.ts';

describe('stableStringify', () => {
  it('ignores key order at every depth', () => {
    expect(stableStringify({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } })).toBe(
      stableStringify({ a: { c: null, d: [1, { x: 1, y: 2 }] }, b: 1 }),
    );
    expect(stableStringify({ b: 1, a: 2 })).toBe('{"a":2,"b":1}');
  });

  it('keeps values apart that differ', () => {
    expect(stableStringify({ npi: '1234567893', skip_db_update: true })).not.toBe(
      stableStringify({ npi: '1234567893', skip_db_update: false }),
    );
  });

  it('drops undefined fields as JSON does', () => {
    expect(stableStringify({ a: 1, b: undefined })).toBe('{"a":1}');
  });
});

describe('sha256Hex', () => {
  it('is the SHA-256 of the text', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('storageKey', () => {
  it('scopes a client key to the function and the caller', () => {
    expect(storageKey('verify-pecos', 'u1', 'k')).toBe('verify-pecos:u1:k');
    expect(storageKey('verify-pecos', 'u2', 'k')).not.toBe(storageKey('verify-pecos', 'u1', 'k'));
  });
});
