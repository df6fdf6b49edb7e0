/**
 * The order pages (issue 31) composed with the patients feature's gate and, in order entry,
 * its new-patient form (features do not import each other): orders are protected records, so each page opens after the password,
 * like the patient pages.
 */
import type { LazyRouteFunction, RouteObject } from 'react-router-dom';

type Lazy = LazyRouteFunction<RouteObject>;

export const orderEntryPage: Lazy = async () => {
  const [{ ProtectedGate }, { OrderEntry, OrderEntryHeader }, { NewPatientForm }] = await Promise.all([
    import('../../features/patients/components/protected-gate.tsx'),
    import('../../features/orders/components/order-entry-page.tsx'),
    import('../../features/patients/components/add-patient-page.tsx'),
  ]);
  return {
    Component: () => (
      <>
        <OrderEntryHeader />
        <ProtectedGate>
          {(db) => (
            <OrderEntry
              db={db}
              // A patient added without leaving the order: the patients feature's own form, duplicates warning included.
              addPatient={({ onAdded, onCancel }) => <NewPatientForm db={db} onSaved={(patient) => onAdded(patient.id)} onCancel={onCancel} />}
            />
          )}
        </ProtectedGate>
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
