import { afterEach, describe, expect, it } from 'vitest';
import type { KeyValueStorage } from '../../stores/session-types.ts';
import { createLockStore, MAX_FAILURES } from './lock-store.ts';
import { LOCK_KEY_PREFIX, readVerifier } from './lock-storage.ts';

function memoryStorage(): KeyValueStorage & { keys(): string[] } {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
    keys: () => [...values.keys()],
  };
}

const heard: Array<[string, string]> = [];
const announce = (userId: string, password: string) => void heard.push([userId, password]);
const setup = (storage = memoryStorage()) => ({ storage, store: createLockStore({ storage, iterations: 100_000, announce }) });
afterEach(() => void heard.splice(0));

describe('the automatic lock', () => {
  it('remembers a checked password as a verifier only, and announces the one accepted at unlock', async () => {
    const { storage, store } = setup();
    store.getState().attach('u1');
    await store.getState().remember('u1', 'Pw-for-unlock-1');
    expect(readVerifier(storage, 'u1')).not.toBeNull();
    store.getState().lock();
    expect(await store.getState().unlock('Pw-for-unlock-1')).toBe('unlocked');
    expect(heard).toEqual([['u1', 'Pw-for-unlock-1']]);
    expect(storage.keys().map((key) => storage.getItem(key)).join('')).not.toContain('Pw-for-unlock-1');
  });

  it('stays locked across a reload and in every tab, and unlocks with the password offline', async () => {
    const { storage, store } = setup();
    store.getState().attach('u1');
    await store.getState().remember('u1', 'Pw-for-unlock-1');
    store.getState().lock();
    expect(store.getState().locked).toBe(true);

    const reloaded = createLockStore({ storage, iterations: 100_000 });
    reloaded.getState().attach('u1');
    expect(reloaded.getState().locked).toBe(true);
    expect(await reloaded.getState().unlock('Pw-for-unlock-1')).toBe('unlocked');
    expect(reloaded.getState()).toMatchObject({ locked: false, failures: 0 });
    store.getState().reload();
    expect(store.getState().locked).toBe(false);
  });

  it(`takes ${MAX_FAILURES} wrong passwords, then no more: the user must sign out`, async () => {
    const { store } = setup();
    store.getState().attach('u1');
    await store.getState().remember('u1', 'Pw-for-unlock-1');
    store.getState().lock();
    for (let i = 1; i < MAX_FAILURES; i++) expect(await store.getState().unlock(`wrong-${i}`)).toBe('wrong');
    expect(await store.getState().unlock('wrong-5')).toBe('exhausted');
    expect(store.getState()).toMatchObject({ locked: true, failures: MAX_FAILURES, exhausted: true });
    expect(await store.getState().unlock('Pw-for-unlock-1')).toBe('exhausted');
  });

  it('asks the server on a device without a verifier, and cannot check offline', async () => {
    const { storage, store } = setup();
    store.getState().attach('u2');
    store.getState().lock();
    expect(await store.getState().unlock('whatever')).toBe('cannot-check');
    expect(await store.getState().unlock('whatever', async () => null)).toBe('cannot-check');
    expect(await store.getState().unlock('wrong', async () => false)).toBe('wrong');
    expect(await store.getState().unlock('Right-one-1', async (password) => password === 'Right-one-1')).toBe('unlocked');
    expect(readVerifier(storage, 'u2')).not.toBeNull();
  });

  it('keeps a verifier of a password proven by the patient records when the device has none, and only then', async () => {
    const { storage, store } = setup();
    store.getState().attach('u3');
    await store.getState().keepIfMissing('u3', 'Records-pw-3');
    const kept = readVerifier(storage, 'u3');
    expect(kept).not.toBeNull();
    expect(heard).toEqual([]);
    // An existing verifier is not replaced (a later sign-in's is the one to trust).
    await store.getState().keepIfMissing('u3', 'Other-pw-3');
    expect(readVerifier(storage, 'u3')).toEqual(kept);
    // Offline, the lock now checks the password on the device.
    store.getState().lock();
    expect(await store.getState().unlock('Other-pw-3')).toBe('wrong');
    expect(await store.getState().unlock('Records-pw-3')).toBe('unlocked');
  });

  it('forgets everything of the user on sign-out', async () => {
    const { storage, store } = setup();
    store.getState().attach('u1');
    await store.getState().remember('u1', 'Pw-for-unlock-1');
    store.getState().lock();
    store.getState().forget('u1');
    expect(storage.keys().filter((key) => key.startsWith(LOCK_KEY_PREFIX))).toEqual([]);
    expect(store.getState().locked).toBe(false);
  });
});

describe('unlockedUntil: how long what is kept while the user is here may be used', () => {
  it('is the last activity plus the timeout, now plus the timeout before any, and nothing while locked', async () => {
    const { unlockedUntil } = await import('./index.ts');
    const { writeActivity, writeLockState } = await import('./lock-storage.ts');
    const storage = memoryStorage();
    expect(unlockedUntil('u1', 60_000, 1_000, storage)).toBe(61_000);
    writeActivity(storage, 'u1', 500);
    expect(unlockedUntil('u1', 60_000, 1_000, storage)).toBe(60_500);
    writeLockState(storage, 'u1', { locked: true, failures: 0 });
    expect(unlockedUntil('u1', 60_000, 1_000, storage)).toBeNull();
  });
});
