/**
 * The users page's filters live in the URL (ARCHITECTURE.md "Filters in the URL"), so the
 * dashboard can link to "pending accounts" and an admin can bookmark a view:
 * `/users?q=rivera&role=admin&status=pending`. Unknown values are ignored.
 */
import { ACCOUNT_STATUSES, isRoleName, type AccountStatus } from '../../../lib/users/account-status.ts';
import type { UserFilters } from './user-entries.ts';

export function filtersFromSearch(params: URLSearchParams): UserFilters {
  const role = params.get('role');
  const status = params.get('status');
  return {
    query: params.get('q') ?? '',
    role: role === 'none' || isRoleName(role) ? role : null,
    status: ACCOUNT_STATUSES.includes(status as AccountStatus) ? (status as AccountStatus) : null,
  };
}

/** The query string for these filters (empty ones left out), keeping any other parameter. */
export function searchWithFilters(current: URLSearchParams, filters: Partial<UserFilters>): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (key: string, value: string | null | undefined) => {
    if (value) next.set(key, value);
    else next.delete(key);
  };
  if ('query' in filters) set('q', filters.query);
  if ('role' in filters) set('role', filters.role);
  if ('status' in filters) set('status', filters.status);
  return next;
}

export function hasFilters(filters: UserFilters): boolean {
  return filters.query.trim() !== '' || filters.role !== null || filters.status !== null;
}
