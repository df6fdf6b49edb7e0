/**
 * The order pages (issue 31) composed with the patients feature's gate and, in order entry,
 * its new-patient form (features do not import each other): orders are protected records, so each page opens after the password,
 * like the patient pages.
 */
import { Stack } from '@chakra-ui/react';
import type { LazyRouteFunction, RouteObject } from 'react-router-dom';
import type { OrderSlot } from '../../features/orders/components/order-page.tsx';

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
              addPatient={({ onAdded, onCancel }) => <NewPatientForm db={db} draftOf="order-entry" onSaved={(patient) => onAdded(patient.id)} onCancel={onCancel} />}
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

/** The order page with, under it, the results feature's results of the order and the order's activity (issue 27). */
export const orderDetailPage: Lazy = async () => {
  const [{ ProtectedGate }, { OrderDetail }, { RecordResultsCard }, { RecordActivity }] = await Promise.all([
    import('../../features/patients/components/protected-gate.tsx'),
    import('../../features/orders/components/order-page.tsx'),
    import('../../features/results/components/record-results-card.tsx'),
    import('../../components/timeline/record-activity.tsx'),
  ]);
  const OrderExtras: OrderSlot = ({ order, db }) => (
    <Stack gap="5">
      <RecordResultsCard db={db} of={{ orderId: order.id }} />
      <RecordActivity table="orders" rowId={order.id} emptyText="No activity recorded for this order yet." />
    </Stack>
  );
  return { Component: () => <ProtectedGate>{(db) => <OrderDetail db={db} extras={OrderExtras} />}</ProtectedGate> };
};
