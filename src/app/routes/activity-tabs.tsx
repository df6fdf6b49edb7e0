/**
 * The Activity tabs (issue 27): the shared audit feed (src/components/timeline) of the
 * record a manage page shows, composed here because the feed and the manage pages belong
 * to different parts (features do not import each other).
 */
import type { LazyRouteFunction, RouteObject } from 'react-router-dom';
import { recordAuditFilters as filtersFor } from '../../lib/timeline/audit-query.ts';

type Lazy = LazyRouteFunction<RouteObject>;

export const providerActivityTab: Lazy = async () => {
  const [{ AuditFeed }, { useManagedProvider }] = await Promise.all([
    import('../../components/timeline/audit-feed.tsx'),
    import('../../features/providers/manage/manage-context.ts'),
  ]);
  function ProviderActivityTab() {
    const provider = useManagedProvider();
    return <AuditFeed filters={filtersFor('providers', provider.id)} showRecord={false} emptyText="No activity recorded for this provider yet." />;
  }
  return { Component: ProviderActivityTab };
};

export const organizationActivityTab: Lazy = async () => {
  const [{ AuditFeed }, { useManagedOrganization }] = await Promise.all([
    import('../../components/timeline/audit-feed.tsx'),
    import('../../features/organizations/manage/manage-context.ts'),
  ]);
  function OrganizationActivityTab() {
    const organization = useManagedOrganization();
    return <AuditFeed filters={filtersFor('organizations', organization.id)} showRecord={false} emptyText="No activity recorded for this organization yet." />;
  }
  return { Component: OrganizationActivityTab };
};
