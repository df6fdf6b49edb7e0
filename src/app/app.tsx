/**
 * The app: theme, session, local data, the router, toasts, the update prompt, and what
 * happens when a session or access ends (src/app/session-end).
 */
// The router first: creating it starts loading the current page's code (lazy routes), and
// modules are evaluated in import order, so those requests go out before the theme system
// (Chakra's createSystem, tens of milliseconds) and the rest of this graph are evaluated.
import { router } from './router.tsx';
import { lazy, Suspense } from 'react';
import { RouterProvider } from 'react-router-dom';
import { Provider } from '../components/ui/provider.tsx';
import { Toaster } from '../components/ui/toaster.tsx';
import { importWhenReachable } from '../lib/browser/import-when-reachable.ts';
import { AfterFirstPaint } from './after-first-paint.tsx';
import { LocalDataProvider } from './providers/local-data-provider.tsx';
import { SessionProvider } from './providers/session-provider.tsx';

// Mounted on every page, outside the routes' error pages: their code waits for the connection
// when it cannot be fetched, rather than throwing and blanking the app (import-when-reachable.ts).
const UpdatePrompt = lazy(() => importWhenReachable(() => import('./pwa/update-prompt.tsx')).then((module) => ({ default: module.UpdatePrompt })));
const SessionEndWatcher = lazy(() =>
  importWhenReachable(() => import('./session-end/session-end-watcher.tsx')).then((module) => ({ default: module.SessionEndWatcher })),
);

export function App() {
  return (
    <Provider>
      <SessionProvider>
        <LocalDataProvider>
          <RouterProvider router={router} />
        </LocalDataProvider>
      </SessionProvider>
      <AfterFirstPaint>
        <Toaster />
        <Suspense fallback={null}>
          <UpdatePrompt />
          <SessionEndWatcher />
        </Suspense>
      </AfterFirstPaint>
    </Provider>
  );
}
