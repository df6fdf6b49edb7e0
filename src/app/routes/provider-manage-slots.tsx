/**
 * The provider manage page composed with issue 7's parts (features do not import each
 * other, so the app puts them together): the Link User Account control in the page header,
 * the Organizations section on the Profile tab, the Provider Preferences card and the
 * Provider Delegates card. Each route loads its page and its part together, lazily.
 */
import type { LazyRouteFunction, RouteObject } from 'react-router-dom';

type Lazy = LazyRouteFunction<RouteObject>;

const manage = () => import('../../features/providers/manage/provider-manage-page.tsx');

export const managePageWithSlots: Lazy = async () => {
  const [{ ProviderManagePage }, { LinkUserAccount }] = await Promise.all([
    manage(),
    import('../../features/provider-relations/components/link-user-account.tsx'),
  ]);
  return { Component: () => <ProviderManagePage headerActions={LinkUserAccount} /> };
};

export const editTabWithSlots: Lazy = async () => {
  const [{ ProviderEditTab }, { OrganizationsSection }] = await Promise.all([
    import('../../features/providers/manage/provider-edit-tab.tsx'),
    import('../../features/provider-relations/components/organizations-section.tsx'),
  ]);
  return { Component: () => <ProviderEditTab organizationsSlot={OrganizationsSection} /> };
};

export const preferencesTabWithSlots: Lazy = async () => {
  const [{ ProviderPreferencesTab }, { ProviderPreferencesCard }] = await Promise.all([
    import('../../features/providers/manage/provider-preferences-tab.tsx'),
    import('../../features/provider-relations/components/provider-preferences-card.tsx'),
  ]);
  return { Component: () => <ProviderPreferencesTab preferencesSlot={ProviderPreferencesCard} /> };
};

export const delegatesTabWithSlots: Lazy = async () => {
  const [{ ProviderDelegatesTab }, { ProviderDelegatesCard }] = await Promise.all([
    import('../../features/providers/manage/provider-delegates-tab.tsx'),
    import('../../features/provider-relations/components/provider-delegates-card.tsx'),
  ]);
  return { Component: () => <ProviderDelegatesTab delegatesSlot={ProviderDelegatesCard} /> };
};
