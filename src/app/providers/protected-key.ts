/**
 * The patient records' key across the pages of one signed-in session (src/db/protected,
 * kept-key.ts): a password verified in any tab (sign-in, a new password, the lock screen)
 * opens the records and keeps the key for the session; a reload, a new tab, or a tab whose
 * lock another tab lifted takes the kept key instead of asking the password again, while
 * the user counts as present (the lock's idle deadline); the app locking forgets it, in
 * every tab. Sign-out and an ended session wipe it with the rest (device-data.ts).
 */
import { keptKeyUntilStorageKey } from '../../db/protected/device-records.ts';
import { unlockedUntil, useLock } from '../../lib/lock/index.ts';
import { useAppSettings } from '../../stores/app-settings-store.ts';
import { currentSessionId } from '../../stores/session-id.ts';

const loadDb = () => import('../../db/index.ts');
const loadClient = () => import('../../lib/supabase.ts').then((module) => module.supabase);

const MINUTE_MS = 60_000;


/**
 * The password just verified opens the user's protected data in this tab and keeps its key
 * for the session; the password is dropped.
 */
export function openProtectedData(userId: string, password: string): void {
  const sessionId = currentSessionId();
  void loadDb()
    .then((db) => db.unlockProtectedData(userId, password, loadClient(), { trusted: true, keepFor: sessionId ? { sessionId } : undefined }))
    .then((outcome) => {
      if (!outcome.ok && outcome.reason === 'failed') console.error('[local-data] patient records could not be opened', outcome.error);
    });
}

/** Opens the user's protected data with the key kept for this session, when the user counts as present; otherwise forgets it. */
export async function resumeProtectedData(userId: string): Promise<void> {
  const db = await loadDb();
  const sessionId = currentSessionId();
  const notAfter = unlockedUntil(userId, useAppSettings.getState().settings.lockTimeoutMinutes * MINUTE_MS);
  const ticket = sessionId && notAfter !== null ? { sessionId, notAfter } : null;
  const outcome = await db.resumeProtectedData(userId, ticket, loadClient());
  if (!outcome.ok && outcome.reason === 'failed') console.error('[local-data] patient records could not be opened with the kept key', outcome.error);
}

export async function forgetProtectedKey(userId: string): Promise<void> {
  const db = await loadDb();
  await db.forgetKeptKey(userId);
}

/**
 * Follows the user's lock and the other tabs: the app locking forgets the kept key; the lock
 * lifted, or a key kept by another tab, opens the records here too. Returns the unsubscribe.
 */
export function followProtectedKey(userId: string): () => void {
  const stopLock = useLock.subscribe((state, previous) => {
    if (state.userId !== userId) return;
    if (state.locked && !previous.locked) void forgetProtectedKey(userId).catch((error: unknown) => console.error('[local-data] the kept key could not be forgotten', error));
  });
  const onStorage = (event: StorageEvent) => {
    if (event.key === keptKeyUntilStorageKey(userId) && event.newValue) void resumeProtectedData(userId);
  };
  window.addEventListener('storage', onStorage);
  return () => {
    stopLock();
    window.removeEventListener('storage', onStorage);
  };
}
