/**
 * Results distributed by the preferences, and critical values notified and escalated
 * (issue 32), for real: a result landing through lis-inbound queues its sends; the
 * scheduled result-distribute emails every address of the distribution list (the stack's
 * mail catcher) and faxes the fax number (the fax simulator, which downloads the PDF); a
 * critical value tells the provider and the organization by every channel, and is told
 * again when nobody acknowledged it in time, not after. A failed send is retried with
 * backoff and recorded. Each attempt is an audit row of exactly the agreed shape. From the
 * refused side: only the scheduler runs the job; another provider reads no distribution;
 * nobody but the server writes one.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOru } from '../../supabase/functions/_shared/hl7/oru-build.ts';
import { IN_APP_RECIPIENT } from '../../supabase/functions/_shared/distribution/plan.ts';
import { SERVICE_ROLE_KEY } from '../../supabase/local/config.ts';
import { postToInbound } from '../helpers/lis-inbound.ts';
import { accessToken, callFunction, startFunctionsStack, type FunctionsStack, type StackUser } from './functions-kit.ts';

let env: FunctionsStack;
let providerLogin: StackUser;
let otherProvider: StackUser;
let organizationId: string;
let providerId: string;
let patientId: string;
type Row = Record<string, unknown>;
const admin = () => ({ Authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'content-type': 'application/json' });

beforeAll(async () => {
  process.env.STACK_SCHEDULER = 'off';
  env = await startFunctionsStack();
  const service = env.service();
  organizationId = randomUUID();
  providerId = randomUUID();
  patientId = randomUUID();
  const writes = await Promise.all([
    service.from('organizations').insert({
      id: organizationId, legal_name: 'Hudson Valley Clinic', type: 'non_healthcare', email: 'front@hvclinic.test', fax: '518-555-0199',
      contacts: [{ id: randomUUID(), name: 'Pat Nurse', role: 'Charge nurse', email: 'pat@hvclinic.test', preferred_channel: 'email' }],
    }),
    service.from('providers').insert({ id: providerId, npi: '1234567893', first_name: 'Jane', last_name: 'Doe', credential: 'MD', email: 'jane.doe@hvclinic.test' }),
    service.from('patients').insert({ id: patientId, lab_patient_id: 'P-7K-0001', first_name: 'Mary', last_name: 'Brien', date_of_birth: '1950-02-03', sex: 'female', coverages: [] }),
  ]);
  for (const w of writes) if (w.error) throw w.error;
  const prefs = await service.from('provider_preferences').insert({
    provider_id: providerId, email_notifications: true, fax_notifications: true, fax_number: '(518) 555-0143',
    favorite_reports: ['results@hvclinic.test', 'backup@hvclinic.test'], report_format: 'summary_plus',
  });
  if (prefs.error) throw prefs.error;
  [providerLogin, otherProvider] = await Promise.all([env.user('provider'), env.user('provider')]);
  const linked = await service.from('profiles').update({ provider_id: providerId }).eq('id', providerLogin.id);
  if (linked.error) throw linked.error;
});
afterAll(async () => env?.stop());

async function orderWithResult(glucose: string, flags: Array<'H' | 'HH'>): Promise<{ orderId: string; resultId: string }> {
  const requisition = `R-${randomUUID().slice(0, 4).toUpperCase().replace(/[ILOU]/g, '7')}-0001`;
  const orderId = randomUUID();
  const order = await env.service().from('orders').insert({
    id: orderId, requisition_number: requisition, status: 'received', organization_id: organizationId, provider_id: providerId,
    patient_id: patientId, billing: 'client', tests: [{ code: 'GLU', cpt_codes: ['82947'] }], diagnoses: [], priority: 'routine',
  });
  if (order.error) throw order.error;
  const message = buildOru({
    controlId: `C${randomUUID().slice(0, 12)}`, sentAt: new Date(), sender: { application: 'SIMLIS', facility: 'LAB' }, receiver: { application: 'LABLINK', facility: 'CLIENT' },
    patient: { id: 'P-7K-0001', authority: 'LABLINK', lastName: 'Brien', firstName: 'Mary', birthDate: '1950-02-03', sex: 'F' },
    orders: [{
      placerOrderNumber: requisition, fillerOrderNumber: 'F1', testCode: 'GLU', testName: 'Glucose', resultStatus: 'F', collectedAt: new Date('2026-11-20T14:00:00Z'),
      observations: [{ valueType: 'NM', code: '2345-7', codeText: 'Glucose', value: glucose, units: 'mg/dL', referenceRange: '70-99', abnormalFlags: flags, status: 'F' }],
    }],
  });
  const answer = await postToInbound(env.url, message);
  expect(answer.text).toContain('MSA|AA');
  const { data } = await env.service().from('results').select('id').eq('order_id', orderId).single();
  return { orderId, resultId: (data as { id: string }).id };
}

async function distribute(): Promise<Row> {
  const answer = await callFunction(env.url, 'result-distribute', SERVICE_ROLE_KEY, { batch: 100 });
  expect(answer.status).toBe(200);
  return answer.body;
}

async function sends(resultId: string): Promise<Row[]> {
  const { data, error } = await env.service().from('result_distributions').select('*').eq('result_id', resultId).order('created_at').order('channel').order('recipient');
  if (error) throw error;
  return data as Row[];
}

async function audit(resultId: string): Promise<Row[]> {
  const { data, error } = await env.service().from('audit_log').select('table_name, row_id, action, row_data').eq('row_id', resultId).eq('action', 'distribute').order('id');
  if (error) throw error;
  return data as Row[];
}

async function mails(email: string): Promise<Array<{ subject: string; text: string }>> {
  return (await fetch(`${env.url}/__simulator/mail/messages?email=${encodeURIComponent(email)}`, { headers: admin() })).json();
}

async function faxes(to: string): Promise<Array<{ status: string; document: { content: string } | null }>> {
  return (await fetch(`${env.url}/__simulator/fax/messages?to=${encodeURIComponent(to)}`, { headers: admin() })).json();
}

describe('result-distribute', () => {
  it('emails every address of the list and faxes the number, in the report format, and audits each send', async () => {
    const { resultId } = await orderWithResult('120', ['H']);
    expect((await sends(resultId)).map((s) => [s.purpose, s.channel, s.recipient, s.status, s.report_format])).toEqual([
      ['result', 'email', 'backup@hvclinic.test', 'queued', 'summary_plus'],
      ['result', 'email', 'results@hvclinic.test', 'queued', 'summary_plus'],
      ['result', 'fax', '+15185550143', 'queued', 'summary_plus'],
    ]);
    await distribute();
    expect((await sends(resultId)).map((s) => [s.channel, s.status, s.attempts])).toEqual([['email', 'sent', 1], ['email', 'sent', 1], ['fax', 'sent', 1]]);
    for (const address of ['results@hvclinic.test', 'backup@hvclinic.test']) {
      const [mail] = await mails(address);
      expect(mail?.subject).toMatch(/^Result: Glucose for requisition R-/);
      expect(mail?.text).toContain('Glucose (2345-7): 120 mg/dL; range 70-99; flag H');
      expect(mail?.text).toContain('Report format: Summary plus');
    }
    await expect.poll(async () => (await faxes('+15185550143'))[0]?.status).toBe('delivered');
    const [fax] = await faxes('+15185550143');
    expect(Buffer.from(fax?.document?.content ?? '', 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect((await audit(resultId)).map((a) => [a.table_name, a.action, a.row_data])).toEqual(expect.arrayContaining([
      ['results', 'distribute', { channel: 'email', recipient: 'results@hvclinic.test', status: 'sent', attempt: 1, critical: false }],
      ['results', 'distribute', { channel: 'fax', recipient: '+15185550143', status: 'sent', attempt: 1, critical: false }],
    ]));
    expect(await audit(resultId)).toHaveLength(3);
    // A second run sends nothing again.
    await distribute();
    expect(await mails('results@hvclinic.test')).toHaveLength(1);
  });

  it('retries a failed send with backoff, records the reason, and never drops it', async () => {
    await fetch(`${env.url}/__simulator/mail/faults`, { method: 'POST', headers: admin(), body: JSON.stringify({ failNext: 1, status: 503, recipient: 'backup@hvclinic.test' }) });
    const { resultId } = await orderWithResult('130', ['H']);
    await distribute();
    const failed = (await sends(resultId)).find((s) => s.recipient === 'backup@hvclinic.test');
    expect(failed).toMatchObject({ status: 'queued', attempts: 1, last_error: 'Simulated failure (HTTP 503)' });
    expect(Date.parse(failed?.next_attempt_at as string)).toBeGreaterThan(Date.now() + 50_000);
    expect(await audit(resultId)).toContainEqual(expect.objectContaining({ row_data: { channel: 'email', recipient: 'backup@hvclinic.test', status: 'failed', attempt: 1, reason: 'Simulated failure (HTTP 503)', critical: false } }));
    // Due again (as after its backoff): sent on the next run.
    await env.service().from('result_distributions').update({ next_attempt_at: new Date(Date.now() - 1000).toISOString() }).eq('id', failed?.id as string);
    await distribute();
    expect((await sends(resultId)).find((s) => s.id === failed?.id)).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
  });

  it('notifies a critical value by every channel, escalates it when unacknowledged, and stops once acknowledged', async () => {
    const { resultId } = await orderWithResult('450', ['HH']);
    const { data: alert } = await env.service().from('alerts').select('id').eq('kind', 'critical_value').eq('details->>result_id', resultId).single();
    const critical = (await sends(resultId)).filter((s) => s.purpose === 'critical');
    const byChannel = (a: unknown[], b: unknown[]) => String(a[0]).localeCompare(String(b[0])) || String(a[1]).localeCompare(String(b[1]));
    expect(critical.map((s) => [s.channel, s.recipient, s.status, s.alert_id]).sort(byChannel)).toEqual([
      ['email', 'backup@hvclinic.test', 'queued', alert?.id], ['email', 'front@hvclinic.test', 'queued', alert?.id], ['email', 'jane.doe@hvclinic.test', 'queued', alert?.id],
      ['email', 'pat@hvclinic.test', 'queued', alert?.id], ['email', 'results@hvclinic.test', 'queued', alert?.id],
      ['fax', '+15185550143', 'queued', alert?.id], ['fax', '+15185550199', 'queued', alert?.id],
      ['in_app', IN_APP_RECIPIENT, 'sent', alert?.id],
    ]);
    await distribute();
    expect((await mails('pat@hvclinic.test'))[0]?.subject).toMatch(/^CRITICAL VALUE: Glucose for requisition R-/);
    expect(await audit(resultId)).toContainEqual(expect.objectContaining({ row_data: { channel: 'in_app', recipient: IN_APP_RECIPIENT, status: 'sent', attempt: 1, critical: true } }));

    // Not yet due: nothing escalates.
    expect((await distribute()).escalated).toBe(0);
    // Thirty-one minutes on without acknowledgement: round 1 to everyone, by every channel.
    const past = new Date(Date.now() - 31 * 60_000).toISOString();
    await env.service().from('result_distributions').update({ created_at: past }).eq('result_id', resultId);
    expect((await distribute()).escalated).toBe(1);
    const round1 = (await sends(resultId)).filter((s) => s.purpose === 'escalation');
    expect(round1).toHaveLength(8);
    expect(round1.every((s) => s.round === 1 && s.status === 'sent')).toBe(true);
    expect((await mails('pat@hvclinic.test'))[0]?.subject).toMatch(/^ESCALATION 1: critical value not yet acknowledged: Glucose/);

    // Acknowledged: no further round however long it waits.
    await env.service().from('alerts').update({ acknowledged_at: new Date().toISOString() }).eq('id', alert?.id as string);
    await env.service().from('result_distributions').update({ created_at: past }).eq('result_id', resultId);
    expect((await distribute()).escalated).toBe(0);
  });
});

describe('from the refused side', () => {
  it('only the scheduler runs result-distribute', async () => {
    expect((await callFunction(env.url, 'result-distribute', await accessToken(providerLogin.client), {})).status).toBe(403);
    expect((await callFunction(env.url, 'result-distribute', 'not-a-key', {})).status).toBe(403);
    // Nor can a signed-in user claim the queue's rows through the Data API's RPC.
    const claim = await providerLogin.client.rpc('claim_result_distributions', { p_batch: 1 });
    expect(claim.error?.code).toBe('42501');
  });

  it('the ordering provider reads the distribution of their result; another provider reads none; nobody writes one', async () => {
    const { resultId } = await orderWithResult('125', ['H']);
    const own = await providerLogin.client.from('result_distributions').select('id').eq('result_id', resultId);
    expect(own.error).toBeNull();
    expect(own.data).toHaveLength(3);
    const other = await otherProvider.client.from('result_distributions').select('id').eq('result_id', resultId);
    expect(other.data).toEqual([]);
    const forged = await providerLogin.client.from('result_distributions').insert({ result_id: resultId, provider_id: providerId, purpose: 'result', channel: 'email', recipient: 'x@y.test', result_received_at: new Date().toISOString() });
    expect(forged.error?.code).toBe('42501');
  });

  it('the ordering provider acknowledges their critical value (stamped by the server); another provider cannot', async () => {
    const { resultId } = await orderWithResult('460', ['HH']);
    const { data: alert } = await env.service().from('alerts').select('id').eq('kind', 'critical_value').eq('details->>result_id', resultId).single();
    const refused = await otherProvider.client.from('alerts').update({ acknowledged_at: new Date().toISOString() }).eq('id', alert?.id as string).select('id');
    expect(refused.data).toEqual([]);
    const done = await providerLogin.client.from('alerts').update({ acknowledged_at: '2000-01-01T00:00:00Z' }).eq('id', alert?.id as string).select('acknowledged_at, acknowledged_by').single();
    expect(done.error).toBeNull();
    expect(done.data?.acknowledged_by).toBe(providerLogin.id);
    expect(Date.parse(done.data?.acknowledged_at as string)).toBeGreaterThan(Date.now() - 60_000);
  });
});
