/**
 * verify-pecos against the local stack and its CMS data API simulator, through the app's
 * wrapper over real supabase-js: enrollment and Part B eligibility, the provider rows
 * updated with the evidence (or left alone with skip_db_update), outages that never write
 * "not enrolled", each failure message as the spec §8 catalogue maps it, who may call,
 * and idempotency keys.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NAMED_NPIS, NEWLY_ENROLLED_NPI } from '../../supabase/local/simulator/fixtures.ts';
import { ANON_KEY } from '../../supabase/local/config.ts';
import { pecosListFailure, pecosLookupFailure } from '../../src/lib/functions/pecos-messages.ts';
import { verifyPecos } from '../../src/lib/functions/verify-pecos.ts';
import { createClient } from '@supabase/supabase-js';
import { accessToken, callFunction, startFunctionsStack, type FunctionsStack, type StackUser } from './functions-kit.ts';

const PPEF = '2457ea29-fc82-48b0-86ec-3b0755de7515';
const ORDER_REFERRING = 'c99b5865-1119-4436-bb80-c5af2773ea1f';

let env: FunctionsStack;
let staff: StackUser;

beforeAll(async () => {
  env = await startFunctionsStack();
  staff = await env.user();
});
afterAll(async () => {
  await env?.stop();
});
afterEach(async () => {
  await env.clearFaults();
});

interface ProviderPecos {
  id: string;
  pecos_verified: boolean;
  pecos_verification_date: string | null;
  pecos_verification_data: Record<string, unknown> | null;
}

/** A provider with this NPI, replacing any live one an earlier test left (the NPI is unique). */
async function providerWith(npi: string, fields: Record<string, unknown> = {}): Promise<string> {
  const service = env.service();
  await service.from('providers').update({ _deleted: true }).eq('npi', npi).eq('_deleted', false);
  const id = randomUUID();
  const { error } = await service.from('providers').insert({ id, npi, first_name: 'Test', last_name: `Pecos-${id.slice(0, 6)}`, ...fields });
  if (error) throw new Error(`insert provider failed: ${error.message}`);
  return id;
}

async function pecosOf(id: string): Promise<ProviderPecos> {
  const { data, error } = await env
    .service()
    .from('providers')
    .select('id, pecos_verified, pecos_verification_date, pecos_verification_data')
    .eq('id', id)
    .single<ProviderPecos>();
  if (error || !data) throw new Error(`read provider failed: ${error?.message}`);
  return data;
}

describe('verify-pecos: enrollment and ordering eligibility', () => {
  it('finds an enrolled provider who may order Part B, and records it with the evidence', async () => {
    const id = await providerWith(NAMED_NPIS.enrolledPartB);
    const result = await verifyPecos(staff.client, { npi: NAMED_NPIS.enrolledPartB, skipDbUpdate: false });
    if (!result.ok) throw new Error(result.message);
    expect(result.data).toMatchObject({ npi: NAMED_NPIS.enrolledPartB, verified: true, can_order_part_b: true, updated_provider_ids: [id] });
    const { evidence } = result.data;
    expect(evidence.checked_by).toBe(staff.id);
    expect(evidence.enrollment.dataset_id).toBe(PPEF);
    expect(evidence.enrollment.rows).toEqual([expect.objectContaining({ NPI: NAMED_NPIS.enrolledPartB, LAST_NAME: 'DOE' })]);
    expect(evidence.order_referring.dataset_id).toBe(ORDER_REFERRING);
    expect(evidence.order_referring.rows).toEqual([expect.objectContaining({ NPI: NAMED_NPIS.enrolledPartB, PARTB: 'Y' })]);
    // Which dataset said what, as of which release (the simulator's Last-Modified dates).
    expect(evidence).toMatchObject({
      basis: 'both',
      enrolled: true,
      can_order_part_b: true,
      enrollment: { says: 'listed', release: '2025-10-01T00:00:00.000Z' },
      order_referring: { says: 'part_b', release: '2025-11-20T00:00:00.000Z' },
    });

    const row = await pecosOf(id);
    expect(row.pecos_verified).toBe(true);
    expect(Date.parse(row.pecos_verification_date ?? '')).toBe(Date.parse(result.data.checked_at));
    expect(row.pecos_verification_data).toEqual(evidence);
  });

  it('tells enrolled-but-not-eligible (PARTB N) apart', async () => {
    const result = await verifyPecos(staff.client, { npi: NAMED_NPIS.enrolledNoPartB, skipDbUpdate: true });
    expect(result).toMatchObject({ ok: true, data: { verified: true, can_order_part_b: false } });
  });

  it('records a provider without a PPEF row as not enrolled', async () => {
    const id = await providerWith(NAMED_NPIS.notEnrolled);
    const result = await verifyPecos(staff.client, { npi: NAMED_NPIS.notEnrolled, skipDbUpdate: false });
    expect(result).toMatchObject({ ok: true, data: { verified: false, can_order_part_b: false, updated_provider_ids: [id] } });
    const row = await pecosOf(id);
    expect([row.pecos_verified, row.pecos_verification_date !== null]).toEqual([false, true]);
    expect(row.pecos_verification_data).toMatchObject({ enrollment: { rows: [] }, order_referring: { rows: [] } });
  });

  it('finds the newly enrolled in Order and Referring before the quarterly file lists them', async () => {
    const result = await verifyPecos(staff.client, { npi: NEWLY_ENROLLED_NPI, skipDbUpdate: true });
    expect(result).toMatchObject({
      ok: true,
      data: {
        verified: true,
        can_order_part_b: true,
        evidence: { basis: 'order_referring', enrollment: { rows: [], says: 'not_listed' }, order_referring: { says: 'part_b' } },
      },
    });
  });

  it('reads an empty 200 body from CMS as no rows, as it reads []', async () => {
    const npi = NAMED_NPIS.apostropheName;
    await env.faults({ cms: 'empty', npi });
    const result = await verifyPecos(staff.client, { npi, skipDbUpdate: true });
    expect(result).toMatchObject({
      ok: true,
      data: { verified: false, can_order_part_b: false, evidence: { basis: 'neither', enrollment: { rows: [] }, order_referring: { rows: [] } } },
    });
  });

  it('updates every provider row with the NPI, removed ones included', async () => {
    const removed = await providerWith(NAMED_NPIS.multiEnrollment);
    const live = await providerWith(NAMED_NPIS.multiEnrollment);
    const result = await verifyPecos(staff.client, { npi: NAMED_NPIS.multiEnrollment, skipDbUpdate: false });
    if (!result.ok) throw new Error(result.message);
    expect(result.data.evidence.enrollment.rows).toHaveLength(2);
    expect([...(result.data.updated_provider_ids ?? [])].sort()).toEqual([removed, live].sort());
    expect((await pecosOf(removed)).pecos_verified).toBe(true);
    expect((await pecosOf(live)).pecos_verified).toBe(true);
  });

  it('leaves the rows alone with skip_db_update', async () => {
    const id = await providerWith(NAMED_NPIS.apostropheName);
    const result = await verifyPecos(staff.client, { npi: NAMED_NPIS.apostropheName, skipDbUpdate: true });
    expect(result).toMatchObject({ ok: true, data: { verified: true, updated_provider_ids: null } });
    expect(await pecosOf(id)).toMatchObject({ pecos_verified: false, pecos_verification_date: null, pecos_verification_data: null });
  });

  it('keeps a check made before the provider existed for the provider added afterwards', async () => {
    const npi = NAMED_NPIS.enrolledPartB;
    await env.service().from('providers').update({ _deleted: true }).eq('npi', npi).eq('_deleted', false);
    const result = await verifyPecos(staff.client, { npi, skipDbUpdate: true });
    if (!result.ok) throw new Error(result.message);
    // Staff add the provider through the API, claiming nothing about PECOS.
    const id = randomUUID();
    const { error } = await staff.client.from('providers').insert({ id, npi, first_name: 'Kept', last_name: `Check-${id.slice(0, 6)}` });
    expect(error).toBeNull();
    const kept = await pecosOf(id);
    expect(kept).toMatchObject({ pecos_verified: true, pecos_verification_data: expect.objectContaining({ checked_by: staff.id }) });
    expect(new Date(kept.pecos_verification_date!).toISOString()).toBe(new Date(result.data.checked_at).toISOString());
  });

  it('refuses a wrong check digit before calling CMS', async () => {
    const result = await verifyPecos(staff.client, { npi: NAMED_NPIS.invalidCheckDigit, skipDbUpdate: false });
    expect(result).toMatchObject({ ok: false, kind: 'permanent', status: 400, code: 'invalid_npi' });
  });
});

describe('verify-pecos: outages are "could not verify", never "not enrolled"', () => {
  const npi = NAMED_NPIS.enrolledPartB;

  it.each([
    ['slow', 504, 'The PECOS verification request timed out. Please try again later.', 'The PECOS enrollment check timed out. Please try again later.'],
    ['error500', 502, 'The CMS PECOS API returned an error. Please try again later.', 'The CMS PECOS API returned an error while checking enrollment. Please try again later.'],
    ['reset', 502, 'The CMS PECOS API returned an error. Please try again later.', 'The CMS PECOS API returned an error while checking enrollment. Please try again later.'],
    ['malformed', 502, 'Unable to process the PECOS API response. The API may be experiencing issues.', 'Failed to check PECOS enrollment status. Please try again later.'],
  ])('CMS %s → %i, mapped by the catalogue, nothing written', async (fault, status, listText, lookupText) => {
    const id = await providerWith(npi, { pecos_verified: true, pecos_verification_date: '2026-01-02T03:04:05Z' });
    const before = await pecosOf(id);
    // Both datasets, each with its one retry.
    await env.faults({ cms: fault, times: 4, delayMs: 10_000 });
    const result = await verifyPecos(staff.client, { npi, skipDbUpdate: false });
    expect(result).toMatchObject({ ok: false, kind: 'transient', status });
    if (result.ok) return;
    expect(pecosListFailure(result)).toEqual({ title: 'Verification Failed', description: listText, type: 'error' });
    expect(pecosLookupFailure(result).description).toBe(lookupText);
    expect(await pecosOf(id)).toEqual(before);
  });

  it('retries a dataset once', async () => {
    await env.faults({ cms: 'error500', times: 1 });
    expect(await verifyPecos(staff.client, { npi, skipDbUpdate: true })).toMatchObject({ ok: true, data: { verified: true } });
  });

  it('maps an unreachable function to the communication failure', async () => {
    const { data } = await staff.client.auth.getSession();
    const offline = createClient('http://127.0.0.1:9', ANON_KEY, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { Authorization: `Bearer ${data.session?.access_token ?? ''}` } },
      realtime: { transport: class {} as unknown as typeof globalThis.WebSocket },
    });
    const result = await verifyPecos(offline, { npi, skipDbUpdate: false });
    expect(result).toMatchObject({ ok: false, kind: 'transient', status: null, message: 'Failed to send a request to the Edge Function' });
    if (result.ok) return;
    expect(pecosListFailure(result).description).toBe('Communication with the PECOS verification service failed. Please try again later.');
  });
});

describe('verify-pecos: who may call', () => {
  it('answers 401 to the anon key', async () => {
    const answer = await callFunction(env.url, 'verify-pecos', ANON_KEY, { npi: NAMED_NPIS.enrolledPartB, single_provider: true, skip_db_update: true });
    expect(answer).toMatchObject({ status: 401, body: { code: 'not_authenticated' } });
  });

  it('answers 403 to a provider-role user, and nothing is written', async () => {
    const id = await providerWith(NAMED_NPIS.noPrimaryTaxonomy);
    const provider = await env.user('provider');
    const result = await verifyPecos(provider.client, { npi: NAMED_NPIS.noPrimaryTaxonomy, skipDbUpdate: false });
    expect(result).toEqual({ ok: false, kind: 'permanent', status: 403, code: 'forbidden', message: 'Only staff members can verify PECOS enrollment.' });
    expect((await pecosOf(id)).pecos_verification_date).toBeNull();
  });

  it('lets admins verify', async () => {
    const admin = await env.user('admin');
    expect(await verifyPecos(admin.client, { npi: NAMED_NPIS.enrolledPartB, skipDbUpdate: true })).toMatchObject({ ok: true });
  });
});

describe('verify-pecos: idempotency keys', () => {
  const npi = NAMED_NPIS.noLocationAddress;

  it('replays the stored answer for a repeated key without writing again', async () => {
    const id = await providerWith(npi);
    const key = randomUUID();
    const first = await verifyPecos(staff.client, { npi, skipDbUpdate: false }, { idempotencyKey: key });
    if (!first.ok) throw new Error(first.message);
    // Changed behind the function's back: a repeat that ran again would overwrite this.
    await env.service().from('providers').update({ pecos_verified: false, pecos_verification_date: null }).eq('id', id);

    const token = await accessToken(staff.client);
    const again = await callFunction(env.url, 'verify-pecos', token, { npi, single_provider: true, skip_db_update: false }, { 'x-idempotency-key': key });
    expect(again.status).toBe(200);
    expect(again.headers.get('x-idempotent-replay')).toBe('true');
    expect(again.body.checked_at).toBe(first.data.checked_at);
    expect(await pecosOf(id)).toMatchObject({ pecos_verified: false, pecos_verification_date: null });
  });

  it('refuses the same key for a different request', async () => {
    const key = randomUUID();
    expect(await verifyPecos(staff.client, { npi, skipDbUpdate: true }, { idempotencyKey: key })).toMatchObject({ ok: true });
    expect(await verifyPecos(staff.client, { npi, skipDbUpdate: false }, { idempotencyKey: key })).toMatchObject({
      ok: false, kind: 'permanent', status: 422, code: 'idempotency_key_reused',
    });
  });

  it('runs a key again after an outage answered 5xx', async () => {
    const key = randomUUID();
    await env.faults({ cms: 'error500', times: 4 });
    expect(await verifyPecos(staff.client, { npi, skipDbUpdate: true }, { idempotencyKey: key })).toMatchObject({ ok: false, status: 502 });
    expect(await verifyPecos(staff.client, { npi, skipDbUpdate: true }, { idempotencyKey: key })).toMatchObject({ ok: true, data: { verified: true } });
  });

  it('keeps one caller from replaying another caller\'s key', async () => {
    const key = randomUUID();
    const other = await env.user();
    const mine = await verifyPecos(staff.client, { npi, skipDbUpdate: true }, { idempotencyKey: key });
    const theirs = await verifyPecos(other.client, { npi, skipDbUpdate: true }, { idempotencyKey: key });
    if (!mine.ok || !theirs.ok) throw new Error('both calls should succeed');
    expect(theirs.data.checked_at).not.toBe(mine.data.checked_at);
  });
});
