/** The data key kept between the pages of a session: same session, before its deadlines, never extractable. */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { KEPT_KEY_MAX_MS, KeptKeys } from './kept-key.ts';

const USER = '0b6c7a3e-1111-4000-8000-000000000001';
const NOW = Date.UTC(2026, 10, 29, 9, 0, 0);
const opened: KeptKeys[] = [];

function store(indexedDB = new IDBFactory()): KeptKeys {
  const keys = new KeptKeys({ indexedDB, IDBKeyRange });
  opened.push(keys);
  return keys;
}

const newKey = (extractable = false) => crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, extractable, ['encrypt', 'decrypt']) as Promise<CryptoKey>;

afterEach(() => opened.splice(0).forEach((keys) => keys.close()));

describe('the kept data key', () => {
  it('is taken back by another page of the same session (the same browser profile), still usable and still not extractable', async () => {
    const indexedDB = new IDBFactory();
    const key = await newKey();
    await store(indexedDB).keep(USER, 'session-a', key, NOW);
    const taken = await store(indexedDB).take(USER, 'session-a', { now: NOW + 60_000, notAfter: NOW + 15 * 60_000 });
    expect(taken).not.toBeNull();
    expect(taken!.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', taken!)).rejects.toThrow();
    const iv = new Uint8Array(12);
    const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode('Wilhelmina'));
    expect(new TextDecoder().decode(await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, taken!, sealed))).toBe('Wilhelmina');
  });

  it('is refused, and deleted, for another session, past the idle deadline or past its hard expiry', async () => {
    const keys = store();
    for (const [sessionId, now, notAfter] of [
      ['session-b', NOW + 1000, NOW + 60_000],
      ['session-a', NOW + 60_001, NOW + 60_000],
      ['session-a', NOW + KEPT_KEY_MAX_MS, NOW + KEPT_KEY_MAX_MS + 1],
    ] as const) {
      await keys.keep(USER, 'session-a', await newKey(), NOW);
      expect(await keys.take(USER, sessionId, { now, notAfter })).toBeNull();
      expect(await keys.has(USER)).toBe(false);
    }
  });

  it('is forgotten on request, and never keeps an extractable key', async () => {
    const keys = store();
    await keys.keep(USER, 'session-a', await newKey(), NOW);
    await keys.forget(USER);
    expect(await keys.take(USER, 'session-a', { now: NOW, notAfter: NOW + 1000 })).toBeNull();
    await expect(keys.keep(USER, 'session-a', await newKey(true), NOW)).rejects.toThrow('non-extractable');
    expect(await keys.has(USER)).toBe(false);
  });
});
