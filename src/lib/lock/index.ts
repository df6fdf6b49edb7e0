/**
 * The automatic lock (issue 25, HIPAA's automatic logoff), for the app:
 * - `useLock` (the store): `attach(userId)`, `lock()`, `unlock(password, onlineCheck)`,
 *   `remember(userId, password)`, `forget(userId)`;
 * - `startIdleWatch`: locks after the timeout without input;
 * - `rememberVerifiedPasswords`: keeps a verifier of each password checked at sign-in.
 */
import { browserStorage } from '../../stores/browser-storage.ts';
import { onPasswordVerified } from '../../stores/password-verified.ts';
import { createLockStore } from './lock-store.ts';
import { readActivity, readLockState } from './lock-storage.ts';
import type { KeyValueStorage } from '../../stores/session-types.ts';

export const useLock = createLockStore({ storage: browserStorage });

export { MAX_FAILURES, isLockStateKey, type OnlineCheck, type UnlockResult, type LockStoreState } from './lock-store.ts';
export { startIdleWatch, idleFor, IDLE_CHECK_MS } from './idle-watch.ts';

/** Every password the server accepts (sign-in, a new password) becomes this device's verifier. */
export function rememberVerifiedPasswords(): () => void {
  return onPasswordVerified((userId, password) => {
    void useLock
      .getState()
      .remember(userId, password)
      .catch((error: unknown) => console.error('[lock] the password verifier could not be kept', error));
  });
}
export { PBKDF2_ITERATIONS } from './password-verifier.ts';

/**
 * Until when the user counts as present (the lock's idle deadline: the last activity in any
 * tab plus the timeout), or null when the app is locked for them: what was kept "while the
 * user is here" (the patient records' key) may be used until then and no longer.
 */
export function unlockedUntil(userId: string, timeoutMs: number, now: number = Date.now(), storage: KeyValueStorage = browserStorage): number | null {
  if (readLockState(storage, userId).locked) return null;
  return (readActivity(storage, userId) ?? now) + timeoutMs;
}
