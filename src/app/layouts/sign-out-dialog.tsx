/**
 * Sign-out: when changes made on this device have not reached the server yet, the user is
 * warned first, since signing out deletes this device's local database (shared clinic
 * computers). Then: sign out globally (the guard then takes the user to `/`) and clear
 * the local data and any cached data responses (the app shell's precache stays) — also
 * when the server could not be told, since the device is signed out anyway. The sign-out
 * completes before the page changes, so leaving or closing the browser right after cannot
 * leave the session behind.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { toast } from '../../components/ui/toaster.tsx';
import { useSessionStore } from '../../stores/session-store.ts';
import { useSyncStore } from '../../stores/sync-store.ts';
import { preloadWhenIdle } from '../preload-when-idle.ts';
import { wipeDeviceData } from '../session-end/device-data.ts';
import { importWhenReachable } from '../../lib/browser/import-when-reachable.ts';

// The warning's dialog is not part of the first paint (the guards that use this hook are on
// every page); it is fetched right after it, since it matters most offline.
const loadWarning = () => import('./sign-out-warning.tsx');
const SignOutWarning = lazy(() => importWhenReachable(loadWarning).then((module) => ({ default: module.SignOutWarning })));

/** Returns `requestSignOut` (warns first when needed) and the warning dialog to render. */
export function useSignOut() {
  const [warningOpen, setWarningOpen] = useState(false);
  const [warningLoaded, setWarningLoaded] = useState(false);
  const [busy, setBusy] = useState(false);
  const pending = useSyncStore((state) => state.pendingChanges);
  useEffect(() => preloadWhenIdle(loadWarning), []);

  async function signOutNow() {
    const { user, signOut } = useSessionStore.getState();
    setBusy(true);
    // The device is signed out whatever the server answers, and its data goes with it.
    const { error } = await signOut();
    setBusy(false);
    setWarningOpen(false);
    if (error) toast({ title: 'Authentication Error', description: error, variant: 'destructive' });
    if (!user) return;
    await wipeDeviceData(user.id).catch((cause: unknown) => {
      console.error('[sign-out] clearing the local database failed', cause);
      toast({
        title: 'Error',
        description: 'You are signed out, but the data on this device could not be cleared. Close the browser to be safe.',
        variant: 'destructive',
      });
    });
  }

  function requestSignOut() {
    if (useSyncStore.getState().pendingChanges > 0) setWarningOpen(true);
    else void signOutNow();
  }

  if (warningOpen && !warningLoaded) setWarningLoaded(true);
  // Kept mounted once loaded, so the dialog closes with its animation.
  const dialog = warningLoaded ? (
    <Suspense fallback={null}>
      <SignOutWarning open={warningOpen} onOpenChange={setWarningOpen} pending={pending} busy={busy} onSignOut={() => void signOutNow()} />
    </Suspense>
  ) : null;

  return { requestSignOut, dialog };
}
