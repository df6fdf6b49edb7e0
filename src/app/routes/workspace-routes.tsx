/**
 * The other guarded routes (spec §2): dashboard, orders, timeline, patients (issue 26), users
 * and the welcome page. `/admin/users` and `/admin/users-management` are old addresses of `/users`.
 */
import { Navigate, type RouteObject } from 'react-router-dom';
import { page, placeholder } from './lazy-route.tsx';

export const workspaceRoutes: RouteObject[] = [
  { path: 'dashboard', lazy: placeholder('Dashboard') },
  { path: 'welcome', lazy: page(() => import('../../features/welcome/welcome-page.tsx'), 'WelcomePage') },
  { path: 'orders/entry', lazy: placeholder('Order Entry') },
  { path: 'timeline', lazy: placeholder('Timeline') },
  {
    path: 'patients',
    children: [
      { index: true, lazy: page(() => import('../../features/patients/components/patients-page.tsx'), 'PatientsPage') },
      { path: 'add', lazy: page(() => import('../../features/patients/components/add-patient-page.tsx'), 'AddPatientPage') },
      // Order entry composes the patient's orders and results here (PatientPage's ordersSlot).
      { path: ':id', lazy: page(() => import('../../features/patients/components/patient-page.tsx'), 'PatientPage') },
    ],
  },
  {
    path: 'users',
    children: [
      { index: true, lazy: placeholder('Users') },
      { path: 'manage/:userId', lazy: placeholder('Manage User') },
    ],
  },
  { path: 'admin/users', element: <Navigate to="/users" replace /> },
  { path: 'admin/users-management', element: <Navigate to="/users" replace /> },
];
