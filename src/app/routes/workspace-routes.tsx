/**
 * The other guarded routes (spec §2): dashboard, orders, timeline, patients (issue 26), users
 * (with the access settings at /users/settings), the welcome page, a provider login's own page
 * (/my-provider), and the reference data (/reference for admins, /compendium for everyone).
 * `/admin/users` and `/admin/users-management` are old addresses of `/users`.
 */
import { Navigate, type RouteObject } from 'react-router-dom';
import { page } from './lazy-route.tsx';
import { dashboardPage } from './dashboard-route.tsx';
import { myProviderPage } from './my-provider-route.tsx';
import { orderDetailPage, orderEntryPage, ordersListPage } from './order-routes.tsx';
import { resultDetailPage, resultQueuePage, resultsInboxPage } from './result-routes.tsx';
import { patientPage } from './patient-route.tsx';

export const workspaceRoutes: RouteObject[] = [
  { path: 'dashboard', lazy: dashboardPage },
  { path: 'welcome', lazy: page(() => import('../../features/welcome/welcome-page.tsx'), 'WelcomePage') },
  { path: 'my-provider', lazy: myProviderPage },
  {
    path: 'orders',
    children: [
      { index: true, lazy: ordersListPage },
      { path: 'entry', lazy: orderEntryPage },
      { path: ':id', lazy: orderDetailPage },
    ],
  },
  {
    path: 'results',
    children: [
      { index: true, lazy: resultsInboxPage },
      { path: 'queue', lazy: resultQueuePage },
      { path: ':id', lazy: resultDetailPage },
    ],
  },
  { path: 'timeline', lazy: page(() => import('../../features/timeline/timeline-page.tsx'), 'TimelinePage') },
  {
    path: 'patients',
    children: [
      { index: true, lazy: page(() => import('../../features/patients/components/patients-page.tsx'), 'PatientsPage') },
      { path: 'add', lazy: page(() => import('../../features/patients/components/add-patient-page.tsx'), 'AddPatientPage') },
      // With the patient's orders and activity under the details (patient-route.tsx).
      { path: ':id', lazy: patientPage },
    ],
  },
  {
    path: 'users',
    children: [
      { index: true, lazy: page(() => import('../../features/users/list/users-page.tsx'), 'UsersPage') },
      { path: 'settings', lazy: page(() => import('../../features/users/settings/access-settings-page.tsx'), 'AccessSettingsPage') },
      { path: 'manage/:userId', lazy: page(() => import('../../features/users/manage/manage-user-page.tsx'), 'ManageUserPage') },
    ],
  },
  { path: 'reference', lazy: page(() => import('../../features/reference/reference-admin-page.tsx'), 'ReferenceAdminPage') },
  {
    path: 'compendium',
    children: [
      { index: true, lazy: page(() => import('../../features/reference/compendium-page.tsx'), 'CompendiumPage') },
      { path: ':code', lazy: page(() => import('../../features/reference/compendium-test-page.tsx'), 'CompendiumTestPage') },
    ],
  },
  { path: 'admin/users', element: <Navigate to="/users" replace /> },
  { path: 'admin/users-management', element: <Navigate to="/users" replace /> },
];
