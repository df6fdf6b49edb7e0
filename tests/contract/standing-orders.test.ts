/**
 * Standing orders (issue 31) against a stack of this file's own: the scheduled
 * standing-orders function creates each due occurrence of a standing order once, however
 * often it runs, each a submitted copy with its own server-made requisition number
 * (R-0-<counter>) queued to the laboratory; a stopped series makes no more; an occurrence the
 * server refuses (an excluded provider) stops the series with the reason; only staff stop a
 * series, and the server stamps who and when; the repeat itself is held to its bounds.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_ROLE_KEY } from '../../supabase/local/config.ts';
import { accessToken, callFunction, startFunctionsStack, type FunctionsStack, type StackUser } from './functions-kit.ts';
import { expectApplied, expectPushRefused, pushChange } from './protected-writes.ts';

type Row = Record<string, unknown>;

let env: FunctionsStack;
let staff: StackUser;
let delegate: StackUser;
let organizationId: string;
let providerId: string;
let patientId: string;
const DAY = 86_400_000;

beforeAll(async () => {
  process.env.STACK_SCHEDULER = 'off';
  env = await startFunctionsStack();
  [staff, delegate] = await Promise.all([env.user('staff'), env.user('provider')]);
  const service = env.service();
  const compendium = await service.from('compendium_tests').upsert([
    { code: 'INR', name: 'Prothrombin time with INR', specimen_type: 'Plasma', container: 'Light blue', transport_temperature: 'refrigerated', cpt_codes: ['85610'], questions: [] },
  ]);
  if (compendium.error) throw compendium.error;
  organizationId = randomUUID();
  providerId = randomUUID();
  patientId = randomUUID();
  const org = await service.from('organizations').insert({ id: organizationId, legal_name: 'Standing Clinic', type: 'non_healthcare', phone: '518-555-0100' });
  const prov = await service.from('providers').insert({ id: providerId, npi: '1234567893', first_name: 'Jane', last_name: 'Doe', credential: 'MD' });
  const pat = await service.from('patients').insert({
    id: patientId, lab_patient_id: 'P-7S-0001', first_name: 'Mary', last_name: 'Weekly', date_of_birth: '1950-02-03', sex: 'female', coverages: [],
  });
  const approval = await service.from('provider_delegate_approvals').insert({ id: randomUUID(), provider_id: providerId, delegate_id: delegate.id, approval_type: 'order' });
  for (const r of [org, prov, pat, approval]) if (r.error) throw r.error;
});
afterAll(async () => {
  await env?.stop();
  delete process.env.STACK_SCHEDULER;
});

let counter = 0;
/** A standing INR entered `daysAgo` days ago by staff: weekly, `occurrences` in all. */
async function enterStanding(daysAgo: number, occurrences = 4, provider = () => providerId): Promise<string> {
  counter += 1;
  const id = randomUUID();
  const { error } = await staff.client.from('orders').insert({
    id,
    requisition_number: `R-7S${counter}-0001`,
    status: 'submitted',
    organization_id: organizationId,
    provider_id: provider(),
    patient_id: patientId,
    billing: 'client',
    tests: [{ code: 'INR', cpt_codes: ['85610'] }],
    answers: [],
    diagnoses: ['Z79.01'],
    collected_at: new Date(Date.now() - daysAgo * DAY).toISOString(),
    priority: 'routine',
    standing: { every_days: 7, occurrences },
  });
  if (error) throw error;
  return id;
}

async function run() {
  const answer = await callFunction(env.url, 'standing-orders', SERVICE_ROLE_KEY, { batch: 100 });
  expect(answer.status).toBe(200);
  return answer.body as { created: Array<{ order_id: string; parent_id: string; occurrence: number; requisition_number: string }>; refused: Row[] };
}

async function occurrencesOf(parent: string): Promise<Row[]> {
  const { data, error } = await env.service().from('orders').select('*').eq('standing_parent_id', parent).order('standing_occurrence');
  if (error) throw error;
  return data as Row[];
}

async function stored(id: string): Promise<Row> {
  const { data, error } = await env.service().from('orders').select('*').eq('id', id).single();
  if (error) throw error;
  return data as Row;
}

describe('standing-orders', () => {
  it('is the scheduler’s alone', async () => {
    expect(await callFunction(env.url, 'standing-orders', await accessToken(staff.client), {})).toMatchObject({ status: 403, body: { error: 'Only the scheduler may run standing-orders.' } });
  });

  it('creates each due occurrence once, however often it runs, with distinct requisition numbers, queued to the laboratory', async () => {
    const parent = await enterStanding(15);
    const first = await run();
    const mine = first.created.filter((item) => item.parent_id === parent);
    expect(mine.map((item) => item.occurrence)).toEqual([2, 3]);
    expect((await run()).created.filter((item) => item.parent_id === parent)).toEqual([]);

    const rows = await occurrencesOf(parent);
    expect(rows.map((row) => row.standing_occurrence)).toEqual([2, 3]);
    const numbers = rows.map((row) => row.requisition_number as string);
    expect(new Set(numbers).size).toBe(2);
    for (const number of numbers) expect(number).toMatch(/^R-0-[0-9]{4,}$/);
    const entered = await stored(parent);
    for (const [index, row] of rows.entries()) {
      expect(row).toMatchObject({
        status: 'submitted', patient_id: patientId, provider_id: providerId, organization_id: organizationId, billing: 'client',
        tests: entered.tests, diagnoses: ['Z79.01'], standing: null, standing_parent_id: parent,
      });
      expect(new Date(row.collected_at as string).getTime()).toBe(new Date(entered.collected_at as string).getTime() + (index + 1) * 7 * DAY);
      expect(row.submitted_at).not.toBeNull();
      const queue = await env.service().from('lis_messages').select('kind, control_id').eq('order_id', row.id as string);
      expect(queue.data).toEqual([{ kind: 'new', control_id: `${row.requisition_number as string}-N1` }]);
    }
  });

  it('makes nothing for a series not yet due', async () => {
    const parent = await enterStanding(3);
    await run();
    expect(await occurrencesOf(parent)).toEqual([]);
  });

  it('makes no more once staff stopped the series; the server stamps who and when; a delegate cannot stop it', async () => {
    const parent = await enterStanding(8);
    // The delegate orders for the provider, so sees the series: the stop itself is refused.
    expectPushRefused(await pushChange(delegate.client, 'orders', parent, { standing_stopped_at: new Date().toISOString() }, env.service()), '42501', 'Only staff may stop a standing order');
    expect(await stored(parent)).toMatchObject({ standing_stopped_at: null, standing_stopped_by: null });

    expectApplied(await pushChange(staff.client, 'orders', parent, { standing_stopped_at: '2000-01-01T00:00:00Z' }, env.service()));
    const row = await stored(parent);
    expect(row.standing_stopped_by).toBe(staff.id);
    expect(Date.now() - new Date(row.standing_stopped_at as string).getTime()).toBeLessThan(60_000);
    await run();
    expect(await occurrencesOf(parent)).toEqual([]);
  });

  it('stops the series with the reason when the server refuses an occurrence (an excluded provider), and does not retry', async () => {
    const excluded = randomUUID();
    const made = await env.service().from('providers').insert({ id: excluded, npi: '1245319599', first_name: 'Ex', last_name: 'Cluded', credential: 'MD' });
    expect(made.error).toBeNull();
    const parent = await enterStanding(8, 4, () => excluded);
    expect((await env.service().from('providers').update({ exclusion_status: 'excluded' }).eq('id', excluded)).error).toBeNull();

    const answer = await run();
    expect(answer.refused).toContainEqual({
      parent_id: parent, occurrence: 2, error: 'The ordering provider is on the OIG exclusion list: no order can be placed in their name.',
    });
    const row = await stored(parent);
    expect(row.standing_error).toBe('Occurrence 2 was refused: The ordering provider is on the OIG exclusion list: no order can be placed in their name.');
    expect(row.standing_stopped_at).not.toBeNull();
    expect((await run()).refused.filter((item) => item.parent_id === parent)).toEqual([]);
    expect(await occurrencesOf(parent)).toEqual([]);
  });

  it('holds the repeat to its bounds and to the draft', async () => {
    const bad = await staff.client.from('orders').insert({
      id: randomUUID(), requisition_number: 'R-7SX-0001', status: 'draft', organization_id: organizationId, provider_id: providerId, patient_id: patientId,
      billing: 'client', standing: { every_days: 0, occurrences: 12 },
    });
    expect(bad.error).toMatchObject({ code: '23514' });
    const parent = await enterStanding(1);
    expectPushRefused(await pushChange(staff.client, 'orders', parent, { standing: { every_days: 1, occurrences: 52 } }, env.service()), '42501', 'A submitted order\'s repeat cannot be changed, only stopped');
  });
});
