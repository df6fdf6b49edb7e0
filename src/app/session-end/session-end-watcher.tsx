/**
 * Follows the session and the user's access and hands every ending to `sessionEnd`: a
 * session that ended without the user signing out, a user signing in (someone else's
 * kept data goes), access lost or regained. It also asks the server again what the user
 * may do — after each completed sync, when the window regains focus, and every minute —
 * so a revoked role, a deactivated profile or a session ended on another device reaches an
 * open app at its next sync. Renders the warning of a session that ended with unsent changes.
 */
import { useEffect } from 'react';
import { selectKnownUser, useSessionStore } from '../../stores/session-store.ts';
import { useSyncStore } from '../../stores/sync-store.ts';
import { sessionEnd } from './session-end.ts';
import { SessionEndedDialog } from './session-ended-dialog.tsx';

/** How often an open app asks the server again when nothing else made it. */
export const ACCESS_CHECK_INTERVAL_MS = 60_000;
/** The least time between two checks (a burst of syncs asks once, at the end of the gap). */
export const ACCESS_CHECK_MIN_GAP_MS = 3_000;

function useAccessChecks(signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn) return undefined;
    let last = 0;
    let deferred: ReturnType<typeof setTimeout> | null = null;
    const run = () => {
      deferred = null;
      last = Date.now();
      void useSessionStore.getState().checkAccess();
    };
    // A burst asks once, but a request inside the gap is put off to its end, never dropped:
    // the sync that brings a revocation often completes moments after the previous check.
    const check = () => {
      if (deferred) return;
      const wait = last + ACCESS_CHECK_MIN_GAP_MS - Date.now();
      if (wait <= 0) run();
      else deferred = setTimeout(run, wait);
    };
    const unsubscribe = useSyncStore.subscribe((state, previous) => {
      if (state.lastSyncedAt !== previous.lastSyncedAt && state.lastSyncedAt !== null) check();
    });
    const timer = setInterval(check, ACCESS_CHECK_INTERVAL_MS);
    window.addEventListener('focus', check);
    return () => {
      unsubscribe();
      clearInterval(timer);
      if (deferred) clearTimeout(deferred);
      window.removeEventListener('focus', check);
    };
  }, [signedIn]);
}

export function SessionEndWatcher() {
  const ended = useSessionStore((state) => state.ended);
  const status = useSessionStore((state) => state.status);
  const access = useSessionStore((state) => state.access);
  const user = useSessionStore(selectKnownUser);
  const userId = user?.id ?? null;
  const email = user?.email ?? null;

  useEffect(() => {
    if (!ended) return;
    useSessionStore.getState().clearEnded();
    void sessionEnd.sessionEnded(ended);
  }, [ended]);

  useEffect(() => {
    if (status === 'signed-in' && userId) void sessionEnd.signedIn(userId);
  }, [status, userId]);

  useEffect(() => {
    if (userId && access !== 'unknown') void sessionEnd.accessChanged({ userId, email }, access);
  }, [userId, email, access]);

  useAccessChecks(status === 'signed-in');

  return <SessionEndedDialog />;
}
