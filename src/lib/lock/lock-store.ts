/**
 * The automatic lock's state (issue 25): for the signed-in user, whether the app is locked
 * and how many wrong passwords were tried. Locking is the idle watch's to decide
 * (idle-watch.ts); unlocking checks the password against the verifier on the device (so
 * it works offline), or — on a device that has none yet — against the server when online.
 * MAX_FAILURES wrong passwords leave the store `exhausted`: the app then signs the user
 * out. State is kept per user in localStorage, so a reload stays locked and every tab of
 * the browser locks and unlocks together. A password accepted at the lock screen is
 * announced like one checked at sign-in (src/stores/password-verified.ts: the patient
 * records open with it); a password checked at sign-in or set after an invitation becomes
 * the device's verifier (`remember`). Built by a factory so tests bind it to memory.
 */
import { create } from 'zustand';
import type { KeyValueStorage } from '../../stores/session-types.ts';
import { forgetLock, readLockState, readVerifier, stateKey, writeActivity, writeLockState, writeVerifier } from './lock-storage.ts';
import { passwordVerified } from '../../stores/password-verified.ts';
import { createVerifier, verifyPassword } from './password-verifier.ts';

export const MAX_FAILURES = 5;

export type UnlockResult = 'unlocked' | 'wrong' | 'exhausted' | 'cannot-check';

/** Checks a password with the server (a device without a verifier yet); null when offline. */
export type OnlineCheck = (password: string) => Promise<boolean | null>;

export interface LockStoreState {
  userId: string | null;
  locked: boolean;
  failures: number;
  /** Too many wrong passwords: the user must sign out. */
  exhausted: boolean;
  /** Follow this user's lock (null: nobody signed in). */
  attach(userId: string | null): void;
  lock(): void;
  unlock(password: string, onlineCheck?: OnlineCheck): Promise<UnlockResult>;
  /** A password the server accepted (sign-in, a new password): unlock and keep a verifier of it. */
  remember(userId: string, password: string): Promise<void>;
  /**
   * A password proven another way on this device (it opened the patient records' key): keep a
   * verifier of it when the device has none, so the lock can check offline. Locks nothing and
   * unlocks nothing; an existing verifier is left as it is.
   */
  keepIfMissing(userId: string, password: string): Promise<void>;
  /** Forget the user's lock data on this device (sign-out). */
  forget(userId: string): void;
  /** Another tab changed the stored state. */
  reload(): void;
}

export interface LockDeps {
  storage: KeyValueStorage;
  now?: () => number;
  iterations?: number;
  /** Tell the app a password was verified (default: src/stores/password-verified.ts). */
  announce?: (userId: string, password: string) => void;
}

export function createLockStore(deps: LockDeps) {
  const { storage } = deps;
  const now = deps.now ?? (() => Date.now());
  const announce = deps.announce ?? passwordVerified;
  // True while the lock itself announces a password: its verifier is already on the device.
  let announcing = false;
  return create<LockStoreState>()((set, get) => {
    const persist = (userId: string, locked: boolean, failures: number) => {
      writeLockState(storage, userId, { locked, failures });
      set({ locked, failures, exhausted: failures >= MAX_FAILURES });
    };

    const markUnlocked = (userId: string) => {
      writeActivity(storage, userId, now());
      writeLockState(storage, userId, { locked: false, failures: 0 });
      if (get().userId === userId) set({ locked: false, failures: 0, exhausted: false });
    };

    return {
      userId: null,
      locked: false,
      failures: 0,
      exhausted: false,

      attach(userId) {
        if (get().userId === userId) return;
        if (!userId) {
          set({ userId: null, locked: false, failures: 0, exhausted: false });
          return;
        }
        const stored = readLockState(storage, userId);
        set({ userId, locked: stored.locked, failures: stored.failures, exhausted: stored.failures >= MAX_FAILURES });
      },

      lock() {
        const { userId, locked } = get();
        if (!userId || locked) return;
        persist(userId, true, get().failures);
      },

      async unlock(password, onlineCheck) {
        const { userId, failures } = get();
        if (!userId) return 'cannot-check';
        if (failures >= MAX_FAILURES) return 'exhausted';
        const verifier = readVerifier(storage, userId);
        let accepted: boolean | null;
        if (verifier) accepted = await verifyPassword(verifier, password);
        else accepted = onlineCheck ? await onlineCheck(password) : null;
        if (accepted === null) return 'cannot-check';
        if (get().userId !== userId) return 'cannot-check';
        if (!accepted) {
          const next = get().failures + 1;
          persist(userId, true, next);
          return next >= MAX_FAILURES ? 'exhausted' : 'wrong';
        }
        const hadVerifier = !!verifier || !!readVerifier(storage, userId);
        markUnlocked(userId);
        if (!hadVerifier) writeVerifier(storage, userId, await createVerifier(password, deps.iterations));
        announcing = true;
        try {
          announce(userId, password);
        } finally {
          announcing = false;
        }
        return 'unlocked';
      },

      async remember(userId, password) {
        if (announcing) return;
        // Unlocked at once; the slow hash is made after (the app need not wait for it).
        markUnlocked(userId);
        writeVerifier(storage, userId, await createVerifier(password, deps.iterations));
      },

      async keepIfMissing(userId, password) {
        if (readVerifier(storage, userId)) return;
        const verifier = await createVerifier(password, deps.iterations);
        // Another path (a sign-in) may have kept one meanwhile: the newer stays.
        if (!readVerifier(storage, userId)) writeVerifier(storage, userId, verifier);
      },

      forget(userId) {
        forgetLock(storage, userId);
        if (get().userId === userId) set({ locked: false, failures: 0, exhausted: false });
      },

      reload() {
        const { userId } = get();
        if (!userId) return;
        const stored = readLockState(storage, userId);
        set({ locked: stored.locked, failures: stored.failures, exhausted: stored.failures >= MAX_FAILURES });
      },
    };
  });
}

/** Whether a `storage` event concerns this user's lock state. */
export function isLockStateKey(key: string | null, userId: string | null): boolean {
  return !!userId && key === stateKey(userId);
}
