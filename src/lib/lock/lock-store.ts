/**
 * The automatic lock's state (issue 25): for the signed-in user, whether the app is locked
 * and how many wrong passwords were tried. Locking is the idle watch's to decide
 * (idle-watch.ts); unlocking checks the password against the verifier on the device (so
 * it works offline), or — on a device that has none yet — against the server when online.
 * MAX_FAILURES wrong passwords leave the store `exhausted`: the app then signs the user
 * out. State is kept per user in localStorage, so a reload stays locked and every tab of
 * the browser locks and unlocks together. Built by a factory so tests bind it to memory.
 */
import { create } from 'zustand';
import type { KeyValueStorage } from '../../stores/session-types.ts';
import { forgetLock, readLockState, readVerifier, stateKey, writeActivity, writeLockState, writeVerifier } from './lock-storage.ts';
import { announceForget, announceLock, announcePasswordVerified, type PasswordVerifiedReason } from './password-events.ts';
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
  /** A password the server or the device accepted: keep a verifier, unlock, tell the listeners. */
  remember(userId: string, password: string, reason: PasswordVerifiedReason): Promise<void>;
  /** Forget the user's lock data on this device (sign-out). */
  forget(userId: string): void;
  /** Another tab changed the stored state. */
  reload(): void;
}

export interface LockDeps {
  storage: KeyValueStorage;
  now?: () => number;
  iterations?: number;
}

export function createLockStore(deps: LockDeps) {
  const { storage } = deps;
  const now = deps.now ?? (() => Date.now());
  return create<LockStoreState>()((set, get) => {
    const persist = (userId: string, locked: boolean, failures: number) => {
      writeLockState(storage, userId, { locked, failures });
      set({ locked, failures, exhausted: failures >= MAX_FAILURES });
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
        void announceLock(userId);
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
        await get().remember(userId, password, 'unlock');
        return 'unlocked';
      },

      async remember(userId, password, reason) {
        // Unlocked at once; the slow hash is made after (the app need not wait for it).
        writeActivity(storage, userId, now());
        writeLockState(storage, userId, { locked: false, failures: 0 });
        if (get().userId === userId) set({ locked: false, failures: 0, exhausted: false });
        if (reason !== 'unlock' || !readVerifier(storage, userId)) {
          writeVerifier(storage, userId, await createVerifier(password, deps.iterations));
        }
        await announcePasswordVerified({ userId, password, reason });
      },

      forget(userId) {
        forgetLock(storage, userId);
        if (get().userId === userId) set({ locked: false, failures: 0, exhausted: false });
        void announceForget(userId);
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
