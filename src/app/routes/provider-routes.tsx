/**
 * Provider routes (spec §2): the lists and the manage page (issue 5), and the add flow's
 * type selection, NPI lookup and create pages (issue 6), and the bulk import (issue 33).
 * `/providers/{id}/manage` opens on the Profile tab (`edit`).
 */
import { Navigate, type RouteObject } from 'react-router-dom';
import { providerActivityTab } from './activity-tabs.tsx';
import { page } from './lazy-route.tsx';
import { delegatesTabWithSlots, editTabWithSlots, managePageWithSlots, preferencesTabWithSlots } from './provider-manage-slots.tsx';

const listPages = () => import('../../features/providers/list/provider-list-page.tsx');

export const providerRoutes: RouteObject[] = [
  {
    path: 'providers',
    children: [
      { index: true, lazy: page(listPages, 'ProvidersPage') },
      { path: 'healthcare', lazy: page(listPages, 'HealthcareProvidersPage') },
      { path: 'non-healthcare', lazy: page(listPages, 'NonHealthcareProvidersPage') },
      { path: 'type-selection', lazy: page(() => import('../../features/add-provider/type-selection/type-selection-page.tsx'), 'TypeSelectionPage') },
      { path: 'lookup', lazy: page(() => import('../../features/add-provider/lookup/npi-lookup-page.tsx'), 'NpiLookupPage') },
      { path: 'import', lazy: page(() => import('../../features/provider-import/provider-import-page.tsx'), 'ProviderImportPage') },
      { path: 'create', lazy: page(() => import('../../features/add-provider/create/create-provider-page.tsx'), 'CreateProviderPage') },
      {
        path: ':id/manage',
        children: [
          { index: true, element: <Navigate to="edit" replace /> },
          {
            // The manage page (breadcrumb, title, tabs) around its tabs, with issue 7's parts.
            lazy: managePageWithSlots,
            children: [
              { path: 'edit', lazy: editTabWithSlots },
              { path: 'preferences', lazy: preferencesTabWithSlots },
              { path: 'delegates', lazy: delegatesTabWithSlots },
              { path: 'activity', lazy: providerActivityTab },
            ],
          },
        ],
      },
    ],
  },
];
