/** The lock screen's words (issue 25), in one place for the page and its tests. */
import { MAX_FAILURES } from '../../lib/lock/lock-store.ts';

export const LOCK_TEXT = {
  title: 'LabLink is locked',
  explanation: 'The app locked after a period without activity. Enter your password to continue.',
  unlock: 'Unlock',
  unlocking: 'Checking…',
  signOut: 'Sign out',
  cannotCheck: 'Your password cannot be checked on this device without a connection. Connect to the internet and try again, or sign out.',
  exhausted: `Too many incorrect passwords (${MAX_FAILURES}). Sign out, then sign in again.`,
  pendingSync: 'Changes made on this device keep syncing while the app is locked.',
} as const;

/** The message after a wrong password, with the tries left before sign-out. */
export function wrongPasswordText(failures: number): string {
  const left = Math.max(MAX_FAILURES - failures, 0);
  return `Incorrect password. ${left} ${left === 1 ? 'try' : 'tries'} left before you are signed out.`;
}
