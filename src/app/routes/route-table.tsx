/**
 * The whole route table (spec §2): public pages, then everything behind the sign-in guard
 * and the access guard (a user without a role sees why, not the app) inside the main layout; any unknown path goes to `/`. Every page is lazy; the root shows a
 * full-screen spinner while the first page loads and the error screen for route errors.
 */
import { Navigate, type RouteObject } from 'react-router-dom';
import { FullScreenSpinner } from '../../components/full-screen-spinner.tsx';
import { RouteErrorPage } from '../../components/route-error-page.tsx';
import { RequireAccess } from '../require-access.tsx';
import { RequireAuth } from '../require-auth.tsx';
import { RoleRouting } from '../role-routing.tsx';
import { RootShell } from '../root-shell.tsx';
import { page } from './lazy-route.tsx';
import { withReachablePages } from './reachable-routes.tsx';
import { organizationRoutes } from './organization-routes.tsx';
import { providerRoutes } from './provider-routes.tsx';
import { workspaceRoutes } from './workspace-routes.tsx';

const authPage = page(() => import('../../features/auth/auth-page.tsx'), 'AuthPage');

// Every lazy page waits for the connection when its code is not on this device yet (reachable-routes.tsx).
export const routes: RouteObject[] = withReachablePages([
  {
    id: 'root',
    Component: RootShell,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: () => <FullScreenSpinner />,
    children: [
      { index: true, lazy: page(() => import('../../features/landing/landing-page.tsx'), 'LandingPage') },
      {
        path: 'auth',
        children: [
          { index: true, lazy: authPage },
          { path: 'signin', lazy: authPage },
          { path: 'signup', lazy: authPage },
          { path: 'set-password', lazy: page(() => import('../../features/auth/set-password-page.tsx'), 'SetPasswordPage') },
        ],
      },
      {
        Component: RequireAuth,
        children: [
          {
            Component: RequireAccess,
            children: [
              {
                Component: RoleRouting,
                children: [
                  {
                    lazy: page(() => import('../layouts/main-layout.tsx'), 'MainLayout'),
                    children: [...providerRoutes, ...organizationRoutes, ...workspaceRoutes],
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
