/**
 * What the lock keeps on this device, per user, in localStorage (shared by the tabs of the
 * browser, which follow each other's changes through `storage` events): the password
 * verifier, whether the app is locked and how many wrong passwords were tried, and when
 * the user last did something. A reload therefore stays locked; a sign-out forgets it all.
 */
import type { KeyValueStorage } from '../../stores/session-types.ts';
import { isVerifier, type PasswordVerifier } from './password-verifier.ts';

export const LOCK_KEY_PREFIX = 'lab-directory.lock.';
export const verifierKey = (userId: string) => `${LOCK_KEY_PREFIX}verifier.${userId}`;
export const stateKey = (userId: string) => `${LOCK_KEY_PREFIX}state.${userId}`;
export const activityKey = (userId: string) => `${LOCK_KEY_PREFIX}activity.${userId}`;

export interface PersistedLock {
  locked: boolean;
  failures: number;
}

function readJson(storage: KeyValueStorage, key: string): unknown {
  try {
    const raw = storage.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

export function readVerifier(storage: KeyValueStorage, userId: string): PasswordVerifier | null {
  const value = readJson(storage, verifierKey(userId));
  return isVerifier(value) ? value : null;
}

export function writeVerifier(storage: KeyValueStorage, userId: string, verifier: PasswordVerifier): void {
  storage.setItem(verifierKey(userId), JSON.stringify(verifier));
}

export function readLockState(storage: KeyValueStorage, userId: string): PersistedLock {
  const value = readJson(storage, stateKey(userId)) as Partial<PersistedLock> | null;
  return { locked: value?.locked === true, failures: typeof value?.failures === 'number' ? value.failures : 0 };
}

export function writeLockState(storage: KeyValueStorage, userId: string, state: PersistedLock): void {
  storage.setItem(stateKey(userId), JSON.stringify(state));
}

export function readActivity(storage: KeyValueStorage, userId: string): number | null {
  const value = Number(storage.getItem(activityKey(userId)));
  return Number.isFinite(value) && value > 0 ? value : null;
}

export function writeActivity(storage: KeyValueStorage, userId: string, at: number): void {
  storage.setItem(activityKey(userId), String(at));
}

export function forgetLock(storage: KeyValueStorage, userId: string): void {
  for (const key of [verifierKey(userId), stateKey(userId), activityKey(userId)]) storage.removeItem(key);
}
