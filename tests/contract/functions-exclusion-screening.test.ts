/**
 * OIG exclusion screening (issue 33) against the local stack and its LEIE simulator:
 * screen-exclusions (the scheduler's) loads the list and screens every active provider; an
 * NPI on the list flags the provider excluded with an exclusion_confirmed alert, once, and
 * the alert is resolved when the entry leaves the list; exclusion-review (staff) screens one
 * provider now and decides a possible (name and state) match: dismissed with a reason it is
 * never raised again, confirmed it flags the provider. The provider row records when it was
 * screened and the list's date; no client can write those, nor call the functions unasked.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANON_KEY, SERVICE_ROLE_KEY } from '../../supabase/local/config.ts';
import { randomNpi } from './directory-helpers.ts';
import { accessToken, callFunction, startFunctionsStack, type FunctionsStack, type StackUser } from './functions-kit.ts';

let env: FunctionsStack;
let staff: StackUser;

beforeAll(async () => {
  env = await startFunctionsStack();
  staff = await env.user();
});
afterAll(async () => {
  await env?.stop();
});

async function listChange(method: 'POST' | 'DELETE', body: Record<string, unknown> | null, query = '') {
  const res = await fetch(`${env.url}/__simulator/oig/exclusions${query}`, {
    method,
    headers: { Authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(res.ok).toBe(true);
}

async function provider(fields: Record<string, unknown> = {}): Promise<{ id: string; npi: string | null; last: string }> {
  const id = randomUUID();
  const last = `Screen${randomUUID().replace(/[^a-f]/g, '').slice(0, 8)}`;
  const row = { id, npi: randomNpi(), first_name: 'Dana', last_name: last, ...fields };
  const { error } = await env.service().from('providers').insert(row);
  if (error) throw new Error(`insert provider failed: ${error.message}`);
  return { id, npi: row.npi as string | null, last };
}

const runSchedule = (body: Record<string, unknown> = {}) => callFunction(env.url, 'screen-exclusions', SERVICE_ROLE_KEY, body);
const review = async (body: Record<string, unknown>, user = staff) => callFunction(env.url, 'exclusion-review', await accessToken(user.client), body);

async function alertsOf(providerId: string) {
  const { data, error } = await env.service().from('alerts').select('*').eq('provider_id', providerId).order('raised_at');
  if (error) throw new Error(error.message);
  return data as Array<{ id: string; kind: string; summary: string; details: Record<string, unknown>; acknowledged_at: string | null; acknowledged_by: string | null }>;
}

async function nthAlert(providerId: string, index: number) {
  const alert = (await alertsOf(providerId))[index];
  if (!alert) throw new Error(`provider ${providerId} has no alert #${index}`);
  return alert;
}

async function screeningOf(providerId: string) {
  const { data } = await env.service().from('providers').select('exclusion_status, exclusion_screened_at, exclusion_list_date, exclusion_data').eq('id', providerId).single();
  return data as { exclusion_status: string | null; exclusion_screened_at: string | null; exclusion_list_date: string | null; exclusion_data: { matches: unknown[] } | null };
}

describe('screen-exclusions: who may run it', () => {
  it('refuses a call without the service key, a user and the anon key', async () => {
    expect(await callFunction(env.url, 'screen-exclusions', '', {})).toMatchObject({ status: 401, body: { code: 'not_authenticated' } });
    expect(await callFunction(env.url, 'screen-exclusions', ANON_KEY, {})).toMatchObject({ status: 403, body: { error: 'Only the scheduler may run screen-exclusions.' } });
    expect(await callFunction(env.url, 'screen-exclusions', await accessToken(staff.client), {})).toMatchObject({ status: 403 });
  });
});

describe('the schedule', () => {
  it("the stack's scheduler runs screen-exclusions as its job, with the service key", async () => {
    const res = await fetch(`${env.url}/__simulator/scheduler/run/screen-exclusions`, { method: 'POST', headers: { Authorization: `Bearer ${SERVICE_ROLE_KEY}` } });
    expect(res.status).toBe(200);
    const run = (await res.json()) as { job: string; trigger: string; status: number; response: Record<string, unknown> };
    expect(run).toMatchObject({ job: 'screen-exclusions', trigger: 'manual', status: 200, response: { list: { row_count: expect.any(Number) }, screened: expect.any(Number) } });
  });
});

describe('screening by NPI', () => {
  it('flags a provider whose NPI is on the list, once, records the screening, and clears it when the entry leaves', async () => {
    const p = await provider();
    await listChange('POST', { npi: p.npi, lastName: 'ELSEWHERE', firstName: 'X', exclType: '1128b7', exclDate: '20240115' });
    const first = await runSchedule({ force: true });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ list: { changed: true }, excluded: expect.any(Number) });
    const screening = await screeningOf(p.id);
    expect(screening).toMatchObject({ exclusion_status: 'excluded', exclusion_data: { matches: [expect.objectContaining({ basis: 'npi', excl_type: '1128b7', excl_date: '2024-01-15' })] } });
    expect(Date.parse(screening.exclusion_screened_at!)).toBeGreaterThan(Date.now() - 60_000);
    expect(screening.exclusion_list_date).toBe((first.body.list as { list_date: string }).list_date);
    const alerts = await alertsOf(p.id);
    expect(alerts.map((a) => [a.kind, a.summary])).toEqual([['exclusion_confirmed', `NPI ${p.npi} is on the OIG exclusion list (1128b7, excluded 2024-01-15).`]]);

    const again = await runSchedule();
    expect(again.body).toMatchObject({ list: { changed: false } });
    expect(await alertsOf(p.id)).toHaveLength(1);

    await listChange('DELETE', null, `?npi=${p.npi}`);
    const after = await runSchedule();
    expect(after.body).toMatchObject({ list: { changed: true } });
    expect(await alertsOf(p.id)).toHaveLength(1);
    const resolved = await nthAlert(p.id, 0);
    expect(resolved.acknowledged_at).not.toBeNull();
    expect(resolved.details.resolution).toMatch(/^No longer on the OIG exclusion list of \d{4}-\d{2}-\d{2}\.$/);
    expect((await screeningOf(p.id)).exclusion_status).toBe('clear');
  });
});

describe('exclusion-review', () => {
  it('refuses a provider login and a user without a role, and anyone without a body it understands', async () => {
    const p = await provider();
    for (const who of [await env.user('provider'), await env.user(null)]) {
      expect(await review({ provider_id: p.id }, who)).toMatchObject({ status: 403, body: { error: 'Only staff members can review exclusion matches.' } });
    }
    expect(await review({ provider_id: 'nope' })).toMatchObject({ status: 400, body: { error: 'provider_id must be a provider id (a UUID).' } });
    expect(await review({ provider_id: randomUUID() })).toMatchObject({ status: 404, body: { error: 'This provider does not exist.' } });
    expect((await screeningOf(p.id)).exclusion_status).toBeNull();
  });

  it('screens one provider now: a name match in the same state is possible; dismissed with a reason it stays dismissed', async () => {
    const p = await provider({ npi: null });
    await listChange('POST', { lastName: p.last, firstName: 'DANA', state: 'NY', exclDate: '20230301' });
    const screened = await review({ provider_id: p.id });
    expect(screened).toMatchObject({ status: 200, body: { provider_id: p.id, status: 'possible', raised: 1 } });
    const possible = await nthAlert(p.id, 0);
    expect(possible).toMatchObject({ kind: 'exclusion_possible', acknowledged_at: null });
    expect(possible.summary).toBe(`Possible match on the OIG exclusion list: ${p.last.toUpperCase()}, DANA in NY; the provider's state is unknown, listed without an NPI (1128a1, excluded 2023-03-01). Confirm or dismiss it.`);

    expect(await review({ alert_id: possible.id, decision: 'dismiss', reason: '' })).toMatchObject({ status: 400, body: { error: 'Give the reason this is not the provider (3 to 500 characters).' } });
    const dismissed = await review({ alert_id: possible.id, decision: 'dismiss', reason: 'Different person: born 1988, licensed in CA' });
    expect(dismissed).toMatchObject({ status: 200, body: { decision: 'dismiss', status: 'clear' } });
    const closed = await nthAlert(p.id, 0);
    expect(closed).toMatchObject({ acknowledged_by: staff.id, details: { resolution: 'Dismissed: Different person: born 1988, licensed in CA', decision: 'dismiss' } });
    expect(await review({ alert_id: possible.id, decision: 'confirm' })).toMatchObject({ status: 409, body: { error: 'This possible match was already decided or has left the list.' } });

    await review({ provider_id: p.id });
    expect(await alertsOf(p.id)).toHaveLength(1);
    expect((await screeningOf(p.id)).exclusion_status).toBe('clear');
  });

  it('a confirmed name match flags the provider excluded with a new alert', async () => {
    const p = await provider({ npi: null });
    await listChange('POST', { lastName: p.last, firstName: 'DANA', state: 'FL', exclType: '1128b4', exclDate: '20220202' });
    await review({ provider_id: p.id });
    const possible = await nthAlert(p.id, 0);
    const confirmed = await review({ alert_id: possible.id, decision: 'confirm' });
    expect(confirmed).toMatchObject({ status: 200, body: { decision: 'confirm', status: 'excluded', alert_id: expect.any(String) } });
    const alerts = await alertsOf(p.id);
    expect(alerts.map((a) => [a.kind, a.acknowledged_at === null])).toEqual([['exclusion_possible', false], ['exclusion_confirmed', true]]);
    expect((await nthAlert(p.id, 1)).summary).toBe(`Confirmed by staff: ${p.last.toUpperCase()}, DANA (FL) is on the OIG exclusion list (1128b4, excluded 2022-02-02).`);
    expect((await screeningOf(p.id)).exclusion_status).toBe('excluded');
  });

  it('a signed-in client cannot write the screening fields', async () => {
    const p = await provider();
    const { error } = await staff.client.from('providers').update({ exclusion_status: 'clear', exclusion_screened_at: '2026-01-01T00:00:00Z', nickname: 'Dee' }).eq('id', p.id);
    expect(error).toBeNull();
    expect(await screeningOf(p.id)).toMatchObject({ exclusion_status: null, exclusion_screened_at: null });
  });
});
