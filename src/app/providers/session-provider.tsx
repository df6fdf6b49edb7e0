/**
 * Starts the session (restore, then refresh) and keeps <html>'s `clinical` class in step
 * with the admin flag (non-admins get the clinical styling, spec §6). Public pages start the
 * session once the browser is idle, so the landing page paints without waiting for
 * supabase-js; guarded and auth pages start it at once themselves (the start is idempotent).
 */
import { useEffect, type ReactNode } from 'react';
import { toast } from '../../components/ui/toaster.tsx';
import { useSessionStore } from '../../stores/session-store.ts';

let reported = false;

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

export function SessionProvider({ children }: { children: ReactNode }) {
  const isAdmin = useSessionStore((state) => state.isAdmin);

  useEffect(() => {
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(startSession, { timeout: 500 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(startSession, 50);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    document.documentElement.classList.toggle('clinical', !isAdmin);
  }, [isAdmin]);

  return children;
}
