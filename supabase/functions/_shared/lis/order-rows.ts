// The database rows each queued message is built from (lab/order-message.ts): the order, its
// patient, ordering provider, client organization and the compendium entries of its tests,
// read for a whole batch at once (five queries, whatever its size), so a burst of orders
// costs the laboratory link a few round trips rather than five per order.
import type { CompendiumRow, OrderRow, OrderRows, OrganizationRow, PatientRow, ProviderRow } from '../lab/order-message.ts';
import type { SupabaseClient } from '../supabase.ts';

type StoredOrder = OrderRow & { patient_id: string; provider_id: string; organization_id: string };

/** A problem that reading again may solve (the database was not reachable). */
export const TRANSIENT_SUFFIX = 'could not be read.';

const unique = (values: string[]) => [...new Set(values)];
const orNone = (values: string[]) => (values.length ? values : ['00000000-0000-0000-0000-000000000000']);

/** Each order's rows, or the problem that keeps it from being built. */
export async function loadOrderRows(service: SupabaseClient, orderIds: readonly string[]): Promise<Map<string, OrderRows | string>> {
  const out = new Map<string, OrderRows | string>();
  if (orderIds.length === 0) return out;
  const orders = await service.from('orders').select('*').in('id', unique([...orderIds]));
  if (orders.error) {
    for (const id of orderIds) out.set(id, `The order ${id} ${TRANSIENT_SUFFIX}`);
    return out;
  }
  const rows = (orders.data ?? []) as StoredOrder[];
  const codes = unique(rows.flatMap((row) => (Array.isArray(row.tests) ? row.tests.map((t) => t.code) : [])));
  const [patients, providers, organizations, compendium] = await Promise.all([
    service.from('patients').select('*').in('id', orNone(unique(rows.map((r) => r.patient_id)))),
    service.from('providers').select('id, npi, first_name, last_name, credential').in('id', orNone(unique(rows.map((r) => r.provider_id)))),
    service.from('organizations').select('id, legal_name, dba_name, npi, account_number, practice_address, phone').in('id', orNone(unique(rows.map((r) => r.organization_id)))),
    service.from('compendium_tests').select('code, name, loinc, cpt_codes, questions, specimen_type, container').in('code', codes.length ? codes : ['-']),
  ]);
  const byId = <T extends { id: string }>(data: unknown) => new Map(((data ?? []) as T[]).map((row) => [row.id, row]));
  const patientMap = byId<PatientRow & { id: string }>(patients.data);
  const providerMap = byId<ProviderRow & { id: string }>(providers.data);
  const organizationMap = byId<OrganizationRow>(organizations.data);
  const tests = (compendium.data ?? []) as CompendiumRow[];
  for (const id of orderIds) {
    const order = rows.find((row) => row.id === id);
    if (!order) {
      out.set(id, `The order ${id} ${TRANSIENT_SUFFIX}`);
      continue;
    }
    const patient = patients.error ? null : patientMap.get(order.patient_id);
    const provider = providers.error ? null : providerMap.get(order.provider_id);
    const organization = organizations.error ? null : organizationMap.get(order.organization_id);
    if (!patient) out.set(id, `The order’s patient ${TRANSIENT_SUFFIX}`);
    else if (!provider) out.set(id, `The order’s provider ${TRANSIENT_SUFFIX}`);
    else if (!organization) out.set(id, `The order’s organization ${TRANSIENT_SUFFIX}`);
    else if (compendium.error) out.set(id, `The compendium ${TRANSIENT_SUFFIX}`);
    else {
      const own = new Set(order.tests.map((t) => t.code));
      out.set(id, { order, patient, provider, organization, compendium: tests.filter((t) => own.has(t.code)) });
    }
  }
  return out;
}
