/** What the NPI lookup shows (spec §2, §3, §8), and its two calls turned into the catalogue's words. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NPI_CHECKLIST, NPI_GENERIC_FAILURE, NPI_TYPE_HINT, type FunctionsInvoker, type NpiVerificationResult } from '../../../lib/functions/index.ts';
import { sampleNppesData, SAMPLE_NPI } from '../../../lib/provider/nppes-sample.ts';
import { lookupResultView, runNpiLookup, runPecosLookup } from './lookup-result.ts';

const verified: NpiVerificationResult = {
  npi: SAMPLE_NPI,
  enumeration_type: 'NPI-1',
  legal_name: 'JANE A DOE',
  primary_taxonomy_code: '207Q00000X',
  primary_taxonomy_description: 'Family Medicine',
  primary_address: {
    address_line_1: '100 MAIN ST',
    address_line_2: 'SUITE 200',
    city: 'ALBANY',
    state: 'NY',
    postal_code: '122071234',
    telephone_number: '518-555-0100',
    fax_number: '518-555-0101',
  },
  validation_errors: [],
  error: null,
  nppes_data: sampleNppesData(),
};

const WRONG_TYPE =
  'Wrong NPI type: this NPI belongs to an organization (Type 2, NPI-2), but an individual provider NPI (Type 1, NPI-1) was requested.';

class FakeHttpError extends Error {
  override readonly name = 'FunctionsHttpError';
  constructor(readonly context: Response) {
    super('Edge Function returned a non-2xx status code');
  }
}

function invoker(answer: { data: unknown; error: unknown }): FunctionsInvoker {
  return { functions: { invoke: async () => answer } };
}

const httpError = (status: number, body: unknown) => ({ data: null, error: new FakeHttpError(new Response(JSON.stringify(body), { status })) });

afterEach(() => vi.restoreAllMocks());

describe('lookupResultView', () => {
  it('shows the legal name, type, taxonomy, practice address and contact of a verified NPI, and offers Continue', () => {
    expect(lookupResultView(verified)).toEqual({
      npi: SAMPLE_NPI,
      legalName: 'Jane A Doe',
      npiType: 'Individual (Type 1)',
      taxonomy: 'Family Medicine (207Q00000X)',
      addressLines: ['100 MAIN ST', 'SUITE 200', 'ALBANY, NY 122071234'],
      phone: '518-555-0100',
      fax: '518-555-0101',
      issue: null,
      canContinue: true,
    });
  });

  it("lists every validation issue as 'Validation Issue', with the Type 1 / Type 2 hint, and offers no Continue", () => {
    const view = lookupResultView({
      ...verified,
      enumeration_type: 'NPI-2',
      legal_name: 'CAPITAL REGION MEDICAL GROUP PLLC',
      validation_errors: [WRONG_TYPE, 'No practice (LOCATION) address is listed for this NPI in the NPPES registry.'],
      primary_address: null,
    });
    expect(view.npiType).toBe('Organization (Type 2)');
    // An organization's name keeps its business suffix as written (not "Pllc").
    expect(view.legalName).toBe('Capital Region Medical Group PLLC');
    expect(view.addressLines).toEqual([]);
    expect(view.issue).toMatchObject({
      title: 'Validation Issue',
      items: [WRONG_TYPE, 'No practice (LOCATION) address is listed for this NPI in the NPPES registry.'],
      typeHint: NPI_TYPE_HINT,
    });
    expect(view.canContinue).toBe(false);
  });

  it('gives no type hint for an issue that is not about the type', () => {
    const view = lookupResultView({ ...verified, validation_errors: [`NPI ${SAMPLE_NPI} was not found in the NPPES registry: it is unknown or has been deactivated.`] });
    expect(view.issue?.typeHint).toBeNull();
    expect(view.canContinue).toBe(false);
  });

  it('reads a kept verification that lacks the display fields', () => {
    expect(lookupResultView({ npi: SAMPLE_NPI, nppes_data: sampleNppesData() })).toMatchObject({
      legalName: null,
      npiType: null,
      taxonomy: null,
      addressLines: [],
      issue: null,
      canContinue: true,
    });
  });
});

describe('runNpiLookup', () => {
  it('returns the registry answer', async () => {
    expect(await runNpiLookup(invoker({ data: verified, error: null }), SAMPLE_NPI)).toEqual({ kind: 'verified', result: verified });
  });

  it('gives the checklist for a non-2xx answer', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const outcome = await runNpiLookup(invoker(httpError(502, { error: 'The NPPES registry returned an error (HTTP 500).' })), SAMPLE_NPI);
    expect(outcome).toMatchObject({ kind: 'failed', failure: { title: 'NPI Verification Failed', rule: 'checklist', checklist: NPI_CHECKLIST } });
  });

  it('gives the type hint when the error is about the NPI type', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const outcome = await runNpiLookup(invoker({ data: { ...verified, error: 'NPI type 2 is not allowed here' }, error: null }), SAMPLE_NPI);
    expect(outcome).toMatchObject({ kind: 'failed', failure: { rule: 'type-hint', description: NPI_TYPE_HINT } });
  });

  it('gives the generic message otherwise', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const outcome = await runNpiLookup(invoker({ data: { ...verified, error: 'Something odd happened' }, error: null }), SAMPLE_NPI);
    expect(outcome).toMatchObject({ kind: 'failed', failure: { rule: 'generic', description: NPI_GENERIC_FAILURE } });
  });
});

describe('runPecosLookup', () => {
  const pecos = (verifiedFlag: boolean) => ({ data: { npi: SAMPLE_NPI, verified: verifiedFlag, can_order_part_b: true, checked_at: 'x' }, error: null });

  it("says 'PECOS Enrollment Verified' or 'Not Enrolled in PECOS'", async () => {
    expect(await runPecosLookup(invoker(pecos(true)), SAMPLE_NPI)).toMatchObject({ enrolled: true, message: { title: 'PECOS Enrollment Verified', type: 'success' } });
    expect(await runPecosLookup(invoker(pecos(false)), SAMPLE_NPI)).toMatchObject({ enrolled: false, message: { title: 'Not Enrolled in PECOS' } });
  });

  it('calls verify-pecos without saving (skip_db_update true)', async () => {
    const invoke = vi.fn(async () => pecos(true));
    await runPecosLookup({ functions: { invoke } }, SAMPLE_NPI);
    expect(invoke).toHaveBeenCalledWith('verify-pecos', { body: { npi: SAMPLE_NPI, single_provider: true, skip_db_update: true } });
  });

  it("uses the lookup page's own failure texts, by default 'Failed to check PECOS enrollment status. Please try again later.'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failed = async (answer: { data: unknown; error: unknown }) => (await runPecosLookup(invoker(answer), SAMPLE_NPI)).message.description;
    expect(await failed(httpError(400, { error: 'Bad request' }))).toBe('Failed to check PECOS enrollment status. Please try again later.');
    expect(await failed(httpError(500, { error: 'boom' }))).toBe('The PECOS enrollment service could not be reached. Please try again later.');
    expect(await failed(httpError(504, { error: 'The CMS data API request timed out.' }))).toBe('The PECOS enrollment check timed out. Please try again later.');
    expect(await failed({ data: null, error: null })).toBe('Failed to check PECOS enrollment status. Please try again later.');
  });
});
