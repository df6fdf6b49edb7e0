/**
 * /dashboard composed from the features (issue 27; features do not import each other): the
 * staff see verification health, organizations and this device's sync state; a provider's
 * own login sees their record; orders count once the protected data is open in the tab, and
 * the orders the laboratory refused are listed, and the result queue and failed result
 * emails and faxes counted (issue 32).
 */
import type { LazyRouteFunction, RouteObject } from 'react-router-dom';
import type { DashboardSection } from '../../features/dashboard/dashboard-sections.ts';
import { selectKnownUser, useSessionStore } from '../../stores/session-store.ts';
import { PROVIDER_HOME } from '../role-routing.tsx';

export const dashboardPage: LazyRouteFunction<RouteObject> = async () => {
  const [{ DashboardPage }, { AlertsCard }, { SyncCard }, { VerificationHealthCard }, { OwnRecordCard }, { OrganizationFiguresCard }, { useMyProvider }, { RefusedOrdersCard }] = await Promise.all([
    import('../../features/dashboard/dashboard-page.tsx'),
    import('../../features/dashboard/alerts-card.tsx'),
    import('../../features/dashboard/sync-card.tsx'),
    import('../../features/providers/dashboard/verification-health-card.tsx'),
    import('../../features/providers/dashboard/own-record-card.tsx'),
    import('../../features/organizations/dashboard/organization-figures-card.tsx'),
    import('../../features/my-provider/use-my-provider.ts'),
    import('../../features/orders/dashboard/refused-orders-card.tsx'),
  ]);
  const [{ OrderFiguresCard, OrderFiguresLocked }, { useProtectedData }, { ResultDeliveryCard }] = await Promise.all([
    import('../../features/orders/dashboard/order-figures-card.tsx'),
    import('../../features/patients/data/use-data-layer.ts'),
    import('../../features/results/dashboard/result-delivery-card.tsx'),
  ]);

  // Orders live in the protected database: counted once it is open in this tab.
  function OrdersSection() {
    const protectedData = useProtectedData();
    return protectedData?.db ? <OrderFiguresCard db={protectedData.db} /> : <OrderFiguresLocked />;
  }

  function RefusedOrdersSection() {
    const protectedData = useProtectedData();
    return <RefusedOrdersCard db={protectedData?.db ?? null} />;
  }

  function OwnRecordSection() {
    const userId = useSessionStore((state) => selectKnownUser(state)?.id ?? null);
    const mine = useMyProvider(userId);
    const value = mine.status === 'ready' ? mine.value : null;
    if (value?.kind !== 'linked') return null;
    return <OwnRecordCard provider={value.provider} to={PROVIDER_HOME} />;
  }

  const sections: DashboardSection[] = [
    { id: 'alerts', audience: 'staff', wide: true, Component: AlertsCard },
    { id: 'verification', audience: 'staff', Component: VerificationHealthCard },
    { id: 'orders', audience: 'staff', Component: OrdersSection },
    { id: 'organizations', audience: 'staff', Component: OrganizationFiguresCard },
    { id: 'refused-orders', audience: 'staff', Component: RefusedOrdersSection },
    { id: 'result-delivery', audience: 'staff', Component: ResultDeliveryCard },
    { id: 'sync', audience: 'staff', Component: SyncCard },
    { id: 'own-record', audience: 'provider', Component: OwnRecordSection },
    { id: 'provider-sync', audience: 'provider', Component: SyncCard },
  ];
  return { Component: () => <DashboardPage sections={sections} /> };
};
