/**
 * /dashboard composed from the features (issue 27; features do not import each other): the
 * staff see verification health, organizations and this device's sync state; a provider's
 * own login sees their record; orders count once the protected data is open in the tab, and
 * the orders the laboratory refused are listed, and the result queue and failed result
 * emails and faxes counted (issue 32); results first: critical values not acknowledged,
 * results waiting for sign-off, results that matched no order. A provider (and their
 * delegates) sees their own orders by status and their unread results.
 */
import type { LazyRouteFunction, RouteObject } from 'react-router-dom';
import type { DashboardSection } from '../../features/dashboard/dashboard-sections.ts';
import { selectKnownUser, useSessionStore } from '../../stores/session-store.ts';
import { PROVIDER_HOME } from '../role-routing.tsx';

export const dashboardPage: LazyRouteFunction<RouteObject> = async () => {
  // One wave of chunk requests: a second `await` after the first would make the page wait
  // for two round trips of code (the bench saw the dashboard load its code in two waves).
  const [
    { DashboardPage },
    { AlertsCard },
    { SyncCard },
    { VerificationHealthCard },
    { OwnRecordCard },
    { OrganizationFiguresCard },
    { useMyProvider },
    { RefusedOrdersCard },
    { OrderFiguresCard, OrderFiguresLocked },
    { useProtectedData },
    { ResultDeliveryCard },
    { ResultFiguresCard },
    { MyOrdersCard },
    { MyResultsCard },
  ] = await Promise.all([
    import('../../features/dashboard/dashboard-page.tsx'),
    import('../../features/dashboard/alerts-card.tsx'),
    import('../../features/dashboard/sync-card.tsx'),
    import('../../features/providers/dashboard/verification-health-card.tsx'),
    import('../../features/providers/dashboard/own-record-card.tsx'),
    import('../../features/organizations/dashboard/organization-figures-card.tsx'),
    import('../../features/my-provider/use-my-provider.ts'),
    import('../../features/orders/dashboard/refused-orders-card.tsx'),
    import('../../features/orders/dashboard/order-figures-card.tsx'),
    import('../../features/patients/data/use-data-layer.ts'),
    import('../../features/results/dashboard/result-delivery-card.tsx'),
    import('../../features/results/dashboard/result-figures-card.tsx'),
    import('../../features/orders/dashboard/my-orders-card.tsx'),
    import('../../features/results/dashboard/my-results-card.tsx'),
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

  // A provider's (and their delegates') own orders and results: RLS puts only theirs on the device.
  function MyOrdersSection() {
    return <MyOrdersCard db={useProtectedData()?.db ?? null} />;
  }

  function MyResultsSection() {
    return <MyResultsCard unlocked={Boolean(useProtectedData()?.db)} />;
  }

  function OwnRecordSection() {
    const userId = useSessionStore((state) => selectKnownUser(state)?.id ?? null);
    const mine = useMyProvider(userId);
    const value = mine.status === 'ready' ? mine.value : null;
    if (value?.kind !== 'linked') return null;
    return <OwnRecordCard provider={value.provider} to={PROVIDER_HOME} />;
  }

  const sections: DashboardSection[] = [
    // Critical values first, and loud (issue 27); the open alerts beside them on a wide screen.
    { id: 'results', audience: 'staff', span: 'lead', Component: ResultFiguresCard },
    { id: 'alerts', audience: 'staff', span: 'wide', Component: AlertsCard },
    { id: 'verification', audience: 'staff', Component: VerificationHealthCard },
    { id: 'orders', audience: 'staff', Component: OrdersSection },
    { id: 'organizations', audience: 'staff', Component: OrganizationFiguresCard },
    { id: 'refused-orders', audience: 'staff', Component: RefusedOrdersSection },
    { id: 'result-delivery', audience: 'staff', Component: ResultDeliveryCard },
    { id: 'sync', audience: 'staff', Component: SyncCard },
    { id: 'my-results', audience: 'provider', Component: MyResultsSection },
    { id: 'my-orders', audience: 'provider', Component: MyOrdersSection },
    { id: 'own-record', audience: 'provider', Component: OwnRecordSection },
    { id: 'provider-sync', audience: 'provider', Component: SyncCard },
  ];
  return { Component: () => <DashboardPage sections={sections} /> };
};
