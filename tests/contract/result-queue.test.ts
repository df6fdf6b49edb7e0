/**
 * What the server will not file (issue 44), from the laboratory's side: a result for a known
 * order but another patient, or for a test the order never asked for, is answered AE naming
 * the segment and waits in the result queue with both identities, never on the order; a
 * message with a NUL byte is answered and kept; ten resends of one message make one queue
 * row with one answer; an HL7 version the product does not take gets AR 203 and is kept; a
 * message without MSH says so; a message filed already is answered AA again, never filed
 * twice. Staff decide on a queued message (the matching is the server's, the decision a
 * person's).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseAck } from '../../supabase/functions/_shared/hl7/ack.ts';
import { buildOru, type OruInput } from '../../supabase/functions/_shared/hl7/oru-build.ts';
import { serviceClient, userWithRole, type TestUser } from '../helpers/clients.ts';
import { SUPABASE_URL } from '../helpers/env.ts';
import { postToInbound } from '../helpers/lis-inbound.ts';
import { organizationRow, providerRow, seedOne, type Row } from './directory-helpers.ts';

let staff: TestUser;
let organizationId: string;
let providerId: string;
let harold: { id: string; labId: string };

const suffix = () => randomUUID().slice(0, 4).toUpperCase().replace(/[ILOU]/g, '7');

async function order(): Promise<{ id: string; requisition: string }> {
  const requisition = `R-${suffix()}-0044`;
  const id = await seedOne('orders', {
    id: randomUUID(), requisition_number: requisition, status: 'received', organization_id: organizationId, provider_id: providerId,
    patient_id: harold.id, billing: 'client', tests: [{ code: 'BMP', name: 'Basic metabolic panel', cpt_codes: ['80048'] }], diagnoses: [], priority: 'routine',
  });
  return { id, requisition };
}

type PatientInput = OruInput['patient'];
const HAROLD = (): PatientInput => ({ id: harold.labId, authority: 'LABLINK', lastName: 'PENNINGTON', firstName: 'HAROLD', birthDate: '1944-02-29', sex: 'M' });

function oru(requisition: string, patient: PatientInput, options: { controlId?: string; code?: string; version?: string } = {}): string {
  const text = buildOru({
    controlId: options.controlId ?? `Q${randomUUID().slice(0, 12)}`,
    sentAt: new Date(),
    sender: { application: 'SIMLIS', facility: 'LAB' },
    receiver: { application: 'LABLINK', facility: 'CLIENTS' },
    patient,
    orders: [{
      placerOrderNumber: requisition, fillerOrderNumber: 'F1', testCode: options.code ?? 'BMP', testName: options.code === 'LIPID' ? 'Lipid panel' : 'Basic metabolic panel', resultStatus: 'F',
      observations: [{ valueType: 'NM', code: '2823-3', codeText: 'Potassium', value: '4.2', units: 'mmol/L', referenceRange: '3.5-5.1', status: 'F' }],
    }],
  });
  return options.version ? text.replace('|P|2.5.1|', `|P|${options.version}|`) : text;
}

const send = (message: string) => postToInbound(SUPABASE_URL, message);

async function queued(filter: Record<string, string>): Promise<Row[]> {
  let query = serviceClient().from('result_inbox_errors').select('*');
  for (const [column, value] of Object.entries(filter)) query = query.eq(column, value);
  const { data, error } = await query;
  if (error) throw error;
  return data as Row[];
}

async function resultsOf(orderId: string): Promise<Row[]> {
  const { data, error } = await serviceClient().from('results').select('*').eq('order_id', orderId);
  if (error) throw error;
  return data as Row[];
}

beforeAll(async () => {
  organizationId = await seedOne('organizations', organizationRow());
  providerId = await seedOne('providers', providerRow());
  const labId = `P-${suffix()}-0007`;
  const id = await seedOne('patients', { id: randomUUID(), lab_patient_id: labId, first_name: 'Harold', last_name: 'Pennington', date_of_birth: '1944-02-29', sex: 'male', coverages: [] });
  harold = { id, labId };
  staff = await userWithRole('staff', 'queue-staff');
});

describe('the server matches the patient before filing', () => {
  it('files a result whose patient is the order’s, tolerant of case and accents', async () => {
    const known = await order();
    const answer = await send(oru(known.requisition, { ...HAROLD(), lastName: 'Pénnington', firstName: 'harold' }));
    expect(parseAck(answer.text).code).toBe('AA');
    expect((await resultsOf(known.id)).map((r) => r.test_code)).toEqual(['BMP']);
  });

  it('queues a result for another patient with both identities and answers AE naming PID, never filing it', async () => {
    const known = await order();
    const doe: PatientInput = { id: `P-${suffix()}-0001`, authority: 'LABLINK', lastName: 'DOE', firstName: 'JANE', birthDate: '1980-01-01', sex: 'F' };
    const answer = await send(oru(known.requisition, doe));
    const ack = parseAck(answer.text);
    const text = `PID-3: Order ${known.requisition} is for PENNINGTON, HAROLD 1944-02-29; the result names DOE, JANE 1980-01-01 (the patient identifiers differ)`;
    expect(ack).toMatchObject({ code: 'AE', text });
    expect(ack.errors[0]).toMatchObject({ code: '204', location: 'PID[1]-3' });
    expect(await resultsOf(known.id)).toEqual([]);
    const [row] = await queued({ placer_order_number: known.requisition });
    expect(row).toMatchObject({ kind: 'patient_mismatch', status: 'open', candidate_order_id: known.id, order_patient: 'PENNINGTON, HAROLD 1944-02-29', message_patient: 'DOE, JANE 1980-01-01', error: text });
    // The same identifier with another date of birth is another patient too.
    const other = await order();
    expect(parseAck((await send(oru(other.requisition, { ...HAROLD(), birthDate: '1944-03-01' }))).text)).toMatchObject({ code: 'AE', errors: [expect.objectContaining({ location: 'PID[1]-7' })] });

    // A person decides: staff file it under the order after all (or reject it).
    const matched = await staff.client.functions.invoke('result-inbox', { body: { action: 'match', error_id: row!.id, order_id: known.id } });
    expect(matched.error).toBeNull();
    expect((await resultsOf(known.id)).map((r) => r.test_code)).toEqual(['BMP']);
  });

  it('queues a result for a test the order never asked for, answering AE naming OBR-4', async () => {
    const known = await order();
    const ack = parseAck((await send(oru(known.requisition, HAROLD(), { code: 'LIPID' }))).text);
    expect(ack).toMatchObject({ code: 'AE', text: `OBR[1]-4: Order ${known.requisition} did not ask for test LIPID (Lipid panel)` });
    expect(await resultsOf(known.id)).toEqual([]);
    expect(await queued({ candidate_order_id: known.id })).toEqual([expect.objectContaining({ kind: 'test_mismatch' })]);
  });
});

describe('nobody but lis-inbound writes the queue', () => {
  it('refuses staff the queue’s functions, and every user a write', async () => {
    const keep = await staff.client.rpc('result_inbox_keep', { p_row: { dedupe_key: 'forged', kind: 'malformed', error: 'x', message: 'x' } });
    expect(keep.error).toMatchObject({ code: '42501' });
    const resent = await staff.client.rpc('result_inbox_resent', { p_dedupe_key: 'msh:DEMO-LIS|DEMO-LAB|DEMO-UNMATCHED-1' });
    expect(resent.error).toMatchObject({ code: '42501' });
    const write = await staff.client.from('result_inbox_errors').insert({ dedupe_key: 'forged', error: 'x', message: 'x' });
    expect(write.error).not.toBeNull();
    expect(await queued({ dedupe_key: 'forged' })).toEqual([]);
  });
});

describe('every message is answered and kept once', () => {
  it('answers and keeps a message holding a NUL byte (escaped \\X00\\), naming the field', async () => {
    const known = await order();
    const controlId = `NUL${Date.now()}`;
    const message = oru(known.requisition, HAROLD(), { controlId }).replace('PENNINGTON^HAROLD', 'PENNING\u0000TON^HAROLD');
    const answer = await send(message);
    expect(answer.status).toBe(200);
    expect(parseAck(answer.text)).toMatchObject({ code: 'AE', acknowledgedControlId: controlId, text: 'PID-5: The message holds a NUL byte (0x00): send it without control characters.' });
    const [row] = await queued({ control_id: controlId });
    expect(row?.message).toContain('PENNING\\X00\\TON^HAROLD');
    expect(row).toMatchObject({ kind: 'malformed', message_patient: 'PENNINGTON, HAROLD 1944-02-29' });
    expect(await resultsOf(known.id)).toEqual([]);
  });

  it('makes one queue row of ten resends of a malformed message, each answered alike', async () => {
    const controlId = `TEN${Date.now()}`;
    const broken = `MSH|^~\\&|SIMLIS|LAB|LABLINK|CLIENTS|20261120||ORU^R01^ORU_R01|${controlId}|P|2.5.1\rOBR|1`;
    const answers = [];
    for (let i = 0; i < 10; i += 1) answers.push(parseAck((await send(broken)).text));
    expect(new Set(answers.map((a) => `${a.code}|${a.acknowledgedControlId}|${a.text}|${a.errors[0]?.code}`)).size).toBe(1);
    expect(answers.slice(1).every((a) => a.duplicate)).toBe(true);
    const rows = await queued({ control_id: controlId });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ times_received: 10, status: 'open', ack_code: 'AE' });
    expect(Date.parse(rows[0]!.last_received_at as string)).toBeGreaterThan(Date.parse(rows[0]!.received_at as string));
  });

  it('answers AR 203 to an HL7 version it does not take and keeps the message, unfiled, even for a known order', async () => {
    const known = await order();
    const controlId = `V99${Date.now()}`;
    const ack = parseAck((await send(oru(known.requisition, HAROLD(), { controlId, version: '9.9' }))).text);
    expect(ack).toMatchObject({ code: 'AR', text: 'MSH-12: HL7 version 9.9 is not supported: 2.3 to 2.5.1.' });
    expect(ack.errors[0]).toMatchObject({ code: '203', location: 'MSH[1]-12' });
    expect(await resultsOf(known.id)).toEqual([]);
    expect(await queued({ control_id: controlId })).toEqual([expect.objectContaining({ kind: 'unsupported', ack_code: 'AR', placer_order_number: known.requisition })]);
  });

  it('says a message without MSH has none, and answers AR to a message type it does not take', async () => {
    const noMsh = parseAck((await send(`PID|1||P-1||DOE^JANE\rOBR|1|R-${suffix()}-0001`)).text);
    expect(noMsh).toMatchObject({ code: 'AR', text: 'MSH: The message has no MSH segment: it must start with MSH, not "PID|1||P-1||DOE^JANE".' });
    const adt = parseAck((await send(`MSH|^~\\&|SIMLIS|LAB|LABLINK|CLIENTS|20261120||ADT^A01^ADT_A01|ADT${Date.now()}|P|2.5.1\rPID|1||P-1||DOE^JANE`)).text);
    expect(adt).toMatchObject({ code: 'AR', errors: [expect.objectContaining({ code: '200', location: 'MSH[1]-9' })] });
  });

  it('answers AA again to a message it filed already, without filing it twice or undoing a sign-off', async () => {
    const known = await order();
    const message = oru(known.requisition, HAROLD());
    expect(parseAck((await send(message)).text).code).toBe('AA');
    const [first] = await resultsOf(known.id);
    await serviceClient().from('results').update({ seen_at: new Date().toISOString(), seen_by: staff.id }).eq('id', first!.id);
    const again = parseAck((await send(message)).text);
    expect(again).toMatchObject({ code: 'AA', text: `Results received for ${known.requisition}`, duplicate: true });
    const [after] = await resultsOf(known.id);
    expect(after).toMatchObject({ id: first!.id, received_at: first!.received_at, seen_by: staff.id });
  });
});
