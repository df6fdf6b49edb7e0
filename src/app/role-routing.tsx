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

/**
 * The pages a provider's own login may open: their page, the dashboard of their record and
 * their orders and results (issue 27: the dashboard's figures open the lists they count;
 * RLS sends them only their own orders and results).
 */
const PROVIDER_PAGES: ReadonlySet<string> = new Set([PROVIDER_HOME, '/dashboard', '/results', '/orders']);
/** And the pages below these (a result of their inbox, issue 32; one of their orders), order entry aside. */
const PROVIDER_PREFIXES: readonly string[] = ['/results/', '/orders/'];
const STAFF_ONLY: ReadonlySet<string> = new Set(['/orders/entry', '/results/queue']);

export function homePathFor(providerOnly: boolean): string {
  return providerOnly ? PROVIDER_HOME : '/dashboard';
}

export function RoleRouting() {
  const providerOnly = useSessionStore(selectIsProviderOnly);
  const { pathname } = useLocation();
  const allowed = PROVIDER_PAGES.has(pathname) || (!STAFF_ONLY.has(pathname) && PROVIDER_PREFIXES.some((prefix) => pathname.startsWith(prefix)));
  if (providerOnly && !allowed) return <Navigate to={PROVIDER_HOME} replace />;
  return <Outlet />;
}
