/**
 * The order list's rows (issue 31) on the one list machinery for protected records
 * (src/lib/list/protected-list.ts): every order of the protected database joined with its
 * patient (the same database) and its provider and organization (the user's own database),
 * read and opened once after unlock, then kept current from the four change streams (an
 * order written, a patient renamed, a provider's NPI corrected re-join only the rows they
 * touch; src/lib/list/joined-list-deps.ts). Only what a row shows and is searched by stays
 * in memory (`slimOrder`), and it is written nowhere but sealed with the data key, for the
 * next unlock (src/lib/list/savable-list.ts).
 */
import type { LocalDatabase, OrderDoc } from '../../../db/index.ts';
import { joinedListDeps, keepFields } from '../../../lib/list/joined-list-deps.ts';
import type { ListSnapshot } from '../../../lib/list/list-source.ts';
import { useProtectedList, type ProtectedListDefinition } from '../../../lib/list/protected-list.ts';
import { abnAwaitsSignature, ORDER_INDEX, type OrderListRow } from '../model/order-list.ts';
import { providerListName } from '../../../lib/provider/provider-name.ts';

type Doc = Record<string, unknown> & { id: string };

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function providerName(provider: Doc): string {
  return providerListName(provider);
}

/** An order's row from the order and what it refers to (null: not on this device). */
export function orderListRow(order: OrderDoc, found: Readonly<Record<'patient' | 'provider' | 'organization', Doc | null>>): OrderListRow {
  const { patient, provider, organization } = found;
  return {
    id: order.id,
    requisition_number: order.requisition_number,
    status: order.status,
    priority: order.priority,
    organization_id: order.organization_id,
    provider_id: order.provider_id,
    collected_at: order.collected_at,
    created_at: order.created_at,
    patientName: patient ? `${text(patient.last_name)}, ${text(patient.first_name)}` : 'Unknown patient',
    patientId: patient ? text(patient.lab_patient_id) : '',
    providerName: provider ? providerName(provider) : 'Unknown provider',
    providerNpi: provider ? text(provider.npi) : '',
    organizationName: organization ? text(organization.legal_name) : '',
    waiting: order.local_dirty,
    abnUnsigned: order.status !== 'cancelled' && abnAwaitsSignature(order.abn),
  };
}

/** What the list keeps of an order (what its row and its lookups read; an ABN only while it awaits a signature). */
export function slimOrder(order: OrderDoc): OrderDoc {
  const kept = keepFields('requisition_number', 'status', 'priority', 'organization_id', 'provider_id', 'patient_id', 'collected_at', 'created_at', 'local_dirty')(order as unknown as Doc);
  kept.abn = abnAwaitsSignature(order.abn) ? order.abn : null;
  return kept as unknown as OrderDoc;
}

export const orderListDefinition: ProtectedListDefinition<OrderListRow> = {
  name: 'orders',
  index: ORDER_INDEX as ProtectedListDefinition<OrderListRow>['index'],
  deps: (db, local) =>
    joinedListDeps<OrderDoc, OrderListRow, 'patient' | 'provider' | 'organization'>(
      db,
      {
        primary: 'orders',
        lookups: {
          patient: { collection: 'patients', foreignKey: (order) => order.patient_id, slim: keepFields('first_name', 'last_name', 'lab_patient_id') },
          provider: { collection: 'providers', foreignKey: (order) => order.provider_id, slim: keepFields('first_name', 'last_name', 'credential', 'npi'), referencedOnly: true },
          organization: { collection: 'organizations', foreignKey: (order) => order.organization_id, slim: keepFields('legal_name'), referencedOnly: true },
        },
        join: orderListRow,
        slimPrimary: slimOrder,
      },
      local ? { provider: local, organization: local } : {},
    ),
};

/** The order list of the open protected database (loading while there is none). */
export function useOrderList(db: LocalDatabase | null): ListSnapshot<OrderListRow> {
  return useProtectedList(orderListDefinition, db);
}
