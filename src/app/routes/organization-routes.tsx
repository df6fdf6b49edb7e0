/**
 * Organization routes (spec §2, issue 24): the lists (the healthcare, non-healthcare and
 * sole-proprietor lists are the same page with that type).
 */
import { Navigate, type RouteObject } from 'react-router-dom';
import { page, placeholder } from './lazy-route.tsx';

const listPages = () => import('../../features/organizations/list/organization-list-page.tsx');

export const organizationRoutes: RouteObject[] = [
  {
    path: 'organizations',
    children: [
      { index: true, lazy: page(listPages, 'OrganizationsPage') },
      { path: 'type-selection', lazy: placeholder('Add Organization') },
      { path: 'new', lazy: placeholder('New Organization') },
      { path: 'lookup', lazy: placeholder('Organization Lookup') },
      { path: 'create', lazy: placeholder('Create Organization') },
      { path: 'healthcare', lazy: page(listPages, 'HealthcareOrganizationsPage') },
      { path: 'non-healthcare', lazy: page(listPages, 'NonHealthcareOrganizationsPage') },
      { path: 'sole-proprietor', lazy: page(listPages, 'SoleProprietorsPage') },
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
