/**
 * The automatic lock around every signed-in page (issue 25, HIPAA's automatic logoff):
 * follows the known user's lock, locks after the laboratory's timeout without input
 * (`useAppSettings`, cached for offline), and follows the other tabs. While locked the
 * pages stay mounted (a half-typed form survives) but hidden and inert, and everything
 * else on the page (dialogs, menus in portals) is inert too: only the lock screen can be
 * read or focused. The local database keeps syncing underneath.
 */
import { Box } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { FullScreenSpinner } from '../../components/full-screen-spinner.tsx';
import { importWhenReachable } from '../../lib/browser/import-when-reachable.ts';
import { isLockStateKey, startIdleWatch, useLock } from '../../lib/lock/index.ts';
import { useAppSettings } from '../../stores/app-settings-store.ts';
import { browserStorage } from '../../stores/browser-storage.ts';
import { selectKnownUser, useSessionStore } from '../../stores/session-store.ts';
import { preloadWhenIdle } from '../preload-when-idle.ts';

// The lock screen's form is not part of the first paint (every signed-in page goes through
// this gate); it is fetched right after it, so the lock works even if the connection drops
// before the service worker has cached the app.
const loadLockScreen = () => import('./lock-screen.tsx');
const LockScreen = lazy(() => importWhenReachable(loadLockScreen).then((module) => ({ default: module.LockScreen })));

const MINUTE_MS = 60_000;

/** Makes every other child of <body> inert while the lock screen shows; undone on unlock. */
function useInertOutside(locked: boolean, own: React.RefObject<HTMLDivElement | null>): void {
  useLayoutEffect(() => {
    if (!locked) return undefined;
    const others = [...document.body.children].filter((element) => !element.contains(own.current) && !element.hasAttribute('inert'));
    for (const element of others) element.setAttribute('inert', '');
    return () => {
      for (const element of others) element.removeAttribute('inert');
    };
  }, [locked, own]);
}

export function LockGate({ children }: { children: ReactNode }) {
  const userId = useSessionStore((state) => selectKnownUser(state)?.id ?? null);
  const locked = useLock((state) => state.locked && state.userId === userId && userId !== null);
  const timeoutMinutes = useAppSettings((state) => state.settings.lockTimeoutMinutes);
  const timeout = useRef(timeoutMinutes);
  const own = useRef<HTMLDivElement | null>(null);
  timeout.current = timeoutMinutes;

  useEffect(() => (userId ? preloadWhenIdle(loadLockScreen) : undefined), [userId]);

  // Before the first paint, so a reload of a locked app never shows the page.
  useLayoutEffect(() => useLock.getState().attach(userId), [userId]);

  useEffect(() => {
    if (!userId) return undefined;
    return startIdleWatch({
      userId,
      storage: browserStorage,
      timeoutMs: () => timeout.current * MINUTE_MS,
      onIdle: () => useLock.getState().lock(),
    });
  }, [userId]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (isLockStateKey(event.key, useLock.getState().userId)) useLock.getState().reload();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  useInertOutside(locked, own);

  return (
    <Box ref={own} display="contents">
      <Box display={locked ? 'none' : 'contents'} inert={locked} aria-hidden={locked || undefined}>
        {children}
      </Box>
      {locked && (
        <Suspense fallback={<FullScreenSpinner />}>
          <LockScreen />
        </Suspense>
      )}
    </Box>
  );
}
