/**
 * Where each role works (issue 25): a provider's own login (the provider role without
 * staff access) has one page, /my-provider — their record, preferences and delegates —
 * instead of the staff pages (which RLS would show them with nearly every row missing),
 * so any other guarded page, the post-sign-in landing included, takes them there.
 * Staff and admins pass through.
 */
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { selectIsProviderOnly, useSessionStore } from '../stores/session-store.ts';

export const PROVIDER_HOME = '/my-provider';

/** The pages a provider's own login may open: their page, and the dashboard of their record (issue 27). */
const PROVIDER_PAGES: ReadonlySet<string> = new Set([PROVIDER_HOME, '/dashboard', '/results']);
/** And the pages below these (a result of their inbox, issue 32). */
const PROVIDER_PREFIXES: readonly string[] = ['/results/'];

export function homePathFor(providerOnly: boolean): string {
  return providerOnly ? PROVIDER_HOME : '/dashboard';
}

export function RoleRouting() {
  const providerOnly = useSessionStore(selectIsProviderOnly);
  const { pathname } = useLocation();
  if (providerOnly && !PROVIDER_PAGES.has(pathname) && !PROVIDER_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return <Navigate to={PROVIDER_HOME} replace />;
  return <Outlet />;
}
