/**
 * Results on the server (issues 32, 43, 44), from the refused side: the laboratory's
 * ORU^R01 reaches lis-inbound only signed with the shared secret (HMAC over the time and the
 * body, within five minutes); a matched message writes one row per test, keeps the report
 * PDF, moves the order and answers AA; an unknown placer number, a malformed message, a
 * result for another patient than the order's or for a test never ordered answers AE and
 * waits in the result queue (one row per message, however often it is resent), which staff
 * (only) read and resolve; what cannot be processed at all answers AR and is kept too. Staff, the ordering provider's login and a results delegate read the result;
 * another provider, an order-only delegate and a user without a role do not. Only the
 * ordering provider signs off; a delegate may mark seen; the server stamps who and when.
 * And the simulated laboratory's results reach lis-inbound through the stack's MLLP listener.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOru, type OruInput } from '../../supabase/functions/_shared/hl7/oru-build.ts';
import { parseAck } from '../../supabase/functions/_shared/hl7/ack.ts';
import { SAMPLE_ORDER, SAMPLE_PDF } from '../../supabase/functions/_shared/hl7/test-data.ts';
import { buildOrm } from '../../supabase/functions/_shared/hl7/orm.ts';
import { createMllpClient } from '../../supabase/functions/_shared/mllp/client.ts';
import { nodeConnector } from '../../supabase/local/mllp/node-connector.ts';
import { serviceClient, signedInUser, userWithRole, type TestUser } from '../helpers/clients.ts';
import { SUPABASE_SERVICE_ROLE_KEY, SUPABASE_URL } from '../helpers/env.ts';
import { postToInbound } from '../helpers/lis-inbound.ts';
import { organizationRow, providerRow, seedOne, seedRows, visibleIds, type Row } from './directory-helpers.ts';
import { expectApplied, expectPushRefused, pushChange, storedRow } from './protected-writes.ts';

let staff: TestUser;
let providerLogin: TestUser;
let otherProviderLogin: TestUser;
let resultsDelegate: TestUser;
let orderDelegate: TestUser;
let noRole: TestUser;
let organizationId: string;
let providerId: string;
let otherProviderId: string;
let patientId: string;
let labPatientId: string;

let counter = 0;
function requisition(): string {
  counter += 1;
  return `R-${randomUUID().slice(0, 5).toUpperCase().replace(/[ILOU]/g, '7')}-${String(counter).padStart(4, '0')}`;
}

async function providerUser(provider: string, prefix: string): Promise<TestUser> {
  const user = await userWithRole('provider', prefix);
  const { error } = await serviceClient().from('profiles').update({ provider_id: provider }).eq('id', user.id);
  if (error) throw error;
  return user;
}

async function delegateOf(provider: string, type: 'order' | 'results', prefix: string): Promise<TestUser> {
  const user = await userWithRole('provider', prefix);
  await seedRows('provider_delegate_approvals', [{ id: randomUUID(), provider_id: provider, delegate_id: user.id, approval_type: type }]);
  return user;
}

async function submittedOrder(codes: readonly string[] = ['GLU', 'K']): Promise<{ id: string; requisition: string }> {
  const req = requisition();
  const id = await seedOne('orders', {
    id: randomUUID(), requisition_number: req, status: 'received', organization_id: organizationId, provider_id: providerId,
    patient_id: patientId, billing: 'client', tests: codes.map((code) => ({ code, cpt_codes: [] })),
    diagnoses: [], priority: 'routine',
  });
  return { id, requisition: req };
}

function oru(placer: string | null, status: 'P' | 'F' = 'F', glucose = '250', flags: Array<'H' | 'HH'> = ['HH']): string {
  const input: OruInput = {
    controlId: `C${randomUUID().slice(0, 12)}`,
    sentAt: new Date(),
    sender: { application: 'SIMLIS', facility: 'LAB' },
    receiver: { application: 'LABLINK', facility: 'CLIENT' },
    patient: { id: labPatientId, authority: 'LABLINK', lastName: 'RESULT', firstName: 'CONTRACT', birthDate: '1950-01-02', sex: 'F' },
    orders: ['GLU', 'K'].map((code, index) => ({
      placerOrderNumber: placer,
      fillerOrderNumber: `F${index}`,
      testCode: code,
      testName: code === 'GLU' ? 'Glucose' : 'Potassium',
      resultStatus: status,
      collectedAt: new Date('2026-11-20T14:00:00Z'),
      observations: code === 'GLU'
        ? [
            { valueType: 'NM', code: '2345-7', codeText: 'Glucose', value: glucose, units: 'mg/dL', referenceRange: '70-99', abnormalFlags: flags, status },
            { valueType: 'ED', code: '11502-2', codeText: 'Laboratory report', value: { mediaType: 'application/pdf', data: SAMPLE_PDF }, status },
          ]
        : [{ valueType: 'NM', code: '2823-3', codeText: 'Potassium', value: '4.1', units: 'mmol/L', referenceRange: '3.5-5.1', status }],
    })),
  };
  return buildOru(input);
}

function send(message: string, options: Parameters<typeof postToInbound>[2] = {}): Promise<{ status: number; text: string }> {
  return postToInbound(SUPABASE_URL, message, options);
}

async function resultsOf(orderId: string): Promise<Row[]> {
  const { data, error } = await serviceClient().from('results').select('*').eq('order_id', orderId).order('test_code');
  if (error) throw error;
  return data as Row[];
}

beforeAll(async () => {
  organizationId = await seedOne('organizations', organizationRow());
  providerId = await seedOne('providers', providerRow());
  otherProviderId = await seedOne('providers', providerRow());
  labPatientId = `P-${randomUUID().slice(0, 4).toUpperCase().replace(/[ILOU]/g, '7')}-0001`;
  patientId = await seedOne('patients', {
    id: randomUUID(), lab_patient_id: labPatientId,
    first_name: 'Contract', last_name: 'Result', date_of_birth: '1950-01-02', sex: 'female', coverages: [],
  });
  [staff, providerLogin, otherProviderLogin, resultsDelegate, orderDelegate, noRole] = await Promise.all([
    userWithRole('staff', 'results-staff'),
    providerUser(providerId, 'results-provider'),
    providerUser(otherProviderId, 'results-other'),
    delegateOf(providerId, 'results', 'results-delegate'),
    delegateOf(providerId, 'order', 'results-orderer'),
    signedInUser('results-no-role'),
  ]);
});

describe('the laboratory sends results (lis-inbound)', () => {
  it('refuses a message that is not signed, signed with another secret, changed, or signed more than five minutes ago, and writes nothing', async () => {
    const order = await submittedOrder();
    const message = oru(order.requisition);
    expect(await send(message, { secret: null })).toMatchObject({ status: 401 });
    // The fixed header of old is no way in any more.
    expect(await send(message, { secret: null, headers: { 'x-lis-secret': 'local-lis-shared-secret' } })).toMatchObject({ status: 401 });
    expect(await send(message, { secret: 'not-the-secret' })).toMatchObject({ status: 403 });
    const stale = await send(message, { at: new Date(Date.now() - 6 * 60_000) });
    expect(stale.status).toBe(401);
    expect(JSON.parse(stale.text)).toMatchObject({ code: 'stale' });
    const { signInbound } = await import('../../supabase/functions/_shared/lis/inbound-signature.ts');
    const signed = await signInbound(message, ['local-lis-shared-secret']);
    const tampered = await fetch(`${SUPABASE_URL}/functions/v1/lis-inbound`, { method: 'POST', headers: signed, body: message.replace('250', '25') });
    expect(tampered.status).toBe(403);
    expect(await resultsOf(order.id)).toEqual([]);
  });

  it('files a matched message per test with its observations and report, answers AA, and moves the order', async () => {
    const order = await submittedOrder();
    const preliminary = await send(oru(order.requisition, 'P'));
    expect(preliminary.status).toBe(200);
    expect(parseAck(preliminary.text)).toMatchObject({ code: 'AA', text: `Results received for ${order.requisition}` });
    expect((await serviceClient().from('orders').select('status').eq('id', order.id).single()).data).toEqual({ status: 'in_progress' });

    const final = await send(oru(order.requisition, 'F'));
    expect(parseAck(final.text).code).toBe('AA');
    const rows = await resultsOf(order.id);
    expect(rows.map((r) => [r.test_code, r.status, r.abnormal, r.critical])).toEqual([
      ['GLU', 'final', true, true],
      ['K', 'final', false, false],
    ]);
    expect(rows[0]?.observations).toEqual([
      expect.objectContaining({ code: '2345-7', system: 'LN', value: '250', numeric_value: 250, units: 'mg/dL', reference_range: '70-99', flags: ['HH'], status: 'F' }),
    ]);
    expect(rows[0]?.report_path).toBe(`${order.id}/${rows[0]?.id}.pdf`);
    expect(rows[1]?.report_path).toBeNull();
    expect((await serviceClient().from('orders').select('status').eq('id', order.id).single()).data).toEqual({ status: 'resulted' });
    const { data: alerts } = await providerLogin.client.from('alerts').select('kind, summary, details').eq('kind', 'critical_value').eq('details->>order_id', order.id);
    // Raised once while it is open, though the preliminary and the final result both carried it.
    expect(alerts?.map((a) => a.summary)).toEqual([`Critical value on ${order.requisition}: Glucose 250 mg/dL (HH)`]);
  });

  it('answers AE to an unknown placer number and to a malformed message, and queues both for staff', async () => {
    const unknown = `R-ZZZZ-${String(Date.now()).slice(-6)}`;
    const answer = await send(oru(unknown));
    expect(answer.status).toBe(200);
    expect(parseAck(answer.text)).toMatchObject({ code: 'AE', text: `OBR[1]-2: Unknown placer order number ${unknown}` });
    const malformed = await send('MSH|^~\\&|SIMLIS|LAB|LABLINK|CLIENT|20261120||ORU^R01|BROKEN1|P|2.5.1\rOBR|1');
    expect(parseAck(malformed.text).code).toBe('AE');

    const { data: page, error } = await staff.client.rpc('result_queue', { p_open: true });
    expect(error).toBeNull();
    const queued = ((page ?? []) as Array<{ id: string; placer_order_number: string | null; status: string; error: string }>).filter((row) => row.placer_order_number === unknown);
    expect(queued.map(({ placer_order_number, status, error: text }) => ({ placer_order_number, status, error: text }))).toEqual([
      { placer_order_number: unknown, status: 'open', error: `OBR[1]-2: Unknown placer order number ${unknown}` },
    ]);
    // Reading the queue's page is logged, as every read of patient data is.
    const { data: logged } = await serviceClient().from('read_log').select('read_by, via, table_name, row_ids').eq('read_by', staff.id).eq('via', 'result_queue').order('read_at', { ascending: false }).limit(1);
    expect(logged?.[0]).toMatchObject({ read_by: staff.id, via: 'result_queue', table_name: 'result_inbox_errors' });
    expect(logged?.[0]?.row_ids).toContain(queued[0]!.id);
    const { data: hidden } = await providerLogin.client.from('result_inbox_errors').select('id');
    expect(hidden).toEqual([]);
  });

  it('names no patient of the result queue through the table API; only staff read its pages', async () => {
    await send(oru(`R-WWWW-${String(Date.now()).slice(-6)}`)); // a placer number no order has: the message waits in the queue
    // Counts and states only: the columns that name a patient are not the table API's.
    const counted = await staff.client.from('result_inbox_errors').select('id', { count: 'exact', head: true }).eq('status', 'open');
    expect(counted.error).toBeNull();
    expect(counted.count).toBeGreaterThan(0);
    for (const column of ['patient_name', 'error', 'message', 'order_patient', 'message_patient', 'placer_order_number']) {
      const named = await staff.client.from('result_inbox_errors').select(column).limit(1);
      expect(named.error?.code, column).toBe('42501');
    }
    for (const refused of [providerLogin, resultsDelegate, noRole]) {
      const page = await refused.client.rpc('result_queue', { p_open: true });
      expect(page.error?.code).toBe('42501');
      expect(page.data).toBeNull();
    }
  });

  it('lets staff (only) match a queued message to an order, which files its results', async () => {
    const unknown = `R-YYYY-${String(Date.now()).slice(-6)}`;
    await send(oru(unknown));
    const { data } = await serviceClient().from('result_inbox_errors').select('id').eq('placer_order_number', unknown).single();
    const errorId = (data as { id: string }).id;
    const order = await submittedOrder();
    const refused = await providerLogin.client.functions.invoke('result-inbox', { body: { action: 'match', error_id: errorId, order_id: order.id } });
    expect(refused.error).not.toBeNull();
    expect((refused.error as { context: Response }).context.status).toBe(403);

    const matched = await staff.client.functions.invoke('result-inbox', { body: { action: 'match', error_id: errorId, order_id: order.id } });
    expect(matched.error).toBeNull();
    expect(matched.data).toMatchObject({ status: 'matched' });
    expect((await resultsOf(order.id)).map((r) => r.test_code)).toEqual(['GLU', 'K']);
    const again = await staff.client.functions.invoke('result-inbox', { body: { action: 'reject', error_id: errorId, reason: 'Duplicate' } });
    expect((again.error as { context: Response }).context.status).toBe(409);
  });
});

describe('the simulated laboratory', () => {
  it("sends its results over MLLP to the stack's listener, which files them through lis-inbound", async () => {
    const order = await submittedOrder(['HBA1C', 'LIPID']);
    const lis = `${SUPABASE_URL}/__simulator/lis`;
    const headers = { Authorization: `Bearer ${SUPABASE_SERVICE_ROLE_KEY}`, 'Content-Type': 'application/json' };
    const info = (await (await fetch(lis, { headers })).json()) as { mllp: { port: number } };
    const client = createMllpClient({ host: '127.0.0.1', port: info.mllp.port, connector: nodeConnector, ackTimeoutMs: 5000, retries: 0 });
    try {
      // The order as lis-deliver would send it: its own patient, whom the results then name.
      const patient = { ...SAMPLE_ORDER.patient, id: labPatientId, lastName: 'Result', firstName: 'Contract', middleName: null, birthDate: '1950-01-02', identifiers: [] };
      const sent = await client.send(buildOrm({ ...SAMPLE_ORDER, requisitionNumber: order.requisition, patient }));
      expect(sent.ack.code).toBe('AA');
    } finally {
      client.close();
    }
    await fetch(`${lis}/flush?requisition=${order.requisition}`, { method: 'POST', headers });
    await expect.poll(async () => (await resultsOf(order.id)).map((r) => r.test_code), { timeout: 30_000 }).toEqual(['HBA1C', 'LIPID']);
  });
});

describe('who reads and reviews a result', () => {
  let resultId: string;
  let reportPath: string;
  beforeAll(async () => {
    const order = await submittedOrder();
    await send(oru(order.requisition));
    const rows = await resultsOf(order.id);
    resultId = rows[0]?.id as string;
    reportPath = rows[0]?.report_path as string;
  });

  it('staff, the ordering provider and a results delegate read it; another provider, an order-only delegate and no role do not', async () => {
    for (const user of [staff, providerLogin, resultsDelegate]) expect(await visibleIds(user.client, 'results', [resultId])).toEqual([resultId]);
    for (const user of [otherProviderLogin, orderDelegate, noRole]) expect(await visibleIds(user.client, 'results', [resultId])).toEqual([]);
  });

  it('the report opens for the provider (through protected-files, audited) and not for another provider', async () => {
    const mine = await providerLogin.client.functions.invoke('protected-files', { body: { action: 'download', bucket: 'result-reports', path: reportPath } });
    expect(mine.error).toBeNull();
    expect(new Uint8Array(await (mine.data as Blob).arrayBuffer())).toEqual(SAMPLE_PDF);
    const theirs = await otherProviderLogin.client.functions.invoke('protected-files', { body: { action: 'download', bucket: 'result-reports', path: reportPath } });
    expect((theirs.error as { context: Response }).context.status).toBe(404);
    // Storage itself serves no user these files.
    expect((await providerLogin.client.storage.from('result-reports').download(reportPath)).error).not.toBeNull();
  });

  it('another provider cannot sign it off; a delegate cannot sign off but may mark seen, stamped by the server', async () => {
    const now = new Date().toISOString();
    expectPushRefused(await pushChange(otherProviderLogin.client, 'results', resultId, { reviewed_at: now, reviewed_by: otherProviderLogin.id }), 'P0002');
    expectPushRefused(
      await pushChange(resultsDelegate.client, 'results', resultId, { reviewed_at: now, reviewed_by: resultsDelegate.id }),
      '42501',
      'Only the ordering provider can sign off a result',
    );
    expectPushRefused(await pushChange(resultsDelegate.client, 'results', resultId, { critical: false }), '42501', 'a result can only be signed off or marked seen');
    expectApplied(await pushChange(resultsDelegate.client, 'results', resultId, { seen_at: '2000-01-01T00:00:00Z', seen_by: staff.id }));
    const row = (await serviceClient().from('results').select('*').eq('id', resultId).single()).data as Row;
    expect(row).toMatchObject({ reviewed_at: null, reviewed_by: null, seen_by: resultsDelegate.id, critical: true });
    expect(Date.parse(row.seen_at as string)).toBeGreaterThan(Date.parse(now) - 60_000);
  });

  it('the ordering provider signs it off once, through the replication push too', async () => {
    const current = await storedRow('results', resultId);
    const { data } = await providerLogin.client.rpc('sync_push', {
      p_table: 'results',
      p_rows: [{ new: { ...current, reviewed_at: '2000-01-01T00:00:00Z', reviewed_by: providerLogin.id }, assumed: current }],
    });
    expect(data).toMatchObject({ rejected: [] });
    const row = (await serviceClient().from('results').select('reviewed_by, reviewed_at').eq('id', resultId).single()).data as Row;
    expect(row.reviewed_by).toBe(providerLogin.id);
    expect(row.reviewed_at).not.toBe('2000-01-01T00:00:00+00:00');
    expectPushRefused(await pushChange(providerLogin.client, 'results', resultId, { reviewed_at: null, reviewed_by: null }), '23514', `result ${resultId} is already signed off`);
  });
});

