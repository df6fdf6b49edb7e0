/**
 * Orders reach the laboratory at once (issue 44): a submitted order wakes lis-deliver as its
 * transaction commits, without waiting for the scheduler's tick. A stack of this file's own
 * with the timers off and the wakes on (STACK_SCHEDULER=wake): an order pushed as submitted
 * is received by the simulated laboratory with no run started by anyone; a push of many
 * orders is one wake (one run drains them), none sent twice. And the hosted path of the same
 * trigger: with pg_net and the Vault secrets the scheduler uses, one call to
 * /functions/v1/lis-deliver per transaction, with the service key, after the commit only.
 * How fast is the benchmark's to say (tests/bench/measure-lis-delivery.ts).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_ROLE_KEY } from '../../supabase/local/config.ts';
import { startFunctionsStack, type FunctionsStack, type StackUser } from './functions-kit.ts';

let env: FunctionsStack;
let staff: StackUser;
const ids = { organization: randomUUID(), provider: randomUUID(), patient: randomUUID() };

beforeAll(async () => {
  process.env.STACK_SCHEDULER = 'wake';
  env = await startFunctionsStack();
  staff = await env.user('staff');
  const service = env.service();
  for (const write of [
    service.from('compendium_tests').upsert([{ code: 'TSH', name: 'Thyroid stimulating hormone', loinc: '3016-3', specimen_type: 'Serum', container: 'Gold', transport_temperature: 'refrigerated', cpt_codes: ['84443'], questions: [] }]),
    service.from('organizations').insert({ id: ids.organization, legal_name: 'Wake Clinic', type: 'non_healthcare' }),
    service.from('providers').insert({ id: ids.provider, npi: '1234567893', first_name: 'Jane', last_name: 'Doe', credential: 'D.O.' }),
    service.from('patients').insert({ id: ids.patient, lab_patient_id: 'P-7W-0001', first_name: 'Zoë', last_name: 'Muñoz', date_of_birth: '1961-07-04', sex: 'female' }),
  ]) {
    const { error } = await write;
    if (error) throw error;
  }
});
afterAll(async () => {
  await env?.stop();
  delete process.env.STACK_SCHEDULER;
});

let counter = 0;
function order(): Record<string, unknown> {
  counter += 1;
  return {
    id: randomUUID(), requisition_number: `R-7W${randomUUID().slice(0, 2).toUpperCase().replace(/[^0-9A-HJKMNP-TV-Z]/g, '7')}-${String(counter).padStart(4, '0')}`,
    status: 'submitted', organization_id: ids.organization, provider_id: ids.provider, patient_id: ids.patient, billing: 'client',
    tests: [{ code: 'TSH', cpt_codes: ['84443'] }], diagnoses: [], collected_at: new Date().toISOString(), priority: 'stat',
  };
}

async function statuses(orderIds: string[]): Promise<string[]> {
  const { data, error } = await env.service().from('orders').select('status').in('id', orderIds);
  if (error) throw error;
  return (data as Array<{ status: string }>).map((row) => row.status);
}

async function runs(): Promise<Array<{ job: string; trigger: string }>> {
  const response = await fetch(`${env.url}/__simulator/scheduler?job=lis-deliver`, { headers: { Authorization: `Bearer ${SERVICE_ROLE_KEY}` } });
  return ((await response.json()) as { runs: Array<{ job: string; trigger: string }> }).runs;
}

describe('a submitted order wakes the delivery', () => {
  it('reaches the laboratory with no scheduled or manual run, in the character set it declares', async () => {
    const row = order();
    const { data, error } = await staff.client.rpc('sync_push', { p_table: 'orders', p_rows: [{ new: row, assumed: null }] });
    expect(error).toBeNull();
    expect(data).toMatchObject({ rejected: [] });
    await expect.poll(() => statuses([row.id as string]), { timeout: 20_000, interval: 100 }).toEqual(['received']);
    expect((await runs()).every((run) => run.trigger === 'wake')).toBe(true);
    const response = await fetch(`${env.url}/__simulator/lis/messages?requisition=${row.requisition_number}`, { headers: { Authorization: `Bearer ${SERVICE_ROLE_KEY}` } });
    const [message] = (await response.json()) as Array<{ text: string }>;
    expect(message?.text.split('\r')[0]).toMatch(/\|UNICODE UTF-8$/);
    expect(message?.text).toContain('PID|1||P-7W-0001^^^LABLINK^MR||Muñoz^Zoë||19610704|F');
    expect(message?.text).toContain('^Doe^Jane^^^^DO^^NPI&2.16.840.1.113883.4.6&ISO^^^^NPI^^^^^^^^D.O.|');
  });

  it('delivers a push of many orders, each once', async () => {
    const rows = Array.from({ length: 40 }, order);
    const { error } = await staff.client.rpc('sync_push', { p_table: 'orders', p_rows: rows.map((row) => ({ new: row, assumed: null })) });
    expect(error).toBeNull();
    const idsOf = rows.map((row) => row.id as string);
    await expect.poll(async () => (await statuses(idsOf)).filter((s) => s === 'received').length, { timeout: 60_000, interval: 200 }).toBe(40);
    const response = await fetch(`${env.url}/__simulator/lis/messages`, { headers: { Authorization: `Bearer ${SERVICE_ROLE_KEY}` } });
    const received = (await response.json()) as Array<{ controlId: string; duplicate: boolean }>;
    const mine = received.filter((m) => rows.some((row) => m.controlId === `${row.requisition_number}-N1`));
    expect(mine).toHaveLength(40);
    expect(mine.some((m) => m.duplicate)).toBe(false);
  });
});

describe('the hosted wake: pg_net with the scheduler’s Vault secrets', () => {
  it('calls lis-deliver once per transaction that queues messages, with the service key, and not for a rollback', async () => {
    const pg = env.stack.db.pg;
    // What a hosted project has (pg_net, Vault), reduced to what the trigger calls.
    await pg.exec(`
      create schema if not exists net;
      create table if not exists net.calls (url text, body jsonb, headers jsonb, timeout_milliseconds integer);
      create or replace function net.http_post(url text, body jsonb default '{}', params jsonb default '{}', headers jsonb default '{}', timeout_milliseconds integer default 5000)
        returns bigint language sql as $$ insert into net.calls values (url, body, headers, timeout_milliseconds); select 1::bigint $$;
      create schema if not exists vault;
      create or replace view vault.decrypted_secrets as select * from (values ('project_url', 'https://ref.supabase.co'), ('service_role_key', 'service-key')) as s(name, decrypted_secret);
    `);
    try {
      const rows = [order(), order(), order()];
      const { error } = await env.service().from('orders').insert(rows);
      expect(error).toBeNull();
      await pg.exec(`begin; insert into public.orders (id, requisition_number, status, organization_id, provider_id, patient_id, billing, tests, diagnoses, priority)
        values ('${randomUUID()}', 'R-7RB-0001', 'submitted', '${ids.organization}', '${ids.provider}', '${ids.patient}', 'client', '[{"code":"TSH"}]', '[]', 'routine'); rollback;`);
      const { rows: calls } = await pg.query<{ url: string; body: unknown; headers: Record<string, string> }>('select url, body, headers from net.calls');
      expect(calls).toEqual([{
        url: 'https://ref.supabase.co/functions/v1/lis-deliver',
        body: { batch: 100, source: 'wake' },
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer service-key' },
      }]);
    } finally {
      await pg.exec('drop view vault.decrypted_secrets; drop schema vault; drop function net.http_post(text, jsonb, jsonb, jsonb, integer); drop table net.calls; drop schema net;');
    }
  });
});
