/**
 * The access guard, inside the sign-in guard: the app shows its pages only to a user who
 * holds a role (docs/access-matrix.md). A sign-up waiting for approval, a user whose role
 * was revoked and a deactivated account see the no-access page instead; the server refuses
 * them everything anyway, this only mirrors it. A user signing in on this device for the
 * first time waits for the server's answer (if it cannot be had, the pages show, with
 * whatever the server lets through).
 */
import { useState } from 'react';
import { Outlet } from 'react-router-dom';
import { FullScreenSpinner } from '../components/full-screen-spinner.tsx';
import { NoAccessPage } from '../features/access/no-access-page.tsx';
import { lacksAccess } from '../lib/access/access.ts';
import { useSessionStore } from '../stores/session-store.ts';
import { useSignOut } from './layouts/sign-out-dialog.tsx';
import { useHeldData } from './session-end/held-data.ts';
import { sessionEnd } from './session-end/session-end.ts';

function NoAccess({ level }: { level: 'pending' | 'revoked' | 'deactivated' }) {
  const user = useSessionStore((state) => state.user);
  const held = useHeldData((state) => state.held);
  const [checking, setChecking] = useState(false);
  const [clearing, setClearing] = useState(false);
  const { requestSignOut, dialog } = useSignOut();
  const unsent = held && held.userId === user?.id ? held.unsynced : 0;
  return (
    <>
      <NoAccessPage
        level={level}
        email={user?.email ?? null}
        unsentChanges={unsent}
        checking={checking}
        clearing={clearing}
        onCheckAgain={() => {
          setChecking(true);
          void useSessionStore
            .getState()
            .checkAccess()
            .finally(() => setChecking(false));
        }}
        onClearDevice={() => {
          setClearing(true);
          void sessionEnd.discard().finally(() => setClearing(false));
        }}
        onSignOut={requestSignOut}
      />
      {dialog}
    </>
  );
}

export function RequireAccess() {
  const access = useSessionStore((state) => state.access);
  const waiting = useSessionStore((state) => state.access === 'unknown' && state.status === 'signed-in' && !state.accessChecked);

  if (lacksAccess(access)) return <NoAccess level={access} />;
  if (waiting) return <FullScreenSpinner label="Checking your access…" />;
  return <Outlet />;
}
