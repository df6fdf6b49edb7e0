/**
 * What order entry reads from the device: the active client organizations, the active
 * providers who are members of the chosen one (with their NPI and stored PECOS check) from
 * the user's database, and the patients and their earlier orders from the protected one
 * (the patients: the patient list itself; the orders read whole and decrypted once, as the
 * lists do: their indexes hold nothing to select by; then kept current from the change
 * streams).
 */
import { useMemo } from 'react';
import { map, of, switchMap } from 'rxjs';
import type { LocalDatabase, OrderDoc, OrganizationDoc, PatientDoc, ProviderDoc } from '../../../db/index.ts';
import { protectedCollection, useProtectedList } from '../../../lib/list/protected-list.ts';
import { usePatientList } from '../../../lib/patients/patient-list.ts';
import { useLiveQuery, type Live } from '../../../lib/local-data/use-live-query.ts';

export function useActiveOrganizations(): Live<OrganizationDoc[]> {
  return useLiveQuery(
    'order-entry-organizations',
    (db) =>
      db.organizations
        .find({ selector: { is_active: true }, sort: [{ sort_name: 'asc' }, { id: 'asc' }] })
        .$.pipe(map((docs) => docs.map((doc) => doc.toJSON() as OrganizationDoc).filter((doc) => !doc.deactivated_at))),
    'the organizations',
  );
}

export function useMemberProviders(organizationId: string | null): Live<ProviderDoc[]> {
  return useLiveQuery(
    organizationId ? `order-entry-members-${organizationId}` : null,
    (db) =>
      db.memberships.find({ selector: { organization_id: organizationId ?? '', is_active: true } }).$.pipe(
        switchMap((memberships) => {
          const ids = memberships.map((membership) => membership.provider_id);
          if (ids.length === 0) return of([] as ProviderDoc[]);
          return db.providers.findByIds(ids).$.pipe(
            map((found) =>
              [...found.values()]
                .map((doc) => doc.toJSON() as ProviderDoc)
                .filter((provider) => provider.is_active)
                .sort((a, b) => `${a.last_name} ${a.first_name}`.localeCompare(`${b.last_name} ${b.first_name}`)),
            ),
          );
        }),
      ),
    'the organization’s providers',
  );
}

export interface ProtectedRecords {
  status: 'loading' | 'ready' | 'error';
  /** The patients, by name (the patient list's index). */
  patients: readonly PatientDoc[];
  orders: readonly OrderDoc[];
  /** A patient by id (null: not on this device, or not read yet). */
  patient(id: string | null | undefined): PatientDoc | null;
  /** The patients a query finds, by name (the patient list's search: each word in any field). */
  searchPatients(query: string): readonly PatientDoc[];
}

const NONE: readonly never[] = [];

/**
 * The patients and orders of the open protected database, kept current from their change
 * streams: shared by every page of this database (src/lib/list/protected-list.ts), so going
 * from order entry to the order just saved, or to the dashboard, finds them read and opened
 * already, and a write updates one record instead of reading and opening every one again.
 * The patients are the patient list's own index (src/lib/patients/patient-list.ts): one
 * read for both, and a patient found by id or searched without a scan of every patient.
 */
export function useProtectedRecords(db: LocalDatabase): ProtectedRecords {
  const patients = usePatientList(db);
  const orders = useProtectedList(protectedCollection<OrderDoc>('orders'), db);
  const failed = patients.phase === 'error' || orders.phase === 'error';
  const patientIndex = patients.index;
  const patientRows = patientIndex?.rows() ?? NONE;
  const orderRows = orders.index?.rows() ?? NONE;
  const status = failed ? 'error' : patientIndex && orders.index ? 'ready' : 'loading';
  return useMemo(
    () => ({
      status,
      patients: patientRows as readonly PatientDoc[],
      orders: orderRows,
      patient: (id: string | null | undefined) => (id ? ((patientIndex?.get(id) as PatientDoc | undefined) ?? null) : null),
      searchPatients: (query: string) => (patientIndex ? (patientIndex.query(query) as readonly PatientDoc[]) : NONE),
    }),
    [status, patientRows, orderRows, patientIndex],
  );
}
