/**
 * Provider routes (spec §2). Their pages are built by later issues: until then each is a
 * placeholder. `/providers/{id}/manage` opens on the Profile tab (`edit`).
 */
import { Navigate, type RouteObject } from 'react-router-dom';
import { placeholder } from './lazy-route.tsx';

export const providerRoutes: RouteObject[] = [
  {
    path: 'providers',
    children: [
      { index: true, lazy: placeholder('Providers') },
      { path: 'healthcare', lazy: placeholder('Healthcare Providers') },
      { path: 'non-healthcare', lazy: placeholder('Non-Healthcare Providers') },
      { path: 'type-selection', lazy: placeholder('Add Provider') },
      { path: 'lookup', lazy: placeholder('NPI Lookup') },
      { path: 'create', lazy: placeholder('Create Provider') },
      {
        path: ':id/manage',
        children: [
          { index: true, element: <Navigate to="edit" replace /> },
          { path: 'edit', lazy: placeholder('Provider Profile') },
          { path: 'preferences', lazy: placeholder('Provider Preferences') },
          { path: 'delegates', lazy: placeholder('Provider Delegates') },
        ],
      },
    ],
  },
];
