/**
 * The automatic lock (issue 25), for the app and for other work that needs the password's
 * key material (see password-events.ts):
 * - `useLock` (the store): `attach(userId)`, `lock()`, `unlock(password, onlineCheck)`,
 *   `remember(userId, password, reason)`, `forget(userId)`;
 * - `startIdleWatch`: locks after the timeout without input;
 * - `onPasswordVerified`, `onLock`, `onForget`: subscribe to the lock's events.
 */
import { browserStorage } from '../../stores/browser-storage.ts';
import { createLockStore } from './lock-store.ts';

export const useLock = createLockStore({ storage: browserStorage });

export { MAX_FAILURES, isLockStateKey, type OnlineCheck, type UnlockResult, type LockStoreState } from './lock-store.ts';
export { startIdleWatch, idleFor, IDLE_CHECK_MS } from './idle-watch.ts';
export { onForget, onLock, onPasswordVerified, type PasswordVerified, type PasswordVerifiedReason } from './password-events.ts';
export { PBKDF2_ITERATIONS } from './password-verifier.ts';
