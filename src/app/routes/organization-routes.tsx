/**
 * Organization routes (spec §2). Their pages are built by later issues: until then each is
 * a placeholder. The healthcare, non-healthcare and sole-proprietor lists reuse the index.
 */
import { Navigate, type RouteObject } from 'react-router-dom';
import { placeholder } from './lazy-route.tsx';

const organizationsIndex = placeholder('Organizations');

export const organizationRoutes: RouteObject[] = [
  {
    path: 'organizations',
    children: [
      { index: true, lazy: organizationsIndex },
      { path: 'type-selection', lazy: placeholder('Add Organization') },
      { path: 'new', lazy: placeholder('New Organization') },
      { path: 'lookup', lazy: placeholder('Organization Lookup') },
      { path: 'create', lazy: placeholder('Create Organization') },
      { path: 'healthcare', lazy: organizationsIndex },
      { path: 'non-healthcare', lazy: organizationsIndex },
      { path: 'sole-proprietor', lazy: organizationsIndex },
      { path: 'members', lazy: placeholder('Organization Members') },
      {
        path: ':orgId/manage',
        children: [
          { index: true, element: <Navigate to="edit" replace /> },
          { path: 'edit', lazy: placeholder('Edit Organization') },
          { path: 'schedule', lazy: placeholder('Organization Schedule') },
          { path: 'people', lazy: placeholder('Organization People') },
        ],
      },
    ],
  },
  { path: 'organization-memberships', lazy: placeholder('Organization Memberships') },
];
