/**
 * The manage page's routing rules (spec §2): the provider id is lowercased and trimmed
 * before lookup, and the active tab follows the path (Preferences when it contains
 * /preferences, Delegates at /delegates, Activity at /activity, else Profile).
 */

export type ManageTab = 'profile' | 'preferences' | 'delegates' | 'activity';

export function normalizeProviderId(raw: string | null | undefined): string {
  return (raw ?? '').trim().toLowerCase();
}

export function activeManageTab(pathname: string): ManageTab {
  if (pathname.includes('/preferences')) return 'preferences';
  if (/\/manage\/delegates\/?$/.test(pathname)) return 'delegates';
  return /\/manage\/activity\/?$/.test(pathname) ? 'activity' : 'profile';
}

/** Where a list row click goes. */
export function manageProviderPath(id: string): string {
  return `/providers/${encodeURIComponent(id)}/manage/edit`;
}
