/**
 * verify-npi against the local stack and its registry simulator, through the app's own
 * wrapper (src/lib/functions) over a real supabase-js client: each registry outcome, the
 * check digit refused before any registry call, registry failures answering non-2xx, and
 * the caller check.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NAMED_NPIS } from '../../supabase/local/simulator/fixtures.ts';
import { npiFailure, npiValidationIssue, NPI_TYPE_HINT } from '../../src/lib/functions/npi-messages.ts';
import { verifyNpi } from '../../src/lib/functions/verify-npi.ts';
import type { NpiVerificationResult } from '../../src/lib/functions/types.ts';
import { ANON_KEY } from '../../supabase/local/config.ts';
import { accessToken, callFunction, remainingFaults, startFunctionsStack, type FunctionsStack, type StackUser } from './functions-kit.ts';

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

async function verified(npi: string, type: 'individual' | 'organization' = 'individual'): Promise<NpiVerificationResult> {
  const result = await verifyNpi(staff.client, { npi, type });
  if (!result.ok) throw new Error(`verify-npi failed: ${result.status} ${result.message}`);
  return result.data;
}

describe('verify-npi: what the registry says', () => {
  it('reads a valid individual', async () => {
    const result = await verified(NAMED_NPIS.enrolledPartB);
    expect(result).toMatchObject({
      npi: '1234567893',
      enumeration_type: 'NPI-1',
      legal_name: 'JANE A DOE',
      primary_taxonomy_code: '207Q00000X',
      primary_taxonomy_description: 'Family Medicine',
      primary_address: { address_line_1: '100 MAIN ST', city: 'ALBANY', state: 'NY', postal_code: '12207-1234' },
      validation_errors: [],
      error: null,
    });
    expect(result.nppes_data).toMatchObject({ result_count: 1, results: [{ number: '1234567893', enumeration_type: 'NPI-1' }] });
  });

  it('takes the primary taxonomy even when it is not listed first', async () => {
    const result = await verified(NAMED_NPIS.multiTaxonomy);
    expect([result.primary_taxonomy_code, result.validation_errors]).toEqual(['207RC0000X', []]);
  });

  it('reports an organization NPI asked as an individual, in words that give the Type hint', async () => {
    const result = await verified(NAMED_NPIS.organization, 'individual');
    expect(result.legal_name).toBe('CAPITAL REGION MEDICAL GROUP PLLC');
    expect(result.validation_errors).toEqual([
      'Wrong NPI type: this NPI belongs to an organization (Type 2, NPI-2), but an individual provider NPI (Type 1, NPI-1) was requested.',
    ]);
    expect(npiValidationIssue(result.validation_errors)).toMatchObject({ title: 'Validation Issue', typeHint: NPI_TYPE_HINT });
  });

  it('reports an individual NPI asked as an organization', async () => {
    expect((await verified(NAMED_NPIS.enrolledPartB, 'organization')).validation_errors).toEqual([
      'Wrong NPI type: this NPI belongs to an individual provider (Type 1, NPI-1), but an organization NPI (Type 2, NPI-2) was requested.',
    ]);
    expect((await verified(NAMED_NPIS.organization, 'organization')).validation_errors).toEqual([]);
  });

  it('reports no primary taxonomy', async () => {
    const result = await verified(NAMED_NPIS.noPrimaryTaxonomy);
    expect(result.primary_taxonomy_code).toBeNull();
    expect(result.validation_errors).toEqual(['No primary taxonomy (specialty) is listed for this NPI in the NPPES registry.']);
  });

  it('reports no practice address', async () => {
    const result = await verified(NAMED_NPIS.noLocationAddress);
    expect(result.primary_address).toBeNull();
    expect(result.validation_errors).toEqual(['No practice (LOCATION) address is listed for this NPI in the NPPES registry.']);
  });

  it.each([
    ['unknown', NAMED_NPIS.unknown],
    ['deactivated', NAMED_NPIS.deactivated],
  ])('reports an %s NPI as not found or deactivated', async (_label, npi) => {
    const result = await verified(npi);
    expect(result.validation_errors).toEqual([`NPI ${npi} was not found in the NPPES registry: it is unknown or has been deactivated.`]);
    expect(result.legal_name).toBeNull();
    expect(result.nppes_data).toEqual({ result_count: 0, results: [] });
  });
});

describe('verify-npi: refused before the registry', () => {
  it('refuses a wrong check digit without calling NPPES', async () => {
    // Armed switches count down on every registry request: an untouched count proves no call.
    await env.faults({ nppes: 'error500', times: 5 });
    const result = await verifyNpi(staff.client, { npi: NAMED_NPIS.invalidCheckDigit });
    expect(result).toEqual({
      ok: false,
      kind: 'permanent',
      status: 400,
      code: 'invalid_npi',
      message: 'This is not a valid NPI: its check digit does not match. Please check the number for a typo.',
    });
    expect(remainingFaults(await env.faultState(), 'nppes')).toBe(5);
    expect(result.ok || npiFailure(result).rule).toBe('checklist');
  });

  it('refuses an NPI that is not 10 digits, and an unknown type', async () => {
    expect(await verifyNpi(staff.client, { npi: '12345' })).toMatchObject({ status: 400, message: 'An NPI must be exactly 10 digits.' });
    const token = await accessToken(staff.client);
    const badType = await callFunction(env.url, 'verify-npi', token, { npi: NAMED_NPIS.enrolledPartB, type: 'group' });
    expect(badType.status).toBe(400);
    expect(badType.body.error).toBe("The NPI type must be 'individual' (Type 1) or 'organization' (Type 2).");
    expect(npiFailure({ message: String(badType.body.error), status: 400 }).rule).toBe('type-hint');
  });
});

describe('verify-npi: registry failures answer non-2xx', () => {
  it('retries once: a single 500 from NPPES is absorbed', async () => {
    await env.faults({ nppes: 'error500', times: 1 });
    expect((await verified(NAMED_NPIS.enrolledPartB)).legal_name).toBe('JANE A DOE');
    expect(remainingFaults(await env.faultState(), 'nppes')).toBeUndefined();
  });

  it('retries only once', async () => {
    await env.faults({ nppes: 'error500', times: 3 });
    expect(await verifyNpi(staff.client, { npi: NAMED_NPIS.enrolledPartB })).toMatchObject({ ok: false, status: 502 });
    expect(remainingFaults(await env.faultState(), 'nppes')).toBe(1);
  });

  it.each([
    ['error500', 502, 'The NPPES registry returned an error (HTTP 500).'],
    ['malformed', 502, /^Failed to process the NPPES registry response \(invalid JSON/],
    ['empty', 502, 'Failed to process the NPPES registry response (empty response body).'],
    ['slow', 504, 'The NPPES registry request timed out. Please try again later.'],
  ])('NPPES %s → %i', async (fault, status, message) => {
    await env.faults({ nppes: fault, times: 2, delayMs: 10_000 });
    const result = await verifyNpi(staff.client, { npi: NAMED_NPIS.enrolledPartB });
    expect(result).toMatchObject({ ok: false, kind: 'transient', status });
    if (result.ok) return;
    expect(result.message).toMatch(message);
    expect(npiFailure(result).rule).toBe('checklist');
  });

  it('reports a dropped connection as unreachable', async () => {
    await env.faults({ nppes: 'reset', times: 2 });
    const result = await verifyNpi(staff.client, { npi: NAMED_NPIS.enrolledPartB });
    expect(result).toMatchObject({ ok: false, kind: 'transient', status: 502, code: 'registry_unreachable' });
  });
});

describe('verify-npi: who may call', () => {
  it('answers 401 to the anon key', async () => {
    const answer = await callFunction(env.url, 'verify-npi', ANON_KEY, { npi: NAMED_NPIS.enrolledPartB, type: 'individual' });
    expect(answer).toMatchObject({ status: 401, body: { code: 'not_authenticated', error: 'Authentication required: sign in and try again.' } });
    expect(await verifyNpi(env.anon(), { npi: NAMED_NPIS.enrolledPartB })).toMatchObject({ ok: false, kind: 'permanent', status: 401 });
  });

  it('lets admins verify too', async () => {
    const user = await env.user('admin');
    expect(await verifyNpi(user.client, { npi: NAMED_NPIS.enrolledPartB })).toMatchObject({ ok: true });
  });

  it('refuses provider users and users without a role (403), before any registry call', async () => {
    for (const role of ['provider', null] as const) {
      const user = await env.user(role);
      expect(await verifyNpi(user.client, { npi: NAMED_NPIS.enrolledPartB })).toEqual({
        ok: false,
        kind: 'permanent',
        status: 403,
        code: 'forbidden',
        message: 'Only staff members can verify NPIs.',
      });
    }
  });

  it('answers a CORS preflight with the idempotency header allowed', async () => {
    const response = await fetch(`${env.url}/functions/v1/verify-npi`, { method: 'OPTIONS' });
    expect(response.status).toBeLessThan(300);
    expect(response.headers.get('access-control-allow-headers')).toContain('x-idempotency-key');
  });
});
