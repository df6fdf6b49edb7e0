/**
 * Starts the session (restore, then refresh) and keeps <html>'s `clinical` class in step
 * with the admin flag (non-admins get the clinical styling, spec §6). Public pages start the
 * session once the browser is idle, so the landing page paints without waiting for
 * supabase-js; on a guarded page it starts at once (the guard starts it too; the start is
 * idempotent).
 */
import { useEffect, type ReactNode } from 'react';
import { toast } from '../../components/ui/toaster.tsx';
import { rememberVerifiedPasswords } from '../../lib/lock/index.ts';
import { useAppSettings } from '../../stores/app-settings-store.ts';
import { useSessionStore } from '../../stores/session-store.ts';

let reported = false;

/** The landing page and the auth pages: they paint without the session. */
const PUBLIC_PATH = /^\/(auth(\/.*)?)?$/;

function startSession(): void {
  void useSessionStore
    .getState()
    .start()
    .then((result) => {
      if (!result.error || reported) return;
      reported = true;
      toast({ title: 'Error', description: 'Failed to restore authentication state.', variant: 'destructive' });
    });
}

/**
 * A guarded page shows nothing of its own until the session is known, and an offline reload
 * paints its local rows only then: its restore starts as the app's code runs, before React's
 * first render (ARCHITECTURE.md budget: first rows within 800 ms of an offline reload).
 */
const startedEarly = typeof window !== 'undefined' && !PUBLIC_PATH.test(window.location.pathname);
if (startedEarly) startSession();

export function SessionProvider({ children }: { children: ReactNode }) {
  const isAdmin = useSessionStore((state) => state.isAdmin);

  useEffect(() => {
    if (startedEarly) return undefined;
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(startSession, { timeout: 500 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(startSession, 50);
    return () => clearTimeout(timer);
  }, []);

  // Each password the server accepts becomes the lock's verifier on this device (issue 25).
  useEffect(rememberVerifiedPasswords, []);

  useEffect(() => {
    document.documentElement.classList.toggle('clinical', !isAdmin);
  }, [isAdmin]);

  // The laboratory's settings (the lock's timeout, …), read whenever a session is usable
  // and cached on the device for offline starts.
  const signedInAs = useSessionStore((state) => (state.status === 'signed-in' ? state.user?.id : null));
  useEffect(() => {
    if (signedInAs) void useAppSettings.getState().refresh();
  }, [signedInAs]);

  return children;
}
