/**
 * reverify-providers (issue 33) against the local stack and its registry simulator: only
 * the scheduler's service key runs it; the first run takes the directory's data as the
 * baseline and raises nothing; a change in the registries (PECOS enrollment removed, a new
 * credential, a deactivated NPI) raises one alert per change; a registry failure sets a
 * backoff and writes nothing else; staff acknowledge an alert once, the server stamping who
 * and when, while a provider login and other writes are refused.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANON_KEY, SERVICE_ROLE_KEY } from '../../supabase/local/config.ts';
import { NAMED_NPIS, nppesAnswer, orderReferringRowFor, ppefRowsFor } from '../../supabase/local/simulator/fixtures.ts';
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

async function registryChange(body: Record<string, unknown> | null, npi?: string) {
  const res = await fetch(`${env.url}/__simulator/__changes${body ? '' : `?npi=${npi}`}`, {
    method: body ? 'POST' : 'DELETE',
    headers: { Authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(res.status).toBe(200);
}

/** A provider as the directory holds it after an earlier check (the registry's answer and the PECOS evidence). */
async function checkedProvider(npi: string): Promise<string> {
  const id = randomUUID();
  const partB = orderReferringRowFor(npi)?.PARTB === 'Y';
  const { error } = await env.service().from('providers').insert({
    id, npi, first_name: 'Re', last_name: `Verify-${id.slice(0, 6)}`,
    nppes_data: nppesAnswer(npi),
    pecos_verified: ppefRowsFor(npi).length > 0,
    pecos_verification_date: '2025-01-02T03:04:05Z',
    pecos_verification_data: { npi, can_order_part_b: partB, order_referring: { rows: partB ? [{ NPI: npi, PARTB: 'Y' }] : [] } },
  });
  if (error) throw new Error(`insert provider failed: ${error.message}`);
  return id;
}

interface RunAnswer {
  checked: number;
  failed: number;
  alerts: number;
  results: Array<{ provider_id: string; outcome: string; alerts: number; error?: string }>;
}

async function run(body: Record<string, unknown> = { batch: 50, max_age_days: 0 }) {
  return (await callFunction(env.url, 'reverify-providers', SERVICE_ROLE_KEY, body)) as unknown as { status: number; body: RunAnswer };
}

async function alertsOf(providerId: string) {
  const { data, error } = await env.service().from('alerts').select('*').eq('provider_id', providerId).order('kind');
  if (error) throw new Error(error.message);
  return data as Array<{ id: string; kind: string; summary: string; acknowledged_at: string | null; acknowledged_by: string | null }>;
}

describe('reverify-providers: who may run it', () => {
  it('refuses a call without the service key and does nothing', async () => {
    const id = await checkedProvider(NAMED_NPIS.multiTaxonomy);
    expect(await callFunction(env.url, 'reverify-providers', '', {})).toMatchObject({ status: 401, body: { code: 'not_authenticated' } });
    expect(await callFunction(env.url, 'reverify-providers', ANON_KEY, {})).toMatchObject({ status: 403, body: { code: 'forbidden', error: 'Only the scheduler may run reverify-providers.' } });
    const admin = await env.user('admin');
    expect(await callFunction(env.url, 'reverify-providers', await accessToken(admin.client), {})).toMatchObject({ status: 403 });
    const { data } = await env.service().from('provider_reverifications').select('provider_id').eq('provider_id', id);
    expect(data).toEqual([]);
    await env.service().from('providers').update({ _deleted: true }).eq('id', id);
  });

  it('refuses a batch out of bounds', async () => {
    expect(await run({ batch: 0 })).toMatchObject({ status: 400, body: { error: 'batch must be a whole number from 1 to 500.' } });
  });
});

describe('reverify-providers: changes raise alerts', () => {
  const npi = NAMED_NPIS.enrolledPartB;
  let id: string;

  it('takes the directory\'s data as the baseline: the first run raises nothing', async () => {
    id = await checkedProvider(npi);
    const first = await run();
    expect(first.status).toBe(200);
    expect(first.body.results).toContainEqual({ provider_id: id, outcome: 'checked', alerts: 0 });
    expect(await alertsOf(id)).toEqual([]);
    const { data } = await env.service().from('provider_reverifications').select('failures, snapshot').eq('provider_id', id).single();
    expect(data).toMatchObject({ failures: 0, snapshot: { nppes_active: true, legal_name: 'JANE A DOE', credential: 'M.D.', pecos_enrolled: true, part_b: true } });
  });

  it('skips providers checked within max_age_days', async () => {
    const again = await run({ batch: 50, max_age_days: 30 });
    expect(again.body.results.map((r) => r.provider_id)).not.toContain(id);
  });

  it('raises PECOS lost, Part B lost and credential changed when the registries change, and records the new PECOS state', async () => {
    await registryChange({ npi, cms: 'removed', credential: 'D.O.' });
    try {
      const second = await run();
      expect(second.body.results).toContainEqual({ provider_id: id, outcome: 'checked', alerts: 3 });
    } finally {
      await registryChange(null, npi);
    }
    const alerts = await alertsOf(id);
    expect(alerts.map((a) => [a.kind, a.summary])).toEqual([
      ['credential_changed', 'The NPPES credential changed from "M.D." to "D.O.".'],
      ['part_b_lost', `Part B ordering lost: the Order and Referring dataset no longer says PARTB "Y" for NPI ${npi}; Medicare lab orders in this provider's name will be denied.`],
      ['pecos_lost', `Medicare enrollment lost: neither the PECOS enrollment file nor the Order and Referring dataset lists NPI ${npi} any more.`],
    ]);
    const { data: provider } = await env.service().from('providers').select('pecos_verified, pecos_verification_data').eq('id', id).single();
    expect(provider).toMatchObject({ pecos_verified: false, pecos_verification_data: { basis: 'neither', can_order_part_b: false } });
  });

  it('raises an NPI deactivated alert', async () => {
    const other = await checkedProvider(NAMED_NPIS.apostropheName);
    await run();
    await registryChange({ npi: NAMED_NPIS.apostropheName, nppes: 'deactivated' });
    try {
      await run();
    } finally {
      await registryChange(null, NAMED_NPIS.apostropheName);
    }
    expect((await alertsOf(other)).map((a) => a.kind)).toEqual(['npi_deactivated']);
  });

  it('backs off after a registry failure and writes nothing else', async () => {
    const failing = await checkedProvider(NAMED_NPIS.noPrimaryTaxonomy);
    await env.faults({ nppes: 'error500', npi: NAMED_NPIS.noPrimaryTaxonomy });
    try {
      const answer = await run();
      expect(answer.body.results).toContainEqual(expect.objectContaining({ provider_id: failing, outcome: 'failed' }));
      const { data } = await env.service().from('provider_reverifications').select('failures, next_attempt_at, snapshot').eq('provider_id', failing).single();
      expect(data?.failures).toBe(1);
      expect(data?.snapshot).toBeNull();
      expect(Date.parse(data?.next_attempt_at ?? '') - Date.now()).toBeGreaterThan(14 * 60_000);
      // Within its backoff it is not taken again.
      expect((await run()).body.results.map((r) => r.provider_id)).not.toContain(failing);
      const { data: provider } = await env.service().from('providers').select('pecos_verification_date').eq('id', failing).single();
      expect(Date.parse(provider?.pecos_verification_date ?? '')).toBe(Date.parse('2025-01-02T03:04:05Z'));
    } finally {
      await env.clearFaults();
    }
  });
});

describe('alerts: acknowledged by staff, once', () => {
  let alertId: string;
  let providerId: string;

  beforeAll(async () => {
    providerId = await checkedProvider(NAMED_NPIS.enrolledNoPartB);
    const { data, error } = await env.service().from('alerts').insert({
      provider_id: providerId, kind: 'pecos_lost', summary: 'Medicare enrollment lost.', details: { before: true, after: false },
    }).select('id').single();
    if (error || !data) throw new Error(error?.message);
    alertId = (data as { id: string }).id;
  });

  it('refuses staff raising or rewriting an alert', async () => {
    const raised = await staff.client.from('alerts').insert({ provider_id: providerId, kind: 'pecos_gained', summary: 'x', details: {} });
    expect(raised.error?.code).toBe('42501');
    const rewritten = await staff.client.from('alerts').update({ summary: 'nothing happened' }).eq('id', alertId);
    expect(rewritten.error?.message).toBe('an alert can only be acknowledged');
  });

  it('hides alerts from a provider login that is not theirs, and refuses its acknowledgement', async () => {
    const provider = await env.user('provider');
    const { data } = await provider.client.from('alerts').select('id').eq('id', alertId);
    expect(data).toEqual([]);
    const { data: acked } = await provider.client.from('alerts').update({ acknowledged_at: new Date().toISOString() }).eq('id', alertId).select('id');
    expect(acked).toEqual([]);
  });

  it('stamps who acknowledged and when, and refuses a second acknowledgement', async () => {
    const before = Date.now();
    const { error } = await staff.client.from('alerts').update({ acknowledged_at: '2000-01-01T00:00:00Z', acknowledged_by: randomUUID() }).eq('id', alertId);
    expect(error).toBeNull();
    const { data } = await env.service().from('alerts').select('acknowledged_at, acknowledged_by').eq('id', alertId).single();
    expect(data?.acknowledged_by).toBe(staff.id);
    expect(Date.parse(data?.acknowledged_at ?? '')).toBeGreaterThanOrEqual(before - 1000);
    const again = await staff.client.from('alerts').update({ acknowledged_at: null }).eq('id', alertId);
    expect(again.error?.message).toBe(`alert ${alertId} is already acknowledged`);
  });
});
