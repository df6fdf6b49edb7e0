/**
 * Organization routes (spec §2, issue 24): the lists (the healthcare, non-healthcare and
 * sole-proprietor lists are the same page with that type), the add flow (type selection,
 * also at /new; NPI lookup; create), the manage page with its tabs, and the memberships
 * list (/organizations/members and /organization-memberships, the same page).
 */
import { Navigate, type RouteObject } from 'react-router-dom';
import { organizationActivityTab } from './activity-tabs.tsx';
import { page } from './lazy-route.tsx';

const listPages = () => import('../../features/organizations/list/organization-list-page.tsx');
const membershipsPage = page(() => import('../../features/organizations/members/memberships-page.tsx'), 'MembershipsPage');
const typeSelection = page(() => import('../../features/organizations/add/type-selection-page.tsx'), 'OrganizationTypeSelectionPage');

export const organizationRoutes: RouteObject[] = [
  {
    path: 'organizations',
    children: [
      { index: true, lazy: page(listPages, 'OrganizationsPage') },
      { path: 'type-selection', lazy: typeSelection },
      { path: 'new', lazy: typeSelection },
      { path: 'lookup', lazy: page(() => import('../../features/organizations/add/organization-lookup-page.tsx'), 'OrganizationLookupPage') },
      { path: 'create', lazy: page(() => import('../../features/organizations/add/create-organization-page.tsx'), 'CreateOrganizationPage') },
      { path: 'healthcare', lazy: page(listPages, 'HealthcareOrganizationsPage') },
      { path: 'non-healthcare', lazy: page(listPages, 'NonHealthcareOrganizationsPage') },
      { path: 'sole-proprietor', lazy: page(listPages, 'SoleProprietorsPage') },
      { path: 'members', lazy: membershipsPage },
      {
        path: ':orgId/manage',
        children: [
          { index: true, element: <Navigate to="edit" replace /> },
          {
            lazy: page(() => import('../../features/organizations/manage/organization-manage-page.tsx'), 'OrganizationManagePage'),
            children: [
              { path: 'edit', lazy: page(() => import('../../features/organizations/manage/organization-edit-tab.tsx'), 'OrganizationEditTab') },
              { path: 'schedule', lazy: page(() => import('../../features/organizations/manage/organization-schedule-tab.tsx'), 'OrganizationScheduleTab') },
              { path: 'people', lazy: page(() => import('../../features/organizations/people/organization-people-tab.tsx'), 'OrganizationPeopleTab') },
              { path: 'activity', lazy: organizationActivityTab },
            ],
          },
        ],
      },
    ],
  },
  { path: 'organization-memberships', lazy: membershipsPage },
];
