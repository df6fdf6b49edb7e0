/**
 * The order pages (issue 31) composed with the patients feature's gate (features do not
 * import each other): orders are protected records, so each page opens after the password,
 * like the patient pages.
 */
import type { LazyRouteFunction, RouteObject } from 'react-router-dom';

type Lazy = LazyRouteFunction<RouteObject>;

export const orderEntryPage: Lazy = async () => {
  const [{ ProtectedGate }, { OrderEntry, OrderEntryHeader }] = await Promise.all([
    import('../../features/patients/components/protected-gate.tsx'),
    import('../../features/orders/components/order-entry-page.tsx'),
  ]);
  return {
    Component: () => (
      <>
        <OrderEntryHeader />
        <ProtectedGate>{(db) => <OrderEntry db={db} />}</ProtectedGate>
      </>
    ),
  };
};

export const ordersListPage: Lazy = async () => {
  const [{ ProtectedGate }, { OrdersHeader, OrdersList }] = await Promise.all([
    import('../../features/patients/components/protected-gate.tsx'),
    import('../../features/orders/components/orders-page.tsx'),
  ]);
  return {
    Component: () => (
      <>
        <OrdersHeader />
        <ProtectedGate>{(db) => <OrdersList db={db} />}</ProtectedGate>
      </>
    ),
  };
};

export const orderDetailPage: Lazy = async () => {
  const [{ ProtectedGate }, { OrderDetail }] = await Promise.all([
    import('../../features/patients/components/protected-gate.tsx'),
    import('../../features/orders/components/order-page.tsx'),
  ]);
  return { Component: () => <ProtectedGate>{(db) => <OrderDetail db={db} />}</ProtectedGate> };
};
