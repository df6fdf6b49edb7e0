/**
 * The hook point where a checked password is handed to whoever needs key material from it
 * (issue 25: the patients work derives the on-device encryption key of patient data from
 * the same password). `passwordVerified` is announced right after the server or the
 * device's verifier has accepted the password — at sign-in, when an invited user sets it,
 * and at each unlock — with the password in memory only: listeners derive what they need
 * and must not keep or store the password. `locked` is announced when the app locks (drop
 * in-memory keys then); `forgotten` when the user's device data is cleared (sign-out).
 */

export type PasswordVerifiedReason = 'sign-in' | 'set-password' | 'unlock';

export interface PasswordVerified {
  userId: string;
  /** In memory only: derive key material from it, never store it. */
  password: string;
  reason: PasswordVerifiedReason;
}

export type PasswordListener = (event: PasswordVerified) => void | Promise<void>;
export type UserListener = (event: { userId: string }) => void | Promise<void>;

const verified = new Set<PasswordListener>();
const locked = new Set<UserListener>();
const forgotten = new Set<UserListener>();

function subscribe<L>(set: Set<L>, listener: L): () => void {
  set.add(listener);
  return () => set.delete(listener);
}

/** Called after a password was checked; returns the unsubscribe function. */
export const onPasswordVerified = (listener: PasswordListener) => subscribe(verified, listener);
/** Called when the app locks (keys derived from the password should leave memory). */
export const onLock = (listener: UserListener) => subscribe(locked, listener);
/** Called when a user's lock data is forgotten on this device (their sign-out). */
export const onForget = (listener: UserListener) => subscribe(forgotten, listener);

async function announce<E>(listeners: ReadonlySet<(event: E) => void | Promise<void>>, event: E): Promise<void> {
  // A listener's failure must not stop the others (nor the sign-in or unlock itself).
  await Promise.all(
    [...listeners].map(async (listener) => {
      try {
        await listener(event);
      } catch (error) {
        console.error('[lock] a listener failed', error);
      }
    }),
  );
}

export const announcePasswordVerified = (event: PasswordVerified) => announce(verified, event);
export const announceLock = (userId: string) => announce(locked, { userId });
export const announceForget = (userId: string) => announce(forgotten, { userId });
