/**
 * OIG exclusion screening of organizations (issue 33) against the local stack and its LEIE
 * simulator: an organization's NPI on the list flags it excluded with an exclusion_confirmed
 * alert; a business listed without an NPI under the organization's legal or DBA name (as
 * the OIG writes it: another case, commas, "L.L.C.") in its state is a possible match for
 * staff to confirm or dismiss, never an exclusion by itself. The scheduled run screens
 * organizations too. Refused side: a provider login and a user without a role can neither
 * screen an organization nor decide its match, nor read its alerts; no client writes the
 * screening fields or the matches.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_ROLE_KEY } from '../../supabase/local/config.ts';
import { demoOrganizations } from '../../supabase/seed/demo-organizations.ts';
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

async function listAdd(body: Record<string, unknown>) {
  const res = await fetch(`${env.url}/__simulator/oig/exclusions`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
}

/** An organization with a unique name, in NY unless told otherwise. */
async function organization(fields: Record<string, unknown> = {}): Promise<{ id: string; name: string }> {
  const id = randomUUID();
  const word = randomUUID().replace(/[^a-f]/g, '').slice(0, 8);
  const name = `Screened ${word} Medical Supply`;
  const row = {
    id, legal_name: `${name}, Inc.`, type: 'non_healthcare', npi: null,
    practice_address: { line1: '1 Main St', line2: null, city: 'Albany', state: 'NY', zip: '12207' }, ...fields,
  };
  const { error } = await env.service().from('organizations').insert(row);
  if (error) throw new Error(`insert organization failed: ${error.message}`);
  return { id, name };
}

const review = async (body: Record<string, unknown>, user = staff) => callFunction(env.url, 'exclusion-review', await accessToken(user.client), body);

async function alertsOf(organizationId: string) {
  const { data, error } = await env.service().from('alerts').select('id, kind, summary, provider_id, acknowledged_at, acknowledged_by, details').eq('organization_id', organizationId).order('raised_at');
  if (error) throw new Error(error.message);
  return data as Array<{ id: string; kind: string; summary: string; provider_id: string | null; acknowledged_at: string | null; acknowledged_by: string | null; details: Record<string, unknown> }>;
}

async function screeningOf(organizationId: string) {
  const { data, error } = await env.service().from('organizations').select('exclusion_status, exclusion_screened_at, exclusion_list_date, exclusion_data').eq('id', organizationId).single();
  if (error) throw new Error(error.message);
  return data as { exclusion_status: string | null; exclusion_screened_at: string | null; exclusion_list_date: string | null; exclusion_data: { matches: Array<Record<string, unknown>> } | null };
}

async function matchesOf(organizationId: string) {
  const { data } = await env.service().from('exclusion_matches').select('basis, status, provider_id, reason').eq('organization_id', organizationId);
  return data as Array<{ basis: string; status: string; provider_id: string | null; reason: string | null }>;
}

describe('screening an organization by NPI', () => {
  it('flags an organization whose NPI is on the list excluded, with the exclusion type and date and an alert', async () => {
    const npi = randomNpi();
    const org = await organization({ npi, type: 'healthcare' });
    await listAdd({ npi, busName: 'SOME OTHER NAME LLC', state: 'FL', exclType: '1128b7', exclDate: '20240115' });
    const screened = await review({ organization_id: org.id });
    expect(screened).toMatchObject({ status: 200, body: { organization_id: org.id, status: 'excluded', raised: 1, cleared: 0 } });
    expect(await screeningOf(org.id)).toMatchObject({
      exclusion_status: 'excluded',
      exclusion_data: { matches: [expect.objectContaining({ basis: 'npi', status: 'confirmed', name: 'SOME OTHER NAME LLC', excl_type: '1128b7', excl_date: '2024-01-15' })] },
    });
    const alerts = await alertsOf(org.id);
    expect(alerts.map((a) => [a.kind, a.summary, a.provider_id])).toEqual([['exclusion_confirmed', `NPI ${npi} is on the OIG exclusion list (1128b7, excluded 2024-01-15).`, null]]);
    expect(await matchesOf(org.id)).toEqual([{ basis: 'npi', status: 'confirmed', provider_id: null, reason: null }]);

    // Screening again raises nothing new.
    await review({ organization_id: org.id });
    expect(await alertsOf(org.id)).toHaveLength(1);
  });
});

describe('screening an organization by business name and state', () => {
  it('a listed business of the same name in the same state is only possible; staff confirm it and the organization is excluded', async () => {
    const org = await organization();
    await listAdd({ busName: `${org.name.toUpperCase()}, INC.`, state: 'NY', exclType: '1128b4', exclDate: '20220202' });
    // The same name in another state is another business.
    await listAdd({ busName: `${org.name.toUpperCase()} LLC`, state: 'NJ' });
    const screened = await review({ organization_id: org.id });
    expect(screened).toMatchObject({ status: 200, body: { organization_id: org.id, status: 'possible', raised: 1 } });
    const [possible] = await alertsOf(org.id);
    expect(possible).toMatchObject({ kind: 'exclusion_possible', acknowledged_at: null });
    expect(possible!.summary).toBe(`Possible match on the OIG exclusion list: ${org.name.toUpperCase()}, INC. in NY, listed without an NPI (1128b4, excluded 2022-02-02). Confirm or dismiss it.`);
    expect((await screeningOf(org.id)).exclusion_status).toBe('possible');

    const confirmed = await review({ alert_id: possible!.id, decision: 'confirm' });
    expect(confirmed).toMatchObject({ status: 200, body: { decision: 'confirm', organization_id: org.id, status: 'excluded', alert_id: expect.any(String) } });
    const alerts = await alertsOf(org.id);
    expect(alerts.map((a) => [a.kind, a.acknowledged_by])).toEqual([['exclusion_possible', staff.id], ['exclusion_confirmed', null]]);
    expect(alerts[1]!.summary).toBe(`Confirmed by staff: ${org.name.toUpperCase()}, INC. (NY) is on the OIG exclusion list (1128b4, excluded 2022-02-02).`);
    expect(await screeningOf(org.id)).toMatchObject({ exclusion_status: 'excluded', exclusion_data: { matches: [expect.objectContaining({ basis: 'name_state', status: 'confirmed', excl_type: '1128b4', excl_date: '2022-02-02' })] } });
  });

  it('dismissed with a reason it stays dismissed, and the DBA name is matched too', async () => {
    const org = await organization({ dba_name: 'Quayside Pharmacy Corp' });
    await listAdd({ busName: 'QUAYSIDE PHARMACY', state: 'NY' });
    await review({ organization_id: org.id });
    const [possible] = await alertsOf(org.id);
    expect(possible).toMatchObject({ kind: 'exclusion_possible' });
    const dismissed = await review({ alert_id: possible!.id, decision: 'dismiss', reason: 'Another pharmacy: ours opened in 2024' });
    expect(dismissed).toMatchObject({ status: 200, body: { decision: 'dismiss', organization_id: org.id, status: 'clear' } });
    expect(await matchesOf(org.id)).toEqual([{ basis: 'name_state', status: 'dismissed', provider_id: null, reason: 'Another pharmacy: ours opened in 2024' }]);
    await review({ organization_id: org.id });
    expect(await alertsOf(org.id)).toHaveLength(1);
    expect((await screeningOf(org.id)).exclusion_status).toBe('clear');
  });

  it("the scheduled run screens organizations and counts them apart; the simulator's file lists the seeded demo client as a possible match", async () => {
    const org = await organization();
    await listAdd({ busName: org.name, state: 'NY' });
    const empire = demoOrganizations().find((o) => o.key === 'empire-drug-testing')!;
    const demo = await organization({ legal_name: empire.legalName, dba_name: empire.account.dbaName, practice_address: empire.account.practiceAddress });
    const run = await callFunction(env.url, 'screen-exclusions', SERVICE_ROLE_KEY, { force: true });
    expect(run).toMatchObject({ status: 200, body: { screened: expect.any(Number), organizations: { screened: expect.any(Number), possible: expect.any(Number) } } });
    expect((run.body.organizations as { possible: number }).possible).toBeGreaterThanOrEqual(2);
    expect((await screeningOf(org.id)).exclusion_status).toBe('possible');
    expect(await screeningOf(demo.id)).toMatchObject({ exclusion_status: 'possible', exclusion_data: { matches: [expect.objectContaining({ basis: 'name_state', name: 'EMPIRE WORKPLACE DRUG TESTING, L.L.C.', state: 'NY' })] } });
  });
});

describe('who may screen an organization and decide its match', () => {
  it('refuses a provider login and a user without a role, which also cannot read its alerts; the match stays open', async () => {
    const org = await organization();
    await listAdd({ busName: org.name, state: 'NY' });
    for (const who of [await env.user('provider'), await env.user(null)]) {
      expect(await review({ organization_id: org.id }, who)).toMatchObject({ status: 403, body: { error: 'Only staff members can review exclusion matches.' } });
    }
    expect((await screeningOf(org.id)).exclusion_status).toBeNull();
    await review({ organization_id: org.id });
    const [possible] = await alertsOf(org.id);
    for (const who of [await env.user('provider'), await env.user(null)]) {
      expect(await review({ alert_id: possible!.id, decision: 'confirm' }, who)).toMatchObject({ status: 403 });
      const { data } = await who.client.from('alerts').select('id').eq('organization_id', org.id);
      expect(data).toEqual([]);
    }
    expect(await matchesOf(org.id)).toEqual([{ basis: 'name_state', status: 'possible', provider_id: null, reason: null }]);
    expect((await alertsOf(org.id))[0]).toMatchObject({ acknowledged_at: null });
    expect(await review({ organization_id: 'nope' })).toMatchObject({ status: 400, body: { error: 'organization_id must be an organization id (a UUID).' } });
    expect(await review({ organization_id: randomUUID() })).toMatchObject({ status: 404, body: { error: 'This organization does not exist.' } });
  });

  it('staff cannot write an organization’s screening or a match themselves', async () => {
    const org = await organization();
    const { error } = await staff.client.from('organizations').update({ exclusion_status: 'clear', exclusion_screened_at: '2026-01-01T00:00:00Z', notes: 'checked by hand' }).eq('id', org.id);
    expect(error).toBeNull();
    expect(await screeningOf(org.id)).toMatchObject({ exclusion_status: null, exclusion_screened_at: null });
    const forged = await staff.client.from('exclusion_matches').insert({ organization_id: org.id, entry_key: 'x', basis: 'npi', status: 'confirmed', entry: {} });
    expect(forged.error).not.toBeNull();
    expect(await matchesOf(org.id)).toEqual([]);
  });
});
