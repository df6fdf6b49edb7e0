/**
 * The other guarded routes (spec §2): dashboard, orders, timeline, patients, users (with
 * the access settings at /users/settings), the welcome page and a provider login's own
 * page (/my-provider). `/admin/users` and
 * `/admin/users-management` are old addresses of `/users`.
 */
import { Navigate, type RouteObject } from 'react-router-dom';
import { page, placeholder } from './lazy-route.tsx';
import { myProviderPage } from './my-provider-route.tsx';

export const workspaceRoutes: RouteObject[] = [
  { path: 'dashboard', lazy: placeholder('Dashboard') },
  { path: 'welcome', lazy: page(() => import('../../features/welcome/welcome-page.tsx'), 'WelcomePage') },
  { path: 'my-provider', lazy: myProviderPage },
  { path: 'orders/entry', lazy: placeholder('Order Entry') },
  { path: 'timeline', lazy: placeholder('Timeline') },
  { path: 'patients', lazy: placeholder('Patients') },
  { path: 'patients/add', lazy: placeholder('Add Patient') },
  {
    path: 'users',
    children: [
      { index: true, lazy: page(() => import('../../features/users/list/users-page.tsx'), 'UsersPage') },
      { path: 'settings', lazy: page(() => import('../../features/users/settings/access-settings-page.tsx'), 'AccessSettingsPage') },
      { path: 'manage/:userId', lazy: page(() => import('../../features/users/manage/manage-user-page.tsx'), 'ManageUserPage') },
    ],
  },
  { path: 'admin/users', element: <Navigate to="/users" replace /> },
  { path: 'admin/users-management', element: <Navigate to="/users" replace /> },
];
