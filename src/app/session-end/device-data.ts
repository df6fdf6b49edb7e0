/**
 * Everything of one user on this device, and how much of it the server has not received:
 * the local database (RxDB), the lists saved for the next visit (first-page snapshots,
 * saved-list indexes) and every cached data response (the app shell's precache stays, so
 * the sign-in page still opens offline), and the automatic lock's verifier and state.
 * Used by sign-out and by every other way a session or access ends.
 */
import { useLock } from '../../lib/lock/index.ts';
import { clearLocalData } from '../providers/local-data-provider.tsx';
import { clearDataCaches } from '../pwa/clear-data-caches.ts';

/** Wipe the user's data from this device. Throws when the local database could not be deleted. */
export async function wipeDeviceData(userId: string): Promise<void> {
  useLock.getState().forget(userId);
  await clearDataCaches().catch((cause: unknown) => console.error('[session-end] clearing cached data failed', cause));
  await clearLocalData(userId);
}

/** Changes of the user's local data the server has not received (0 when there is none on this device). */
export async function unsyncedChangesOf(userId: string): Promise<number> {
  const db = await import('../../db/index.ts');
  return db.countUnsyncedChanges(userId);
}
