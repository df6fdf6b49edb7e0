/**
 * Orders on the server (issue 31), from the refused side: staff and admins order for any
 * provider; a delegate of type order or both only for their provider; a results-only
 * delegate, another provider's delegate, a user with no role and an anonymous caller
 * cannot. The server applies the Medicare rules again when an order is submitted and keeps
 * where it disagrees with the device on the row; users move an order only from draft to
 * submitted and to cancelled (with a reason) until the laboratory received it.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient, signedInUser, userWithRole, type Client, type TestUser } from '../helpers/clients.ts';
import { expectOk, expectRefused, organizationRow, providerRow, seedOne, seedRows, visibleIds, type Row } from './directory-helpers.ts';

let staff: TestUser;
let orderDelegate: TestUser;
let resultsDelegate: TestUser;
let noRole: TestUser;
let organizationId: string;
let eligibleProvider: string;
let uncheckedProvider: string;
let otherProvider: string;
let patientId: string;

// Tests and NCDs of this file alone (codes no other test uses).
const A1C = 'ORD-A1C';
const LIPID = 'ORD-LIPID';

function pecosEvidence(npi: string): Row {
  return {
    npi,
    checked_at: new Date().toISOString(),
    enrollment: { rows: [{ NPI: npi }] },
    order_referring: { rows: [{ NPI: npi, PARTB: 'Y' }] },
  };
}

let counter = 0;
function requisition(): string {
  counter += 1;
  return `R-${randomUUID().slice(0, 5).toUpperCase().replace(/[ILOU]/g, '7')}-${String(counter).padStart(4, '0')}`;
}

function orderRow(overrides: Row = {}): Row {
  return {
    id: randomUUID(),
    requisition_number: requisition(),
    status: 'submitted',
    organization_id: organizationId,
    provider_id: eligibleProvider,
    patient_id: patientId,
    billing: 'insurance',
    coverage_rank: 'primary',
    tests: [
      { code: A1C, cpt_codes: ['0901U'], necessity: 'supported', modifiers: [{ cpt: '0901U', modifier: null }] },
      { code: LIPID, cpt_codes: ['0902U'], necessity: 'not-supported', modifiers: [{ cpt: '0902U', modifier: 'GA' }] },
    ],
    answers: [{ test: LIPID, question: 'FASTING', value: 'yes' }],
    diagnoses: ['E11.9'],
    collected_at: new Date().toISOString(),
    priority: 'routine',
    abn: { option: 1, signature: 'signed', tests: [LIPID], reason: 'x', estimated_cost: 25 },
    ...overrides,
  };
}

async function delegateOf(provider: string, type: 'order' | 'results' | 'both', prefix: string): Promise<TestUser> {
  const user = await userWithRole('provider', prefix);
  await seedRows('provider_delegate_approvals', [{ id: randomUUID(), provider_id: provider, delegate_id: user.id, approval_type: type }]);
  return user;
}

beforeAll(async () => {
  const service = serviceClient();
  const ncd = await service.from('ncd_policies').upsert([
    { id: '190.33', title: 'Contract glycated hemoglobin', list_kind: 'covered', frequency: [] },
    { id: '190.34', title: 'Contract lipids', list_kind: 'covered', frequency: [] },
  ]);
  if (ncd.error) throw ncd.error;
  const codes = await service.from('ncd_codes').upsert([
    { ncd_id: '190.33', list: 'hcpcs', code: '0901U' },
    { ncd_id: '190.33', list: 'diagnosis', code: 'E119' },
    { ncd_id: '190.34', list: 'hcpcs', code: '0902U' },
    { ncd_id: '190.34', list: 'diagnosis', code: 'E785' },
  ]);
  if (codes.error) throw codes.error;
  const compendium = await service.from('compendium_tests').upsert([
    { code: A1C, name: 'Contract A1c', specimen_type: 'Whole blood', container: 'Lavender', transport_temperature: 'refrigerated', cpt_codes: ['0901U'], questions: [] },
    {
      code: LIPID, name: 'Contract lipid', specimen_type: 'Serum', container: 'Gold', transport_temperature: 'refrigerated', cpt_codes: ['0902U'],
      questions: [{ code: 'FASTING', text: 'Fasting?', type: 'yes-no', required: true, choices: [] }],
    },
  ]);
  if (compendium.error) throw compendium.error;

  organizationId = await seedOne('organizations', organizationRow());
  const npi = providerRow().npi as string;
  eligibleProvider = await seedOne('providers', providerRow({ npi, pecos_verified: true, pecos_verification_date: new Date().toISOString(), pecos_verification_data: pecosEvidence(npi) }));
  uncheckedProvider = await seedOne('providers', providerRow());
  otherProvider = await seedOne('providers', providerRow());
  patientId = await seedOne('patients', {
    id: randomUUID(), lab_patient_id: `P-${randomUUID().slice(0, 4).toUpperCase().replace(/[ILOU]/g, '7')}-0001`,
    first_name: 'Order', last_name: 'Contract', date_of_birth: '1948-02-03', sex: 'male',
    coverages: [{ rank: 'primary', payer_type: 'medicare', payer_name: 'Medicare', member_id: '1EG4TE5MK73' }],
  });
  [staff, orderDelegate, resultsDelegate, noRole] = await Promise.all([
    userWithRole('staff', 'orders-staff'),
    delegateOf(eligibleProvider, 'order', 'orders-delegate'),
    delegateOf(eligibleProvider, 'results', 'orders-results'),
    signedInUser('orders-no-role'),
  ]);
});

function push(client: Client, rows: Row[]) {
  return client.rpc('sync_push', { p_table: 'orders', p_rows: rows.map((row) => ({ new: row, assumed: null })) });
}

async function stored(id: string): Promise<Row> {
  const { data, error } = await serviceClient().from('orders').select('*').eq('id', id).single();
  if (error) throw error;
  return data as Row;
}

describe('who may order', () => {
  it('staff order for any provider through the replication push, recorded as themselves', async () => {
    const row = orderRow({ created_by: orderDelegate.id });
    expect((await push(staff.client, [row])).data).toEqual({ conflicts: [], rejected: [] });
    expect(await stored(row.id as string)).toMatchObject({ created_by: staff.id, status: 'submitted' });
  });

  it('a delegate of type order orders for that provider and reads the order and its patient', async () => {
    const row = orderRow();
    expect((await push(orderDelegate.client, [row])).data).toEqual({ conflicts: [], rejected: [] });
    expect(await visibleIds(orderDelegate.client, 'orders', [row.id as string])).toEqual([row.id]);
    expect(await visibleIds(orderDelegate.client, 'patients', [patientId])).toEqual([patientId]);
  });

  it('a delegate of type order cannot order for another provider (42501)', async () => {
    const row = orderRow({ provider_id: otherProvider });
    const { data } = await push(orderDelegate.client, [row]);
    expect((data as { rejected: Array<{ code: string }> }).rejected.map((r) => r.code)).toEqual(['42501']);
    expectRefused(await orderDelegate.client.from('orders').insert(orderRow({ provider_id: otherProvider })), 403, '42501');
  });

  it.each([
    ['a results-only delegate', () => resultsDelegate],
    ['a user with no role', () => noRole],
  ])('%s cannot order, reads no order and changes none', async (_who, user) => {
    const { client } = user();
    const existing = orderRow({ status: 'draft' });
    expectOk(await staff.client.from('orders').insert(existing), 201);
    expectRefused(await client.from('orders').insert(orderRow()), 403, '42501');
    const { data } = await push(client, [orderRow()]);
    expect((data as { rejected: Array<{ code: string }> }).rejected.map((r) => r.code)).toEqual(['42501']);
    expect(await visibleIds(client, 'orders', [existing.id as string])).toEqual([]);
    expectOk(await client.from('orders').update({ status: 'cancelled', cancel_reason: 'x' }).eq('id', existing.id as string), 204);
    expect((await stored(existing.id as string)).status).toBe('draft');
  });

  it('an anonymous caller is refused outright (401)', async () => {
    expectRefused(await anonClient().from('orders').select('*'), 401, '42501');
    expectRefused(await anonClient().from('orders').insert(orderRow()), 401, '42501');
  });
});

describe('the server checks Medicare again', () => {
  it('agrees with a device that found one test unsupported and recorded an ABN (GA)', async () => {
    const row = orderRow();
    expectOk(await staff.client.from('orders').insert(row), 201);
    const check = (await stored(row.id as string)).server_check as Row;
    expect(check).toMatchObject({
      medicare: true,
      eligibility: { status: 'eligible' },
      tests: [
        { code: A1C, status: 'supported', modifier: null },
        { code: LIPID, status: 'not-supported', modifier: 'GA' },
      ],
      disagreements: [],
    });
  });

  it('records where the device was wrong, and a provider Medicare cannot be billed for', async () => {
    const row = orderRow({
      provider_id: uncheckedProvider,
      tests: [{ code: LIPID, cpt_codes: ['0902U'], necessity: 'supported', modifiers: [{ cpt: '0902U', modifier: null }] }],
      answers: [],
      abn: null,
    });
    expectOk(await staff.client.from('orders').insert(row), 201);
    const check = (await stored(row.id as string)).server_check as { tests: Row[]; disagreements: string[] };
    expect(check.tests).toEqual([{ code: LIPID, status: 'not-supported', modifier: 'GZ' }]);
    expect(check.disagreements).toEqual([
      `${LIPID}: required order questions are not answered (FASTING).`,
      `${LIPID}: this device found "Supported", the laboratory "Not supported".`,
      `${LIPID}: this device set modifier none, the laboratory GZ.`,
      "Medicare is billed but the ordering provider's PECOS and Part B check is due: PECOS enrollment and Part B ordering have not been checked for this provider.",
    ]);
  });

  it('does not check Medicare for client billing, and a device cannot write the verdict', async () => {
    const row = orderRow({ billing: 'client', coverage_rank: null, server_check: { disagreements: [] } });
    expectOk(await staff.client.from('orders').insert(row), 201);
    expect((await stored(row.id as string)).server_check).toMatchObject({ medicare: false, disagreements: [] });
    const draft = orderRow({ status: 'draft', server_check: { forged: true } });
    expectOk(await staff.client.from('orders').insert(draft), 201);
    expect((await stored(draft.id as string)).server_check).toBeNull();
  });
});

describe('an open loss-of-enrollment alert', () => {
  async function providerWithAlert(kind: string, acknowledged = false): Promise<string> {
    const npi = providerRow().npi as string;
    const id = await seedOne('providers', providerRow({ npi, pecos_verified: true, pecos_verification_date: new Date().toISOString(), pecos_verification_data: pecosEvidence(npi) }));
    const alert = {
      id: randomUUID(), provider_id: id, kind, summary: `Contract ${kind}`, details: {},
      acknowledged_at: acknowledged ? new Date().toISOString() : null,
    };
    const { error } = await serviceClient().from('alerts').insert(alert);
    if (error) throw error;
    return id;
  }

  it.each([
    ['pecos_lost', 'Medicare enrollment lost'],
    ['part_b_lost', 'Part B ordering lost'],
    ['npi_deactivated', 'NPI deactivated'],
    ['exclusion_confirmed', 'Excluded (OIG LEIE)'],
  ])('refuses Medicare billing under an open %s alert (23514), through the push too', async (kind, label) => {
    const provider = await providerWithAlert(kind);
    const refused = await staff.client.from('orders').insert(orderRow({ provider_id: provider }));
    expectRefused(refused, 400, '23514');
    expect(refused.error?.message).toBe(`Medicare cannot be billed: the ordering provider has an open alert (${label}). Bill the client or the patient instead.`);
    const row = orderRow({ provider_id: provider });
    const { data } = await push(staff.client, [row]);
    expect((data as { rejected: Array<{ code: string }> }).rejected.map((r) => r.code)).toEqual(['23514']);
    const { data: kept } = await serviceClient().from('orders').select('id').eq('id', row.id as string);
    expect(kept).toEqual([]);
  });

  it('refuses a draft moved to submitted, and a delegate (who cannot read alerts) alike', async () => {
    const provider = await providerWithAlert('pecos_lost');
    const draft = orderRow({ provider_id: provider, status: 'draft' });
    expectOk(await staff.client.from('orders').insert(draft), 201);
    expectRefused(await staff.client.from('orders').update({ status: 'submitted' }).eq('id', draft.id as string), 400, '23514');
    expect((await stored(draft.id as string)).status).toBe('draft');
    const delegate = await delegateOf(provider, 'order', 'orders-alert-delegate');
    expectRefused(await delegate.client.from('orders').insert(orderRow({ provider_id: provider })), 400, '23514');
  });

  it('accepts client billing under the alert, and Medicare once the alert is acknowledged or is of another kind', async () => {
    const provider = await providerWithAlert('part_b_lost');
    expectOk(await staff.client.from('orders').insert(orderRow({ provider_id: provider, billing: 'client', coverage_rank: null })), 201);
    expectOk(await staff.client.from('orders').insert(orderRow({ provider_id: await providerWithAlert('part_b_lost', true) })), 201);
    expectOk(await staff.client.from('orders').insert(orderRow({ provider_id: await providerWithAlert('name_changed') })), 201);
  });
});

describe("the order's life", () => {
  it('is cancelled with a reason until received, and a submitted order cannot be changed', async () => {
    const row = orderRow();
    expectOk(await staff.client.from('orders').insert(row), 201);
    const id = row.id as string;
    expectRefused(await staff.client.from('orders').update({ diagnoses: ['E78.5'] }).eq('id', id), 403, '42501');
    expectRefused(await staff.client.from('orders').update({ status: 'received' }).eq('id', id), 403, '42501');
    expectRefused(await staff.client.from('orders').update({ status: 'cancelled' }).eq('id', id), 400, '23514');
    expectOk(await staff.client.from('orders').update({ status: 'cancelled', cancel_reason: 'Entered twice' }).eq('id', id), 204);
    expect(await stored(id)).toMatchObject({ status: 'cancelled', cancel_reason: 'Entered twice' });

    const received = orderRow();
    expectOk(await staff.client.from('orders').insert(received), 201);
    await serviceClient().from('orders').update({ status: 'received' }).eq('id', received.id as string);
    expectRefused(await staff.client.from('orders').update({ status: 'cancelled', cancel_reason: 'Too late' }).eq('id', received.id as string), 403, '42501');
  });

  it('refuses a taken requisition number (23505), more than 12 diagnoses and insurance billing without one (23514)', async () => {
    const first = orderRow();
    expectOk(await staff.client.from('orders').insert(first), 201);
    expectRefused(await staff.client.from('orders').insert(orderRow({ requisition_number: first.requisition_number })), 409, '23505');
    const thirteen = Array.from({ length: 13 }, (_, i) => `E11.${i + 10}`);
    expectRefused(await staff.client.from('orders').insert(orderRow({ diagnoses: thirteen })), 400, '23514');
    expectRefused(await staff.client.from('orders').insert(orderRow({ diagnoses: [] })), 400, '23514');
  });
});

describe('printing an order’s documents', () => {
  it('writes an audit row per print, as the caller, with what was printed', async () => {
    const row = orderRow();
    expectOk(await staff.client.from('orders').insert(row), 201);
    const prints = (['printed_requisition', 'printed_labels', 'printed_abn'] as const).map((action) => ({
      id: randomUUID(), table_name: 'orders', row_id: row.id, patient_id: patientId, opened_at: new Date().toISOString(), action,
    }));
    expect((await staff.client.rpc('record_openings', { p_openings: prints })).data).toBe(3);
    const { data } = await serviceClient().from('access_log').select('id, action, opened_by, table_name').in('id', prints.map((p) => p.id));
    expect(new Map((data ?? []).map((item) => [item.id, item]))).toEqual(
      new Map(prints.map((p) => [p.id, { id: p.id, action: p.action, opened_by: staff.id, table_name: 'orders' }])),
    );
  });

  it('refuses an action the log does not know (23514) and records nothing of that call', async () => {
    const good = { id: randomUUID(), table_name: 'orders', row_id: randomUUID(), patient_id: patientId, opened_at: new Date().toISOString() };
    const bad = { ...good, id: randomUUID(), action: 'deleted' };
    expectRefused(await staff.client.rpc('record_openings', { p_openings: [good, bad] }), 400, '23514');
    const { data } = await serviceClient().from('access_log').select('id').in('id', [good.id, bad.id]);
    expect(data).toEqual([]);
  });
});

describe('a confirmed OIG exclusion', () => {
  const REFUSAL = 'The ordering provider is on the OIG exclusion list: no order can be placed in their name.';

  async function excludedProvider(): Promise<string> {
    const id = await seedOne('providers', providerRow());
    const data = { matches: [{ basis: 'npi', status: 'confirmed', excl_type: '1128a1', excl_date: '2020-03-19' }] };
    const { error } = await serviceClient().from('providers').update({ exclusion_status: 'excluded', exclusion_data: data }).eq('id', id);
    if (error) throw error;
    return id;
  }

  it('refuses any order in the provider’s name, whoever pays and whoever asks, through the push too', async () => {
    const provider = await excludedProvider();
    const delegate = await delegateOf(provider, 'both', 'orders-excluded-delegate');
    for (const client of [staff.client, delegate.client]) {
      for (const overrides of [{}, { billing: 'client', coverage_rank: null }, { billing: 'patient', coverage_rank: null, status: 'draft' }]) {
        const refused = await client.from('orders').insert(orderRow({ provider_id: provider, ...overrides }));
        expectRefused(refused, 403, '42501');
        expect(refused.error?.message).toBe(REFUSAL);
      }
    }
    const row = orderRow({ provider_id: provider, billing: 'client', coverage_rank: null });
    const { data } = await push(staff.client, [row]);
    expect((data as { rejected: Array<{ code: string }> }).rejected.map((r) => r.code)).toEqual(['42501']);
    expect((await serviceClient().from('orders').select('id').eq('provider_id', provider)).data).toEqual([]);
  });

  it('refuses a draft submitted or moved to the provider after the exclusion; cancelling an earlier order stays possible', async () => {
    const provider = await seedOne('providers', providerRow());
    const before = orderRow({ provider_id: provider, billing: 'client', coverage_rank: null, status: 'draft' });
    const other = orderRow({ billing: 'client', coverage_rank: null, status: 'draft' });
    expectOk(await staff.client.from('orders').insert([before, other]), 201);
    const { error } = await serviceClient().from('providers').update({ exclusion_status: 'excluded', exclusion_data: { matches: [] } }).eq('id', provider);
    if (error) throw error;
    expectRefused(await staff.client.from('orders').update({ status: 'submitted' }).eq('id', before.id as string), 403, '42501');
    expectRefused(await staff.client.from('orders').update({ provider_id: provider }).eq('id', other.id as string), 403, '42501');
    expect(await stored(before.id as string)).toMatchObject({ status: 'draft', provider_id: provider });
    expect((await stored(other.id as string)).provider_id).toBe(eligibleProvider);
    expectOk(await staff.client.from('orders').update({ status: 'cancelled', cancel_reason: 'Provider excluded' }).eq('id', before.id as string), 204);
  });

  it('a possible match (not confirmed) does not block ordering', async () => {
    const provider = await seedOne('providers', providerRow());
    const { error } = await serviceClient().from('providers').update({ exclusion_status: 'possible' }).eq('id', provider);
    if (error) throw error;
    expectOk(await staff.client.from('orders').insert(orderRow({ provider_id: provider, billing: 'client', coverage_rank: null })), 201);
  });
});

describe('favourite tests (organizations and providers)', () => {
  it('staff star tests on an organization and a provider; more than 50 is refused (23514); a delegate cannot star', async () => {
    const organization = await seedOne('organizations', organizationRow());
    const provider = await seedOne('providers', providerRow());
    expectOk(await staff.client.from('organizations').update({ favorite_tests: ['HBA1C', 'LIPID'] }).eq('id', organization), 204);
    expectOk(await staff.client.from('providers').update({ favorite_tests: ['PTINR'] }).eq('id', provider), 204);
    expect((await serviceClient().from('organizations').select('favorite_tests').eq('id', organization).single()).data).toEqual({ favorite_tests: ['HBA1C', 'LIPID'] });
    expect((await serviceClient().from('providers').select('favorite_tests').eq('id', provider).single()).data).toEqual({ favorite_tests: ['PTINR'] });
    const tooMany = Array.from({ length: 51 }, (_, index) => `T${index}`);
    expectRefused(await staff.client.from('organizations').update({ favorite_tests: tooMany }).eq('id', organization), 400, '23514');
    const delegate = await delegateOf(provider, 'order', 'orders-favourite-delegate');
    await delegate.client.from('providers').update({ favorite_tests: [] }).eq('id', provider);
    expect((await serviceClient().from('providers').select('favorite_tests').eq('id', provider).single()).data).toEqual({ favorite_tests: ['PTINR'] });
  });
});
