/**
 * The provider's own page (issue 25) composed from the provider features' parts (features
 * do not import each other): their details and delegates read-only, their preferences
 * editable (a provider decides how their results reach them; RLS lets them).
 */
import type { LazyRouteFunction, RouteObject } from 'react-router-dom';
import type { ProviderDoc } from '../../db/index.ts';

export const myProviderPage: LazyRouteFunction<RouteObject> = async () => {
  const [{ MyProviderPage }, { ProviderDetailsCard }, { ProviderPreferencesCard }, { ProviderDelegatesCard }] = await Promise.all([
    import('../../features/my-provider/my-provider-page.tsx'),
    import('../../features/providers/manage/provider-details-card.tsx'),
    import('../../features/provider-relations/components/provider-preferences-card.tsx'),
    import('../../features/provider-relations/components/provider-delegates-card.tsx'),
  ]);
  const Details = ({ provider }: { provider: Readonly<ProviderDoc> }) => <ProviderDetailsCard provider={provider} readOnly />;
  const Delegates = ({ provider }: { provider: Readonly<ProviderDoc> }) => <ProviderDelegatesCard provider={provider} readOnly />;
  return {
    Component: () => <MyProviderPage detailsSlot={Details} preferencesSlot={ProviderPreferencesCard} delegatesSlot={Delegates} />,
  };
};
