/** Where the organization pages are (spec §2) and the id rule of the manage page (as for providers: trimmed, lowercased). */
import type { OrganizationScope } from './organization-texts.ts';

export const ORGANIZATION_PATHS = {
  list: '/organizations',
  typeSelection: '/organizations/type-selection',
  lookup: '/organizations/lookup',
  create: '/organizations/create',
  members: '/organization-memberships',
} as const;

export const LIST_PATHS: Readonly<Record<OrganizationScope, string>> = {
  all: '/organizations',
  healthcare: '/organizations/healthcare',
  non_healthcare: '/organizations/non-healthcare',
  sole_proprietor: '/organizations/sole-proprietor',
};

export type ManageTab = 'edit' | 'schedule' | 'people' | 'activity';

export const MANAGE_TABS: readonly ManageTab[] = ['edit', 'schedule', 'people', 'activity'];

export function normalizeOrganizationId(raw: string | undefined): string {
  return (raw ?? '').trim().toLowerCase();
}

export function manageOrganizationPath(id: string, tab: ManageTab = 'edit'): string {
  return `/organizations/${encodeURIComponent(normalizeOrganizationId(id))}/manage/${tab}`;
}

/** The tab a manage path shows (edit for the bare path). */
export function activeManageTab(pathname: string): ManageTab {
  if (/\/manage\/schedule\/?$/.test(pathname)) return 'schedule';
  if (/\/manage\/people\/?$/.test(pathname)) return 'people';
  if (/\/manage\/activity\/?$/.test(pathname)) return 'activity';
  return 'edit';
}
