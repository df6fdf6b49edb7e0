/**
 * The patient page (issue 26) with what other parts show of the patient under the details:
 * the orders feature's list of their orders, the results feature's list of their results, and the shared audit feed of the record (who
 * added, changed and opened it). Composed here because features do not import each other.
 */
import { Stack } from '@chakra-ui/react';
import type { LazyRouteFunction, RouteObject } from 'react-router-dom';
import type { PatientSlot } from '../../features/patients/components/patient-page.tsx';

export const patientPage: LazyRouteFunction<RouteObject> = async () => {
  const [{ PatientPage }, { PatientOrdersCard }, { RecordResultsCard }, { RecordActivity }] = await Promise.all([
    import('../../features/patients/components/patient-page.tsx'),
    import('../../features/orders/components/patient-orders-card.tsx'),
    import('../../features/results/components/record-results-card.tsx'),
    import('../../components/timeline/record-activity.tsx'),
  ]);
  const PatientExtras: PatientSlot = ({ patient, db }) => (
    <Stack gap="5">
      <PatientOrdersCard db={db} patientId={patient.id} />
      <RecordResultsCard db={db} of={{ patientId: patient.id }} />
      <RecordActivity table="patients" rowId={patient.id} emptyText="No activity recorded for this patient yet." />
    </Stack>
  );
  return { Component: () => <PatientPage ordersSlot={PatientExtras} /> };
};
