/**
 * The order list's rows from two databases: orders and patients sealed in the protected one
 * (opened by the read), providers and organizations in the user's own, joined once and then
 * kept current from the four change streams.
 */
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dexieStorage, openLocalDatabase, type LocalDatabase } from '../../../db/database.ts';
import { newLocalDoc } from '../../../db/mapping/row-mapping.ts';
import { encryptingStorage } from '../../../db/protected/encrypting-storage.ts';
import { PROTECTED_TABLES } from '../../../db/tables/definitions.ts';
import { ListSource } from '../../../lib/list/list-source.ts';
import { SearchIndex } from '../../../lib/list/search-index.ts';
import type { OrderListRow } from '../model/order-list.ts';
import { orderListDefinition } from './order-list-source.ts';

const ORG = '0b8e6c2e-1111-4f5e-9d1c-000000000001';
const ADA = '0b8e6c2e-2222-4f5e-9d1c-000000000001';
const BEN = '0b8e6c2e-2222-4f5e-9d1c-000000000002';
const ELEANOR = '0b8e6c2e-3333-4f5e-9d1c-000000000001';

let secure: LocalDatabase;
let local: LocalDatabase;

function order(id: string, requisition: string, provider: string, collected: string) {
  return newLocalDoc('orders', {
    id,
    requisition_number: requisition,
    status: 'submitted',
    organization_id: ORG,
    provider_id: provider,
    patient_id: ELEANOR,
    billing: 'client',
    collected_at: collected,
  });
}

const WAIT = { timeout: 10_000, interval: 20 };

beforeAll(async () => {
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  secure = await openLocalDatabase('orders-list', {
    name: 'labdir-orders-list-protected',
    storage: dexieStorage({ indexedDB, IDBKeyRange }),
    tables: PROTECTED_TABLES,
    withOutbox: false,
    devMode: false,
    multiInstance: false,
    wrapStorage: (storage) => encryptingStorage(storage, { key }),
  });
  local = await openLocalDatabase('orders-list', {
    storage: dexieStorage({ indexedDB, IDBKeyRange }),
    devMode: false,
    multiInstance: false,
    tables: ['organizations', 'providers'],
  });
  await local.organizations.insert(newLocalDoc('organizations', { id: ORG, legal_name: 'Capital Region Family Medicine', type: 'clinic' }));
  await local.providers.bulkInsert([
    newLocalDoc('providers', { id: ADA, first_name: 'Ada', last_name: 'Okafor', npi: '1234567893' }),
    newLocalDoc('providers', { id: BEN, first_name: 'Ben', last_name: 'Nakamura', npi: '1245319599' }),
  ]);
  await secure.patients.insert(
    newLocalDoc('patients', { id: ELEANOR, lab_patient_id: 'P-7-0001', first_name: 'Eleanor', last_name: 'Whitfield', date_of_birth: '1948-03-12', sex: 'female' }),
  );
  await secure.orders.insert(order('0b8e6c2e-4444-4f5e-9d1c-000000000001', 'R-7-0001', ADA, '2026-11-20T09:00:00.000Z'));
});

afterAll(async () => {
  await secure.close();
  await local.close();
});

describe('the order list source', () => {
  it('joins each order with its patient, provider and organization, and follows every change', async () => {
    const source = new ListSource<OrderListRow>(
      { name: 'orders', scope: 'all', createIndex: (rows) => new SearchIndex(orderListDefinition.index, rows), includes: () => true },
      orderListDefinition.deps(secure, local),
    );
    source.start();
    await vi.waitFor(() => expect(source.getSnapshot().phase).toBe('ready'), WAIT);
    const index = () => source.getSnapshot().index!;
    expect(index().rows()).toMatchObject([
      { requisition_number: 'R-7-0001', patientName: 'Whitfield, Eleanor', patientId: 'P-7-0001', providerName: 'Okafor, Ada', providerNpi: '1234567893', organizationName: 'Capital Region Family Medicine', waiting: true },
    ]);

    // A new order for a provider no order named yet: its provider is read then.
    await secure.orders.insert(order('0b8e6c2e-4444-4f5e-9d1c-000000000002', 'R-7-0002', BEN, '2026-11-21T09:00:00.000Z'));
    await vi.waitFor(() => expect(index().query('nakamura whitfield').map((row) => row.requisition_number)).toEqual(['R-7-0002']), WAIT);

    // The patient renamed: every order of theirs is joined again.
    const patient = await secure.patients.findOne(ELEANOR).exec();
    await patient!.incrementalPatch({ last_name: 'Whitfield-Hale' });
    await vi.waitFor(() => expect(index().query('whitfield-hale').map((row) => row.requisition_number)).toEqual(['R-7-0002', 'R-7-0001']), WAIT);
    expect(index().query('').map((row) => row.patientName)).toEqual(['Whitfield-Hale, Eleanor', 'Whitfield-Hale, Eleanor']);
    source.stop();
  });

  it('saves the slim orders and patients it is joined from, and is joined again from them with no full read', async () => {
    const first = orderListDefinition.deps(secure, local) as ReturnType<typeof orderListDefinition.deps> & { savable: NonNullable<ReturnType<typeof orderListDefinition.deps>['savable']> };
    const latest = await first.savable.latestWrite();
    const rows = (await first.allRows()) as OrderListRow[];
    expect(Number.isFinite(latest)).toBe(true);
    const saved = JSON.parse(JSON.stringify(first.savable.state(rows))) as { primaries: Array<Record<string, unknown>>; found: Record<string, unknown[]> };
    // Only what a row reads: no tests, answers or billing of an order, no address of a patient.
    expect(Object.keys(saved.primaries[0]!).sort()).toEqual(
      ['abn', 'collected_at', 'created_at', 'id', 'local_dirty', 'organization_id', 'patient_id', 'priority', 'provider_id', 'requisition_number', 'status'].sort(),
    );
    expect(Object.keys(saved.found)).toEqual(['patient']);

    // Pulled at unlock, after the list was saved: taken from the saved list with this one read again.
    await secure.orders.insert(order('0b8e6c2e-4444-4f5e-9d1c-000000000003', 'R-7-0003', ADA, '2026-11-22T09:00:00.000Z'));
    const second = orderListDefinition.deps(secure, local);
    expect(await second.savable!.latestWrite()).toBeGreaterThan(latest);
    const restored = vi.fn();
    const source = new ListSource<OrderListRow>(
      { name: 'orders', scope: 'all', createIndex: (list) => new SearchIndex(orderListDefinition.index, list), includes: () => true },
      { ...second, allRows: async () => (restored(), second.savable!.restore(saved, latest)) },
    );
    source.start();
    await vi.waitFor(() => expect(source.getSnapshot().phase).toBe('ready'), WAIT);
    expect(restored).toHaveBeenCalledTimes(1);
    const index = () => source.getSnapshot().index!;
    const shown = (list: readonly OrderListRow[]) => list.map((row) => `${row.requisition_number} ${row.patientName} ${row.providerName} ${row.organizationName}`).sort();
    expect(shown(index().rows())).toEqual(
      shown([...rows, { requisition_number: 'R-7-0003', patientName: 'Whitfield-Hale, Eleanor', providerName: 'Okafor, Ada', organizationName: 'Capital Region Family Medicine' } as OrderListRow]),
    );
    // Restored, it still follows the changes: the patient renamed re-joins their orders.
    const patient = await secure.patients.findOne(ELEANOR).exec();
    await patient!.incrementalPatch({ last_name: 'Hale' });
    await vi.waitFor(() => expect(index().query('hale').length).toBe(rows.length + 1), WAIT);
    expect(second.savable!.lastWrite()).toBeGreaterThan(latest);
    source.stop();
  });
});
