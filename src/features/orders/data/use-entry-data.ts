/**
 * What order entry reads from the device: the active client organizations, the active
 * providers who are members of the chosen one (with their NPI and stored PECOS check) from
 * the user's database, and the patients and their earlier orders from the protected one
 * (read whole and decrypted once, as the patient list does: their indexes hold nothing to
 * select by).
 */
import { useEffect, useState } from 'react';
import { map, of, switchMap } from 'rxjs';
import type { LocalDatabase, OrderDoc, OrganizationDoc, PatientDoc, ProviderDoc } from '../../../db/index.ts';
import { useLiveQuery, type Live } from '../../../lib/local-data/use-live-query.ts';
import { loadDataLayer } from './data-layer.ts';

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
  patients: PatientDoc[];
  orders: OrderDoc[];
}

/** The patients and orders of the open protected database, kept current from their change streams. */
export function useProtectedRecords(db: LocalDatabase): ProtectedRecords {
  const [records, setRecords] = useState<ProtectedRecords>({ status: 'loading', patients: [], orders: [] });
  useEffect(() => {
    let stopped = false;
    let reading = false;
    let again = false;
    async function read() {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      try {
        const data = await loadDataLayer();
        const [patients, orders] = await Promise.all([data.readAllPatients(db), data.readAllOrders(db)]);
        if (!stopped) setRecords({ status: 'ready', patients, orders });
      } catch (error) {
        console.error('[orders] reading the protected records failed', error);
        if (!stopped) setRecords((current) => ({ ...current, status: 'error' }));
      } finally {
        reading = false;
        if (again && !stopped) {
          again = false;
          void read();
        }
      }
    }
    void read();
    const subscriptions = [db.patients.eventBulks$.subscribe(() => void read()), db.orders.eventBulks$.subscribe(() => void read())];
    return () => {
      stopped = true;
      subscriptions.forEach((subscription) => subscription.unsubscribe());
    };
  }, [db]);
  return records;
}
