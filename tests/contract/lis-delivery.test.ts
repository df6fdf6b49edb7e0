/**
 * Orders out to the laboratory (issue 32) against a stack of this file's own and its LIS
 * simulator over real MLLP: an order pushed as submitted is queued by the server, built from
 * the database rows and delivered by lis-deliver; AA makes it "received"; a lost first ACK
 * is survived by resending the same control ID, which the laboratory answers as a
 * duplicate, so it takes the order once; AE puts the laboratory's text on the order and
 * only an admin can resend it (as the next version); a cancel of an order the laboratory
 * may hold sends ORC CA. The queue itself is readable by admins only.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_ROLE_KEY } from '../../supabase/local/config.ts';
import { checkV251 } from '../../supabase/functions/_shared/hl7/testing/v251-conformance.ts';
import { callFunction, startFunctionsStack, type FunctionsStack, type StackUser } from './functions-kit.ts';
import { pushChange } from './protected-writes.ts';

let env: FunctionsStack;
let staff: StackUser;
let admin: StackUser;
let organizationId: string;
let providerId: string;
let patientId: string;
const NPI = '1234567893';

type Row = Record<string, unknown>;

interface SimMessage { controlId: string; ackCode: string; ackText: string; duplicate: boolean; fault: string | null; text: string; testCodes: string[] }

beforeAll(async () => {
  process.env.STACK_SCHEDULER = 'off';
  process.env.LIS_ACK_TIMEOUT_MS = '700';
  env = await startFunctionsStack();
  [staff, admin] = await Promise.all([env.user('staff'), env.user('admin')]);
  const service = env.service();
  const compendium = await service.from('compendium_tests').upsert([
    { code: 'TSH', name: 'Thyroid stimulating hormone', loinc: '3016-3', specimen_type: 'Serum', container: 'Gold', transport_temperature: 'refrigerated', cpt_codes: ['84443'], questions: [] },
    {
      code: 'CBC', name: 'Complete blood count', specimen_type: 'Whole blood', container: 'Lavender', transport_temperature: 'refrigerated', cpt_codes: ['85025'],
      questions: [{ code: 'FASTING', text: 'Is the patient fasting?', type: 'yes-no', required: true, choices: [] }],
    },
  ]);
  if (compendium.error) throw compendium.error;
  organizationId = randomUUID();
  providerId = randomUUID();
  patientId = randomUUID();
  const org = await service.from('organizations').insert({ id: organizationId, legal_name: 'Hudson Valley Clinic', type: 'non_healthcare', phone: '518-555-0100' });
  const prov = await service.from('providers').insert({ id: providerId, npi: NPI, first_name: 'Jane', last_name: 'Doe', credential: 'MD' });
  const pat = await service.from('patients').insert({
    id: patientId, lab_patient_id: 'P-7K-0001', first_name: 'Mary', last_name: "O'Brien", date_of_birth: '1950-02-03', sex: 'female',
    coverages: [{ rank: 'primary', payer_type: 'commercial', payer_name: 'Aetna', member_id: 'W123456789', relationship: 'self' }],
  });
  for (const r of [org, prov, pat]) if (r.error) throw r.error;
});
afterAll(async () => {
  await env?.stop();
  delete process.env.STACK_SCHEDULER;
  delete process.env.LIS_ACK_TIMEOUT_MS;
});

let counter = 0;
function orderRow(overrides: Row = {}): Row {
  counter += 1;
  return {
    id: randomUUID(),
    requisition_number: `R-${randomUUID().slice(0, 4).toUpperCase().replace(/[^0-9A-HJKMNP-TV-Z]/g, '7')}-${String(counter).padStart(4, '0')}`,
    status: 'submitted',
    organization_id: organizationId,
    provider_id: providerId,
    patient_id: patientId,
    billing: 'insurance',
    coverage_rank: 'primary',
    tests: [{ code: 'TSH', cpt_codes: ['84443'] }, { code: 'CBC', cpt_codes: ['85025'] }],
    answers: [{ test: 'CBC', question: 'FASTING', value: 'Yes' }],
    diagnoses: ['E03.9'],
    collected_at: '2026-11-25T14:00:00Z',
    collected_by: 'K. Smith',
    priority: 'stat',
    ...overrides,
  };
}

async function push(user: StackUser, rows: Row[]) {
  const { data, error } = await user.client.rpc('sync_push', { p_table: 'orders', p_rows: rows.map((row) => ({ new: row, assumed: null })) });
  if (error) throw error;
  return data as { conflicts: Row[]; rejected: Array<{ id: string; code: string; message: string }> };
}

/** A user's change of an order as the device sends it: sync_push over the stored row (the table API reads no order: 20261205100002). */
async function update(user: StackUser, id: string, patch: Row): Promise<{ error: { code: string; message: string } | null }> {
  const outcome = await pushChange(user.client, 'orders', id, patch, env.service());
  return { error: outcome.applied ? null : { code: outcome.code, message: outcome.message } };
}

async function stored(id: string): Promise<Row> {
  const { data, error } = await env.service().from('orders').select('*').eq('id', id).single();
  if (error) throw error;
  return data as Row;
}

async function queue(orderId: string): Promise<Row[]> {
  const { data, error } = await env.service().from('lis_messages').select('*').eq('order_id', orderId).order('created_at');
  if (error) throw error;
  return data as Row[];
}

async function deliver(body: Row = {}) {
  const answer = await callFunction(env.url, 'lis-deliver', SERVICE_ROLE_KEY, { batch: 50, ...body });
  expect(answer.status).toBe(200);
  return answer.body as { sent: number; accepted: number; refused: number; retrying: number; outcomes: Row[] };
}

async function lis<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${env.url}/__simulator/lis${path}`, {
    method,
    headers: { Authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.ok).toBe(true);
  return (await res.json()) as T;
}

const received = (requisition: string) => lis<SimMessage[]>('GET', `/messages?requisition=${requisition}`);

describe('lis-deliver', () => {
  it('builds the ORM^O01 from the rows, delivers it once and marks the order received on AA', async () => {
    const row = orderRow();
    const req = row.requisition_number as string;
    expect((await push(staff, [row])).rejected).toEqual([]);
    expect(await queue(row.id as string)).toMatchObject([{ kind: 'new', version: 1, control_id: `${req}-N1`, status: 'queued', attempts: 0 }]);
    expect((await stored(row.id as string)).lis_delivery).toMatchObject({ state: 'queued', control_id: `${req}-N1` });

    const run = await deliver();
    expect(run.outcomes).toContainEqual({ control_id: `${req}-N1`, kind: 'new', result: 'AA', duplicate: false, text: `Order ${req} received` });
    const order = await stored(row.id as string);
    expect(order).toMatchObject({ status: 'received', lis_error: null, lis_delivery: { state: 'received', ack_code: 'AA', ack_text: `Order ${req} received`, attempts: 1 } });

    const [message] = await received(req);
    expect(message).toMatchObject({ controlId: `${req}-N1`, ackCode: 'AA', duplicate: false, testCodes: ['TSH', 'CBC'] });
    const lines = (message?.text ?? '').split('\r');
    expect(lines.find((l) => l.startsWith('PID|'))).toBe("PID|1||P-7K-0001^^^LABLINK^MR||O'Brien^Mary||19500203|F");
    expect(lines.find((l) => l.startsWith('IN1|'))).toBe("IN1|1|CI|AETNA|Aetna|||||||||||CI|O'Brien^Mary|SEL|19500203||||||||||||||||||W123456789");
    expect(lines.filter((l) => l.startsWith('ORC|NW|'))).toHaveLength(2);
    expect(lines.find((l) => l.startsWith('OBR|1|'))).toContain(`|TSH^Thyroid stimulating hormone^L^3016-3^Thyroid stimulating hormone^LN|`);
    expect(lines.find((l) => l.startsWith('OBR|1|'))).toContain(`${NPI}^Doe^Jane^^^^MD^^NPI&2.16.840.1.113883.4.6&ISO^^^^NPI`);
    expect(lines.find((l) => l.startsWith('OBR|2|'))).toContain('|^^^^^S|');
    expect(lines.filter((l) => l.startsWith('DG1|'))).toEqual(['DG1|1||E03.9^^I10|||W', 'DG1|1||E03.9^^I10|||W']);
    // The fasting question's answer is the order's one fasting fact: sent once, as LOINC 49541-6, under CBC (which asks it).
    expect(lines.filter((l) => l.includes('FASTING') || l.includes('49541-6'))).toEqual(['OBX|1|CE|49541-6^Fasting status - Reported^LN||Y^Yes^HL70136||||||F']);
    expect(lines.indexOf('OBX|1|CE|49541-6^Fasting status - Reported^LN||Y^Yes^HL70136||||||F')).toBeGreaterThan(lines.findIndex((l) => l.startsWith('OBR|2|')));

    // Nothing left to send: a second run sends nothing again.
    expect((await deliver()).outcomes.filter((o) => String(o.control_id).startsWith(req))).toEqual([]);
    expect(await received(req)).toHaveLength(1);
  });

  it('resends the same control ID after a lost ACK; the laboratory takes the order once', async () => {
    const row = orderRow();
    const req = row.requisition_number as string;
    await lis('POST', '/faults', { kind: 'lose-ack', requisition: req, times: 1 });
    await push(staff, [row]);
    const run = await deliver();
    expect(run.outcomes).toContainEqual({ control_id: `${req}-N1`, kind: 'new', result: 'AA', duplicate: true, text: `Order ${req} received` });
    expect(await stored(row.id as string)).toMatchObject({ status: 'received', lis_delivery: { state: 'received', control_id: `${req}-N1` } });
    const seen = await received(req);
    expect(seen.map((m) => [m.controlId, m.duplicate, m.fault])).toEqual([
      [`${req}-N1`, true, null],
      [`${req}-N1`, false, 'lose-ack'],
    ]);
    const results = await lis<unknown[]>('GET', `/results?requisition=${req}`);
    expect(results).toHaveLength(1);
    expect(await queue(row.id as string)).toMatchObject([{ status: 'accepted', duplicate: true, ack_code: 'AA' }]);
  });

  it('retries with backoff when nobody answers, keeping the message text and its control ID', async () => {
    const row = orderRow();
    const req = row.requisition_number as string;
    await lis('POST', '/faults', { kind: 'drop', requisition: req, times: 2 });
    await push(staff, [row]);
    const before = Date.now();
    const run = await deliver();
    expect(run.outcomes).toContainEqual(expect.objectContaining({ control_id: `${req}-N1`, result: 'retry' }));
    const [msg] = await queue(row.id as string);
    expect(msg).toMatchObject({ status: 'queued', attempts: 1, ack_code: null });
    expect(String(msg?.message)).toContain(`|ORM^O01^ORM_O01|${req}-N1|`);
    const wait = Date.parse(String(msg?.next_attempt_at)) - before;
    expect(wait).toBeGreaterThanOrEqual(29_000);
    expect(wait).toBeLessThan(40_000);
    expect(await stored(row.id as string)).toMatchObject({ status: 'submitted', lis_delivery: { state: 'retrying', attempts: 1 } });
    // Not due yet: the next run leaves it alone.
    expect((await deliver()).outcomes.filter((o) => o.control_id === `${req}-N1`)).toEqual([]);
  });

  it('shows an AE’s text on the order; only an admin resends it, as the next version', async () => {
    const row = orderRow();
    const req = row.requisition_number as string;
    await lis('POST', '/faults', { kind: 'ae', requisition: req, times: 1, text: 'Patient date of birth does not match the client record' });
    await push(staff, [row]);
    await deliver();
    expect(await stored(row.id as string)).toMatchObject({
      status: 'submitted',
      lis_error: 'Patient date of birth does not match the client record',
      lis_delivery: { state: 'refused', ack_code: 'AE' },
    });

    const refused = await update(staff, row.id as string, { lis_resend_at: new Date().toISOString() });
    expect(refused.error).toMatchObject({ code: '42501', message: 'Only an administrator may resend an order to the laboratory' });
    expect((await update(admin, row.id as string, { lis_error: null })).error).toBeNull();
    expect((await stored(row.id as string)).lis_error).toBe('Patient date of birth does not match the client record');

    expect((await update(admin, row.id as string, { diagnoses: ['E03.8'], lis_resend_at: new Date().toISOString() })).error).toBeNull();
    expect(await stored(row.id as string)).toMatchObject({ lis_error: null, diagnoses: ['E03.8'], lis_delivery: { state: 'queued', control_id: `${req}-N2`, version: 2 } });
    await deliver();
    expect(await stored(row.id as string)).toMatchObject({ status: 'received', lis_error: null, lis_delivery: { state: 'received', control_id: `${req}-N2` } });
    expect((await received(req)).map((m) => [m.controlId, m.ackCode])).toEqual([
      [`${req}-N2`, 'AA'],
      [`${req}-N1`, 'AE'],
    ]);
  });

  it('keeps a refused order frozen for staff, and resends only a refused order', async () => {
    const row = orderRow();
    await lis('POST', '/faults', { kind: 'ae', requisition: row.requisition_number, times: 1, text: 'Unknown client account' });
    await push(staff, [row]);
    await deliver();
    const changed = await update(staff, row.id as string, { diagnoses: ['E03.8'] });
    expect(changed.error).toMatchObject({ code: '42501', message: 'A submitted order cannot be changed, only cancelled' });
    const received = orderRow();
    await push(staff, [received]);
    await deliver();
    const resent = await update(admin, received.id as string, { lis_resend_at: new Date().toISOString() });
    expect(resent.error).toMatchObject({ code: '22023', message: 'Only a submitted order the laboratory refused can be resent' });
  });

  it('sends ORC CA when an order the laboratory may hold is cancelled, and withdraws one never sent', async () => {
    const row = orderRow();
    const req = row.requisition_number as string;
    await lis('POST', '/faults', { kind: 'lose-ack', requisition: req, times: 2 });
    await push(staff, [row]);
    expect((await deliver()).outcomes).toContainEqual(expect.objectContaining({ control_id: `${req}-N1`, result: 'retry' }));
    expect((await update(staff, row.id as string, { status: 'cancelled', cancel_reason: 'Duplicate order' })).error).toBeNull();
    expect(await queue(row.id as string)).toMatchObject([
      { kind: 'new', status: 'withdrawn' },
      { kind: 'cancel', control_id: `${req}-C1`, status: 'queued' },
    ]);
    const run = await deliver();
    expect(run.outcomes).toContainEqual({ control_id: `${req}-C1`, kind: 'cancel', result: 'AA', duplicate: false, text: `Order ${req} cancelled` });
    expect(await stored(row.id as string)).toMatchObject({ status: 'cancelled', lis_delivery: { state: 'cancelled', control_id: `${req}-C1` } });
    const [cancel] = await received(req);
    expect(cancel?.text.split('\r').filter((l) => l.startsWith('ORC|'))).toEqual([expect.stringMatching(/^ORC\|CA\|/), expect.stringMatching(/^ORC\|CA\|/)]);
    expect(cancel?.text).toContain('|^Duplicate order|');

    const never = orderRow();
    await push(staff, [never]);
    expect((await update(staff, never.id as string, { status: 'cancelled', cancel_reason: 'Entered by mistake' })).error).toBeNull();
    expect(await queue(never.id as string)).toMatchObject([{ kind: 'new', status: 'withdrawn', attempts: 0 }]);
    expect((await stored(never.id as string)).lis_delivery).toMatchObject({ state: 'withdrawn' });
    await deliver();
    expect(await received(never.requisition_number as string)).toEqual([]);
  });

  it('refuses, without sending anything, an order its rows cannot make a message of', async () => {
    const noNpi = randomUUID();
    const { error } = await env.service().from('providers').insert({ id: noNpi, first_name: 'Pat', last_name: 'Client' });
    expect(error).toBeNull();
    const row = orderRow({ provider_id: noNpi, billing: 'client', coverage_rank: null });
    await push(staff, [row]);
    const run = await deliver();
    expect(run.outcomes).toContainEqual(expect.objectContaining({ control_id: `${row.requisition_number}-N1`, result: 'not_built' }));
    expect(await stored(row.id as string)).toMatchObject({
      status: 'submitted',
      lis_error: 'The order could not be sent: orderingProvider.npi: "" is not a valid NPI',
      lis_delivery: { state: 'refused', attempts: 0 },
    });
    expect(await queue(row.id as string)).toMatchObject([{ status: 'refused', attempts: 0, message: null }]);
    expect(await received(row.requisition_number as string)).toEqual([]);
  });

  it('sent only messages a strict HL7 v2.5.1 check accepts, tables included', async () => {
    const all = await lis<SimMessage[]>('GET', '/messages');
    expect(all.length).toBeGreaterThan(5);
    for (const message of all) expect({ controlId: message.controlId, problems: checkV251(message.text) }).toEqual({ controlId: message.controlId, problems: [] });
  });

  it('lets only the scheduler run it and only admins read the queue', async () => {
    const token = (await staff.client.auth.getSession()).data.session?.access_token ?? '';
    expect((await callFunction(env.url, 'lis-deliver', token, {})).status).toBe(403);
    const row = orderRow();
    await push(staff, [row]);
    const asStaff = await staff.client.from('lis_messages').select('id').eq('order_id', row.id);
    expect(asStaff.data).toEqual([]);
    const asAdmin = await admin.client.from('lis_messages').select('control_id').eq('order_id', row.id);
    expect(asAdmin.data).toEqual([{ control_id: `${row.requisition_number}-N1` }]);
    // The message text names the patient: the functions read it, no user (20261205100002).
    for (const columns of ['message', '*']) expect((await admin.client.from('lis_messages').select(columns).eq('order_id', row.id)).error?.code).toBe('42501');
    const write = await admin.client.from('lis_messages').update({ status: 'accepted' }).eq('order_id', row.id).select();
    expect(write.error?.code ?? (write.data?.length === 0 ? 'none' : 'written')).not.toBe('written');
    const claim = await admin.client.rpc('lis_claim_messages', { p_limit: 1 });
    expect(claim.error).not.toBeNull();
    const [queued] = await queue(row.id as string);
    const record = await admin.client.rpc('lis_record_attempts', { p_attempts: [{ id: queued!.id, ack_code: 'AA', ack_text: 'forged' }] });
    expect(record.error).toMatchObject({ code: '42501' });
    expect((await queue(row.id as string))[0]).toMatchObject({ ack_code: null });
  });
});
