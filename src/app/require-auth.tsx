/**
 * The sign-in guard of every page but `/` and `/auth/*` (spec §6): while the session is
 * being restored it shows the spinner; a signed-out user goes to /auth, remembering where
 * they were going so sign-in can bring them back (after their own sign-out: to `/`). A user working offline (known on this
 * device, session not refreshable yet) is let through: their data is local. Every guarded
 * page sits behind the automatic lock (lock/lock-gate.tsx).
 */
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { FullScreenSpinner } from '../components/full-screen-spinner.tsx';
import { useSessionStore } from '../stores/session-store.ts';
import { LockGate } from './lock/lock-gate.tsx';

export function RequireAuth() {
  const status = useSessionStore((state) => state.status);
  const signedOutByUser = useSessionStore((state) => state.signedOutByUser);
  const location = useLocation();
  useEffect(() => {
    void useSessionStore.getState().start();
  }, []);
  if (status === 'loading') return <FullScreenSpinner label="Restoring your session…" />;
  if (status === 'signed-out') {
    return signedOutByUser ? <Navigate to="/" replace /> : <Navigate to="/auth" replace state={{ from: location }} />;
  }
  return (
    <LockGate>
      <Outlet />
    </LockGate>
  );
}
