/**
 * The doors an audit found patient data leaving by (issue 43), tried again from the side of
 * each user who must be refused: naming a patient on an order to read it (item 1), making
 * a submitted order vanish with `_deleted` (item 4), reading patient data through the table
 * API or Realtime without leaving a trace (item 5), and a results-only delegate's patients
 * (item 9: exactly those of their results). Openings through record_openings are in
 * patients.test.ts; files in protected-files.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeChannel } from '@supabase/supabase-js';
import { serviceClient, signedInUser, userWithRole, type Client, type TestUser } from '../helpers/clients.ts';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from '../helpers/env.ts';
import { expectOk, expectRefused, organizationRow, providerRow, seedOne, seedRows, visibleIds, type Row } from './directory-helpers.ts';
import { expectApplied, expectPushRefused, pushChange, pushNew, storedRow } from './protected-writes.ts';

let staff: TestUser;
let admin: TestUser;
let delegateA: TestUser;
let resultsDelegate: TestUser;
let providerLoginA: TestUser;
let organizationId: string;
let otherOrganizationId: string;
let providerA: string;
let providerB: string;
let patientOfA: string;
let patientOfB: string;
let patientOfResult: string;

let counter = 0;
const code = () => randomUUID().slice(0, 5).toUpperCase().replace(/[ILOU]/g, '7');
function requisition(): string {
  counter += 1;
  return `R-${code()}-${String(counter).padStart(4, '0')}`;
}

function patientRow(lastName: string): Row {
  return {
    id: randomUUID(), lab_patient_id: `P-${code()}-0001`, first_name: 'Door', last_name: lastName, date_of_birth: '1944-07-08', sex: 'female',
    coverages: [{ rank: 'primary', payer_type: 'medicare', payer_name: 'Medicare', member_id: '1EG4TE5MK73' }],
  };
}

function orderRow(overrides: Row = {}): Row {
  return {
    id: randomUUID(), requisition_number: requisition(), status: 'draft', organization_id: organizationId, provider_id: providerA,
    patient_id: patientOfA, billing: 'client', tests: [{ code: 'GLU', cpt_codes: ['82947'] }], diagnoses: [], priority: 'routine', ...overrides,
  };
}

async function delegateOf(provider: string, type: 'order' | 'results', prefix: string): Promise<TestUser> {
  const user = await userWithRole('provider', prefix);
  await seedRows('provider_delegate_approvals', [{ id: randomUUID(), provider_id: provider, delegate_id: user.id, approval_type: type }]);
  return user;
}

/** A GET of the table API with the user's token, as an attacker would send it. */
async function tableApi(user: TestUser, path: string): Promise<{ status: number; body: unknown }> {
  const { data } = await user.client.auth.getSession();
  const response = await fetch(`${SUPABASE_URL}/rest/v1/${path}`, {
    headers: { apikey: SUPABASE_ANON_KEY, Authorization: `Bearer ${data.session?.access_token ?? ''}` },
  });
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  organizationId = await seedOne('organizations', organizationRow());
  otherOrganizationId = await seedOne('organizations', organizationRow());
  providerA = await seedOne('providers', providerRow());
  providerB = await seedOne('providers', providerRow());
  await seedRows('provider_organization_memberships', [{ id: randomUUID(), provider_id: providerA, organization_id: organizationId }]);
  [patientOfA, patientOfB, patientOfResult] = await Promise.all([
    seedOne('patients', patientRow('OfA')),
    seedOne('patients', patientRow('OfB')),
    seedOne('patients', patientRow('OfResult')),
  ]);
  // Provider A's patient is on A's order; provider B's on B's.
  await seedRows('orders', [orderRow(), orderRow({ provider_id: providerB, patient_id: patientOfB })]);
  [staff, admin, delegateA, resultsDelegate, providerLoginA] = await Promise.all([
    userWithRole('staff', 'doors-staff'),
    userWithRole('admin', 'doors-admin'),
    delegateOf(providerA, 'order', 'doors-delegate'),
    delegateOf(providerA, 'results', 'doors-results'),
    userWithRole('provider', 'doors-provider'),
  ]);
  const link = await serviceClient().from('profiles').update({ provider_id: providerA }).eq('id', providerLoginA.id);
  if (link.error) throw link.error;
});

describe('item 1: an order names only what its author may already see', () => {
  it('a delegate cannot name another provider\'s patient on a draft, by the table API or the push, and still cannot read that patient', async () => {
    const draft = orderRow({ patient_id: patientOfB });
    const refused = await delegateA.client.from('orders').insert(draft);
    expectRefused(refused, 403, '42501');
    expect(refused.error?.message).toBe('An order can name only a patient you may already see, at an organization its provider belongs to');
    expect(await pushNew(delegateA.client, 'orders', [orderRow({ patient_id: patientOfB })])).toEqual(['42501']);
    expect(await visibleIds(delegateA.client, 'patients', [patientOfB])).toEqual([]);
    expect((await tableApi(delegateA, `patients?id=eq.${patientOfB}`)).body).toEqual([]);
    expect((await serviceClient().from('orders').select('id').eq('patient_id', patientOfB).eq('provider_id', providerA)).data).toEqual([]);
  });

  it('a delegate cannot move their own draft to another provider\'s patient, nor to an organization the provider does not belong to', async () => {
    const draft = orderRow();
    expect(await pushNew(delegateA.client, 'orders', [draft])).toEqual([]);
    expectPushRefused(await pushChange(delegateA.client, 'orders', draft.id as string, { patient_id: patientOfB }), '42501');
    expectPushRefused(await pushChange(delegateA.client, 'orders', draft.id as string, { organization_id: otherOrganizationId }), '42501');
    expect(await storedRow('orders', draft.id as string)).toMatchObject({ patient_id: patientOfA, organization_id: organizationId });
    expect(await visibleIds(delegateA.client, 'patients', [patientOfA, patientOfB])).toEqual([patientOfA]);
  });

  it('a delegate orders for a patient they already see; staff name any patient and organization', async () => {
    expect(await pushNew(delegateA.client, 'orders', [orderRow({ status: 'submitted' })])).toEqual([]);
    expect(await pushNew(staff.client, 'orders', [orderRow({ provider_id: providerB, patient_id: patientOfA, organization_id: otherOrganizationId })])).toEqual([]);
  });
});

describe('item 4: cancel, never delete', () => {
  it('a delegate cannot soft-delete a submitted order; the table API changes nothing and the push is refused', async () => {
    const order = orderRow({ status: 'submitted' });
    expect(await pushNew(delegateA.client, 'orders', [order])).toEqual([]);
    expectOk(await delegateA.client.from('orders').update({ _deleted: true }).eq('id', order.id as string), 204);
    expectPushRefused(await pushChange(delegateA.client, 'orders', order.id as string, { _deleted: true }), '42501', 'An order past draft is cancelled, never deleted');
    expect((await storedRow('orders', order.id as string))._deleted).toBe(false);
    expect(await visibleIds(providerLoginA.client, 'orders', [order.id as string])).toEqual([order.id]);
  });

  it('staff cannot soft-delete a resulted order, insert one deleted, or delete a patient on it; a draft may be discarded', async () => {
    const order = orderRow();
    await seedRows('orders', [order]);
    await serviceClient().from('orders').update({ status: 'resulted' }).eq('id', order.id as string);
    expectPushRefused(await pushChange(staff.client, 'orders', order.id as string, { _deleted: true }), '42501');
    expect(await pushNew(staff.client, 'orders', [orderRow({ status: 'submitted', _deleted: true })])).toEqual(['42501']);
    expectPushRefused(await pushChange(staff.client, 'patients', patientOfA, { _deleted: true }), '42501', 'A patient with orders sent to the laboratory cannot be deleted');
    const draft = orderRow();
    expect(await pushNew(staff.client, 'orders', [draft])).toEqual([]);
    expectApplied(await pushChange(staff.client, 'orders', draft.id as string, { _deleted: true }));
  });
});

describe('item 9: a results-only delegate reads exactly the patients of their results', () => {
  it('reads the patient of a result of their provider, and no patient of that provider\'s orders without one', async () => {
    const order = orderRow({ patient_id: patientOfResult, status: 'resulted' });
    await seedRows('orders', [order]);
    const resultId = await seedOne('results', {
      order_id: order.id, patient_id: patientOfResult, provider_id: providerA, organization_id: organizationId,
      requisition_number: order.requisition_number, test_code: 'GLU', status: 'final',
    });
    expect(await visibleIds(resultsDelegate.client, 'results', [resultId])).toEqual([resultId]);
    expect(await visibleIds(resultsDelegate.client, 'patients', [patientOfResult, patientOfA, patientOfB])).toEqual([patientOfResult]);
    expect(await visibleIds(resultsDelegate.client, 'orders', [order.id as string])).toEqual([]);
    // The delegate of type order reads the patients on the provider's orders, not one of another provider.
    expect((await visibleIds(delegateA.client, 'patients', [patientOfResult, patientOfA, patientOfB])).sort()).toEqual([patientOfA, patientOfResult].sort());
  });
});

describe('item 5: every read of patient data is logged where the server serves it', () => {
  it('the table API answers no patient, order or result, not even a count, to staff and admins', async () => {
    for (const user of [staff, admin]) {
      for (const table of ['patients', 'orders', 'results']) {
        expect(await tableApi(user, `${table}?select=*`)).toEqual({ status: 200, body: [] });
        const { count, error } = await user.client.from(table).select('*', { count: 'exact', head: true });
        expect({ count, error }).toEqual({ count: 0, error: null });
      }
    }
  });

  it('nobody can open the gate through the API: the setting functions are not exposed', async () => {
    const answer = await staff.client.rpc('set_config', { setting_name: 'app.phi_reads', new_value: 'open', is_local: true });
    expectRefused(answer, 404, 'PGRST202');
    expect(await tableApi(staff, 'patients?select=id&limit=1')).toEqual({ status: 200, body: [] });
  });

  it('sync_pull answers the rows with a checkpoint and logs who read which patients; only admins read that log', async () => {
    const first = await staff.client.rpc('sync_pull', { p_table: 'patients', p_checkpoint: null, p_limit: 2 });
    expect(first.error).toBeNull();
    const answer = first.data as { rows: Row[]; checkpoint: { modified: string; id: string } };
    expect(answer.rows).toHaveLength(2);
    expect(answer.checkpoint).toEqual({ modified: answer.rows[1]!._modified, id: answer.rows[1]!.id });
    const next = (await staff.client.rpc('sync_pull', { p_table: 'patients', p_checkpoint: answer.checkpoint, p_limit: 1 })).data as { rows: Row[] };
    expect(next.rows[0]?.id).not.toBe(answer.rows[1]!.id);

    const byId = (await staff.client.rpc('sync_pull', { p_table: 'patients', p_ids: [patientOfB] })).data as { rows: Row[] };
    expect(byId.rows.map((row) => [row.id, row.last_name, row.date_of_birth])).toEqual([[patientOfB, 'OfB', '1944-07-08']]);
    const { data: logged, error } = await admin.client.from('read_log').select('read_by, via, table_name, row_ids, patient_ids').eq('read_by', staff.id).contains('patient_ids', [patientOfB]);
    expect(error).toBeNull();
    expect(logged).toContainEqual({ read_by: staff.id, via: 'sync_pull', table_name: 'patients', row_ids: [patientOfB], patient_ids: [patientOfB] });
    expect((await staff.client.from('read_log').select('id').eq('read_by', staff.id)).data).toEqual([]);
    expectRefused(await staff.client.from('read_log').insert({ read_by: staff.id, via: 'sync_pull', table_name: 'patients', row_ids: [patientOfB], patient_ids: [] }), 403, '42501');
  });

  it('the master rows a push answers with are logged too', async () => {
    const order = orderRow();
    await seedRows('orders', [order]);
    const stale = { ...(await storedRow('orders', order.id as string)), _modified: '2001-01-01T00:00:00+00:00' };
    const { data } = await delegateA.client.rpc('sync_push', { p_table: 'orders', p_rows: [{ new: { ...stale, comments: 'x' }, assumed: stale }] });
    expect((data as { conflicts: Row[] }).conflicts.map((row) => row.id)).toEqual([order.id]);
    const { data: logged } = await admin.client.from('read_log').select('via, table_name, row_ids, patient_ids').eq('read_by', delegateA.id).contains('row_ids', [order.id]);
    expect(logged).toEqual([{ via: 'sync_push', table_name: 'orders', row_ids: [order.id], patient_ids: [patientOfA] }]);
  });

  it('the audit trail of patient data (its inserted rows and changed values) opens only through audit_page, which logs it', async () => {
    const patient = patientRow('Audited');
    expect(await pushNew(staff.client, 'patients', [patient])).toEqual([]);
    expectApplied(await pushChange(staff.client, 'patients', patient.id as string, { phone: '(971) 555-0101' }));
    const direct = await staff.client.from('audit_log').select('action, row_data, changed_fields').eq('row_id', patient.id as string);
    expect(direct.error).toBeNull();
    expect(direct.data).toEqual([]);
    const page = await staff.client.rpc('audit_page', { p_table: 'patients', p_row_id: patient.id });
    expect(page.error).toBeNull();
    const rows = page.data as Array<{ action: string; row_data: Row | null; changed_fields: Row | null }>;
    expect(rows.map((row) => row.action)).toEqual(['update', 'insert']);
    expect(rows[1]?.row_data).toMatchObject({ last_name: 'Audited', date_of_birth: '1944-07-08' });
    const { data: logged } = await admin.client.from('read_log').select('via, table_name, row_ids, patient_ids').eq('read_by', staff.id).eq('via', 'audit').contains('row_ids', [patient.id]);
    expect(logged).toEqual([{ via: 'audit', table_name: 'patients', row_ids: [patient.id], patient_ids: [patient.id] }]);
    // The directory's history reads as before; a provider reads no audit at all.
    const provider = providerRow();
    expect(await pushNew(staff.client, 'providers', [provider])).toEqual([]);
    expect((await staff.client.from('audit_log').select('action').eq('row_id', provider.id as string)).data).toEqual([{ action: 'insert' }]);
    expect(await providerLoginA.client.rpc('audit_page', { p_table: 'patients', p_row_id: patient.id })).toMatchObject({ error: null, data: [] });
  });

  it('sync_pull refuses anything but the tables of patient data, and anonymous callers', async () => {
    expectRefused(await staff.client.rpc('sync_pull', { p_table: 'providers' }), 400, '22023');
    expectRefused(await staff.client.rpc('sync_pull', { p_table: 'access_log' }), 400, '22023');
    const anon = (await import('../helpers/clients.ts')).anonClient();
    expectRefused(await anon.rpc('sync_pull', { p_table: 'patients' }), 401, '42501');
    const noRole = await signedInUser('doors-no-role');
    expect(((await noRole.client.rpc('sync_pull', { p_table: 'patients', p_limit: 100 })).data as { rows: Row[] }).rows).toEqual([]);
  });

  describe('Realtime', () => {
    const opened: Array<{ client: Client; channel: RealtimeChannel }> = [];
    afterAll(async () => {
      for (const { client, channel } of opened) await client.removeChannel(channel);
    });

    async function listen(client: Client, table: string, into: Row[]): Promise<void> {
      const channel = client.channel(`doors-${table}-${randomUUID()}`).on('postgres_changes', { event: '*', schema: 'public', table }, (change) => {
        into.push(change.new as Row);
      });
      opened.push({ client, channel });
      await new Promise<void>((resolve, reject) =>
        channel.subscribe((status, error) => (status === 'SUBSCRIBED' ? resolve() : status === 'CHANNEL_ERROR' || status === 'TIMED_OUT' ? reject(error ?? new Error(status)) : undefined)),
      );
    }

    it('carries no patient row to a subscriber, only a hint naming the table that changed', async () => {
      const patients: Row[] = [];
      const hints: Row[] = [];
      await listen(staff.client, 'patients', patients);
      await listen(staff.client, 'sync_hints', hints);
      expectApplied(await pushChange(staff.client, 'patients', patientOfB, { phone: '(503) 555-0199' }));
      await expect.poll(() => hints.map((hint) => hint.table_name), { timeout: 5000 }).toContain('patients');
      expect(Object.keys(hints[0]!).sort()).toEqual(['changed_at', 'id', 'table_name']);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(patients).toEqual([]);
    });
  });
});
