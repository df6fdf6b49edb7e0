/**
 * /dashboard composed from the features (issue 27; features do not import each other): the
 * staff see verification health, organizations and this device's sync state; a provider's
 * own login sees their record; orders count once the protected data is open in the tab, and
 * the orders the laboratory refused are listed, and the result queue and failed result
 * emails and faxes counted (issue 32); results first: critical values not acknowledged,
 * results waiting for sign-off, results that matched no order. A provider (and their
 * delegates) sees their own orders by status and their unread results.
 */
import { lazy, type ComponentType } from 'react';
import type { LazyRouteFunction, RouteObject } from 'react-router-dom';
import type { DashboardSection } from '../../features/dashboard/dashboard-sections.ts';
import { importWhenReachable } from '../../lib/browser/import-when-reachable.ts';
import { selectKnownUser, useSessionStore } from '../../stores/session-store.ts';
import { PROVIDER_HOME } from '../role-routing.tsx';

/**
 * A section whose code is requested when it is first rendered: DashboardPage renders every
 * section at once right after its first paint, so their requests go out in one wave.
 */
function section<M>(load: () => Promise<M>, pick: (loaded: M) => ComponentType): ComponentType {
  // Offline before the app is saved on the device, a section waits for the connection instead of failing the page.
  return lazy(() => importWhenReachable(load).then((loaded) => ({ default: pick(loaded) })));
}

export const dashboardPage: LazyRouteFunction<RouteObject> = async () => {
  // Only the page and the views of the figures kept at the last visit are awaited (light: no
  // local data): the first paint shows those figures, and the cards' code and the data
  // layer follow it (dashboard-page.tsx), so they neither delay nor add to that paint.
  const [{ DashboardPage }, { KeptVerificationHealth }, { KeptOrganizationFigures }] = await Promise.all([
    import('../../features/dashboard/dashboard-page.tsx'),
    import('../../features/providers/dashboard/verification-health-figures.tsx'),
    import('../../features/organizations/dashboard/organization-figures.tsx'),
  ]);
  const alerts = () => import('../../features/dashboard/alerts-card.tsx');
  const sync = () => import('../../features/dashboard/sync-card.tsx');
  const verification = () => import('../../features/providers/dashboard/verification-health-card.tsx');
  const ownRecord = () => Promise.all([import('../../features/providers/dashboard/own-record-card.tsx'), import('../../features/my-provider/use-my-provider.ts')]);
  const organizations = () => import('../../features/organizations/dashboard/organization-figures-card.tsx');
  const dataLayer = () => import('../../features/patients/data/use-data-layer.ts');
  const refused = () => Promise.all([import('../../features/orders/dashboard/refused-orders-card.tsx'), dataLayer()]);
  const orderFigures = () => Promise.all([import('../../features/orders/dashboard/order-figures-card.tsx'), dataLayer()]);
  const delivery = () => import('../../features/results/dashboard/result-delivery-card.tsx');
  const resultFigures = () => import('../../features/results/dashboard/result-figures-card.tsx');
  const myOrders = () => Promise.all([import('../../features/orders/dashboard/my-orders-card.tsx'), dataLayer()]);
  const myResults = () => Promise.all([import('../../features/results/dashboard/my-results-card.tsx'), dataLayer()]);

  // Orders live in the protected database: counted once it is open in this tab.
  const OrdersSection = section(orderFigures, ([{ OrderFiguresCard, OrderFiguresLocked }, { useProtectedData }]) =>
    function OrdersSection() {
      const protectedData = useProtectedData();
      return protectedData?.db ? <OrderFiguresCard db={protectedData.db} /> : <OrderFiguresLocked />;
    },
  );

  const RefusedOrdersSection = section(refused, ([{ RefusedOrdersCard }, { useProtectedData }]) =>
    function RefusedOrdersSection() {
      const protectedData = useProtectedData();
      return <RefusedOrdersCard db={protectedData?.db ?? null} />;
    },
  );

  // A provider's (and their delegates') own orders and results: RLS puts only theirs on the device.
  const MyOrdersSection = section(myOrders, ([{ MyOrdersCard }, { useProtectedData }]) =>
    function MyOrdersSection() {
      return <MyOrdersCard db={useProtectedData()?.db ?? null} />;
    },
  );

  const MyResultsSection = section(myResults, ([{ MyResultsCard }, { useProtectedData }]) =>
    function MyResultsSection() {
      return <MyResultsCard unlocked={Boolean(useProtectedData()?.db)} />;
    },
  );

  const OwnRecordSection = section(ownRecord, ([{ OwnRecordCard }, { useMyProvider }]) =>
    function OwnRecordSection() {
      const userId = useSessionStore((state) => selectKnownUser(state)?.id ?? null);
      const mine = useMyProvider(userId);
      const value = mine.status === 'ready' ? mine.value : null;
      if (value?.kind !== 'linked') return null;
      return <OwnRecordCard provider={value.provider} to={PROVIDER_HOME} />;
    },
  );

  const SyncCard = section(sync, (loaded) => loaded.SyncCard);
  const sections: DashboardSection[] = [
    // Critical values first, and loud (issue 27); the open alerts beside them on a wide screen.
    { id: 'results', audience: 'staff', span: 'lead', Component: section(resultFigures, (loaded) => loaded.ResultFiguresCard) },
    { id: 'alerts', audience: 'staff', span: 'wide', Component: section(alerts, (loaded) => loaded.AlertsCard) },
    { id: 'verification', audience: 'staff', Component: section(verification, (loaded) => loaded.VerificationHealthCard), Kept: KeptVerificationHealth },
    { id: 'orders', audience: 'staff', Component: OrdersSection },
    {
      id: 'organizations',
      audience: 'staff',
      Component: section(organizations, (loaded) => loaded.OrganizationFiguresCard),
      Kept: KeptOrganizationFigures,
    },
    { id: 'refused-orders', audience: 'staff', Component: RefusedOrdersSection },
    { id: 'result-delivery', audience: 'staff', Component: section(delivery, (loaded) => loaded.ResultDeliveryCard) },
    { id: 'sync', audience: 'staff', Component: SyncCard },
    { id: 'my-results', audience: 'provider', Component: MyResultsSection },
    { id: 'my-orders', audience: 'provider', Component: MyOrdersSection },
    { id: 'own-record', audience: 'provider', Component: OwnRecordSection },
    { id: 'provider-sync', audience: 'provider', Component: SyncCard },
  ];
  return { Component: () => <DashboardPage sections={sections} /> };
};
