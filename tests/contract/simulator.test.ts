/**
 * Contract of the registry simulator of the local stack, over plain HTTP: the NPPES API
 * v2.1 and the CMS data API answers for every named fixture NPI, the NPPES rejections,
 * both CMS datasets, and every fault switch. SIMULATOR_URL may point at another local
 * stack's simulator when SUPABASE_URL is a hosted project (which has none).
 */
import { describe, expect, it } from 'vitest';
import { SERVICE_ROLE_KEY } from '../../supabase/local/config.ts';
import { asServed } from '../../supabase/local/simulator/service.ts';
import {
  NAMED_NPIS, MALFORMED_NPIS, nppesAnswer, orderReferringRowFor, ORDER_REFERRING_DATASET_ID, PPEF_DATASET_ID, ppefRowsFor,
  providerSummaries, type NamedNpiKey,
} from '../../supabase/local/simulator/fixtures.ts';
import { SUPABASE_SERVICE_ROLE_KEY, SUPABASE_URL } from '../helpers/env.ts';

const SIMULATOR_URL = process.env.SIMULATOR_URL ?? `${SUPABASE_URL}/__simulator`;
const SERVICE_KEY = process.env.SIMULATOR_URL ? SERVICE_ROLE_KEY : SUPABASE_SERVICE_ROLE_KEY;
const NPPES = `${SIMULATOR_URL}/nppes/api/`;
const CMS = `${SIMULATOR_URL}/cms/data-api/v1/dataset`;

const nppes = (query: string, init?: RequestInit) => fetch(`${NPPES}?version=2.1&${query}`, init);
const ppef = (npi: string, extra = '') => fetch(`${CMS}/${PPEF_DATASET_ID}/data?filter%5BNPI%5D=${npi}&size=10${extra}`);
const orderReferring = (npi: string, extra = '') => fetch(`${CMS}/${ORDER_REFERRING_DATASET_ID}/data?filter[NPI]=${npi}&size=10${extra}`);
const faults = (method: 'POST' | 'GET', body?: object, key = SERVICE_KEY) =>
  fetch(`${SIMULATOR_URL}/__faults`, {
    method,
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: body ? JSON.stringify(body) : null,
  });

const PPEF_COLUMNS = ['NPI', 'MULTIPLE_NPI_FLAG', 'PECOS_ASCT_CNTL_ID', 'ENRLMT_ID', 'PROVIDER_TYPE_CD', 'PROVIDER_TYPE_DESC', 'STATE_CD', 'FIRST_NAME', 'MDL_NAME', 'LAST_NAME', 'ORG_NAME'];
const ORDER_REFERRING_COLUMNS = ['NPI', 'LAST_NAME', 'FIRST_NAME', 'PARTB', 'DME', 'HHA', 'PMD', 'HOSPICE'];

/** What each named NPI gives: NPPES result_count, PPEF rows, Order and Referring PARTB. */
const EXPECTED: Record<NamedNpiKey, { nppes: 0 | 1; ppef: number; partB: 'Y' | 'N' | null }> = {
  enrolledPartB: { nppes: 1, ppef: 1, partB: 'Y' },
  enrolledNoPartB: { nppes: 1, ppef: 1, partB: 'N' },
  enrolledNotOrderReferring: { nppes: 1, ppef: 1, partB: null },
  multiEnrollment: { nppes: 1, ppef: 2, partB: 'Y' },
  notEnrolled: { nppes: 1, ppef: 0, partB: null },
  multiTaxonomy: { nppes: 1, ppef: 1, partB: 'Y' },
  noPrimaryTaxonomy: { nppes: 1, ppef: 1, partB: 'Y' },
  noLocationAddress: { nppes: 1, ppef: 1, partB: 'Y' },
  organization: { nppes: 1, ppef: 1, partB: null },
  apostropheName: { nppes: 1, ppef: 1, partB: 'Y' },
  deactivated: { nppes: 0, ppef: 0, partB: null },
  unknown: { nppes: 0, ppef: 0, partB: null },
  invalidCheckDigit: { nppes: 0, ppef: 0, partB: null },
  hudsonValleyPractice: { nppes: 1, ppef: 0, partB: null },
  northwayPediatrics: { nppes: 1, ppef: 0, partB: null },
  greenMountainMedicine: { nppes: 1, ppef: 0, partB: null },
  deactivatedOrganization: { nppes: 0, ppef: 0, partB: null },
  newOrganization: { nppes: 1, ppef: 0, partB: null },
  newSoleProprietor: { nppes: 1, ppef: 0, partB: null },
};

describe('simulated NPPES: named NPIs', () => {
  for (const [key, npi] of Object.entries(NAMED_NPIS) as Array<[NamedNpiKey, string]>) {
    it(`${key} (${npi})`, async () => {
      const res = await nppes(`number=${npi}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      const body: unknown = await res.json();
      const expected = nppesAnswer(npi);
      expect(body).toEqual({ ...expected, results: expected.results.map(asServed) });
      expect((body as { result_count: number }).result_count).toBe(EXPECTED[key].nppes);
    });
  }

  it('leaves out an empty address_2 and a missing fax_number, as the live registry does', async () => {
    const body = (await (await nppes(`number=${NAMED_NPIS.enrolledPartB}`)).json()) as { results: Array<{ addresses: Array<Record<string, string>> }> };
    const [location, mailing] = body.results[0]?.addresses ?? [];
    expect(location).toMatchObject({ address_2: 'SUITE 200', fax_number: '518-555-0101' });
    expect(mailing && 'address_2' in mailing).toBe(false);
    expect(mailing && 'fax_number' in mailing).toBe(false);
  });

  it('answers the named cases with their stories', async () => {
    const multi = (await (await nppes(`number=${NAMED_NPIS.multiTaxonomy}`)).json()) as { results: Array<{ taxonomies: Array<{ primary: boolean }> }> };
    expect(multi.results[0]?.taxonomies.map((t) => t.primary)).toEqual([false, true, false]);
    const noPrimary = (await (await nppes(`number=${NAMED_NPIS.noPrimaryTaxonomy}`)).json()) as typeof multi;
    expect(noPrimary.results[0]?.taxonomies.every((t) => !t.primary)).toBe(true);
    const noLocation = (await (await nppes(`number=${NAMED_NPIS.noLocationAddress}`)).json()) as { results: Array<{ addresses: Array<{ address_purpose: string }> }> };
    expect(noLocation.results[0]?.addresses.map((a) => a.address_purpose)).toEqual(['MAILING']);
    const org = (await (await nppes(`number=${NAMED_NPIS.organization}`)).json()) as { results: Array<{ enumeration_type: string; basic: { organization_name: string } }> };
    expect(org.results[0]).toMatchObject({ enumeration_type: 'NPI-2', basic: { organization_name: 'CAPITAL REGION MEDICAL GROUP PLLC' } });
  });
});

describe('simulated NPPES: searches and rejections', () => {
  it('searches by name with a trailing wildcard, by organization and by type', async () => {
    const doe = (await (await nppes('last_name=do*&first_name=JANE&state=NY')).json()) as { result_count: number; results: Array<{ number: string }> };
    expect(doe.results.map((r) => r.number)).toEqual([NAMED_NPIS.enrolledPartB]);
    const orgs = (await (await nppes('organization_name=CAPITAL*&enumeration_type=NPI-2')).json()) as typeof doe;
    expect(orgs.results.map((r) => r.number)).toContain(NAMED_NPIS.organization);
    const many = (await (await nppes('taxonomy_description=Family&limit=3&skip=1')).json()) as typeof doe;
    expect(many.result_count).toBe(3);
  });

  const rejections: Array<[string, string, string]> = [
    ['a missing version', `${NPPES}?number=${NAMED_NPIS.enrolledPartB}`, 'version'],
    ['an unsupported version', `${NPPES}?version=1.0&number=${NAMED_NPIS.enrolledPartB}`, 'version'],
    ['no criteria', `${NPPES}?version=2.1`, 'generic'],
    ['empty criteria', `${NPPES}?version=2.1&number=&last_name=`, 'generic'],
    ['state alone', `${NPPES}?version=2.1&state=NY`, 'state'],
    ['enumeration_type alone', `${NPPES}?version=2.1&enumeration_type=NPI-1`, 'enumeration_type'],
    ['a one-character wildcard', `${NPPES}?version=2.1&last_name=D*`, 'last_name'],
    ['limit over 200', `${NPPES}?version=2.1&last_name=DOE&limit=201`, 'limit'],
    ['skip over 1000', `${NPPES}?version=2.1&last_name=DOE&skip=1001`, 'skip'],
    ...MALFORMED_NPIS.map((npi): [string, string, string] => [`number ${npi}`, `${NPPES}?version=2.1&number=${npi}`, 'number']),
  ];
  for (const [what, url, field] of rejections) {
    it(`rejects ${what} with HTTP 200 and an Errors body`, async () => {
      const res = await fetch(url);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { Errors: Array<{ description: string; field: string; number: string }> };
      expect(Object.keys(body)).toEqual(['Errors']);
      expect(body.Errors[0]).toEqual({ description: expect.any(String), field, number: expect.stringMatching(/^[0-9]{2}$/) });
    });
  }

  it('says exactly what is wrong with a bad number and with no criteria', async () => {
    expect(await (await nppes('number=12345')).json()).toEqual({
      Errors: [{ description: 'NPI must be 10 digits', field: 'number', number: '06' }],
    });
    expect(await (await fetch(`${NPPES}?version=2.1`)).json()).toEqual({
      Errors: [{ description: 'No valid search criteria provided', field: 'generic', number: '04' }],
    });
  });
});

describe('simulated CMS data API', () => {
  it('says each dataset\'s release in Last-Modified, the twice-weekly one newer than the quarterly file', async () => {
    const file = Date.parse((await ppef(NAMED_NPIS.enrolledPartB)).headers.get('last-modified') ?? '');
    const orders = Date.parse((await orderReferring(NAMED_NPIS.enrolledPartB)).headers.get('last-modified') ?? '');
    expect(new Date(file).toISOString()).toBe('2025-10-01T00:00:00.000Z');
    expect(orders).toBeGreaterThan(file);
  });

  for (const [key, npi] of Object.entries(NAMED_NPIS) as Array<[NamedNpiKey, string]>) {
    it(`PPEF and Order and Referring rows of ${key}`, async () => {
      const enrolled = (await (await ppef(npi)).json()) as Array<Record<string, string>>;
      expect(enrolled).toHaveLength(EXPECTED[key].ppef);
      expect(enrolled).toEqual(ppefRowsFor(npi));
      const eligible = (await (await orderReferring(npi)).json()) as Array<Record<string, string>>;
      expect(eligible.map((row) => row.PARTB)).toEqual(EXPECTED[key].partB ? [EXPECTED[key].partB] : []);
      expect(eligible).toEqual(orderReferringRowFor(npi) ? [orderReferringRowFor(npi)] : []);
    });
  }

  it('has exactly the columns of each dataset, all strings', async () => {
    const [enrolled] = (await (await ppef(NAMED_NPIS.enrolledPartB)).json()) as Array<Record<string, unknown>>;
    expect(Object.keys(enrolled ?? {})).toEqual(PPEF_COLUMNS);
    expect(Object.values(enrolled ?? {}).every((v) => typeof v === 'string')).toBe(true);
    const [eligible] = (await (await orderReferring(NAMED_NPIS.enrolledPartB)).json()) as Array<Record<string, unknown>>;
    expect(Object.keys(eligible ?? {})).toEqual(ORDER_REFERRING_COLUMNS);
    expect(eligible).toMatchObject({ PARTB: 'Y', LAST_NAME: 'DOE', FIRST_NAME: 'JANE' });
  });

  it('filters on any column and pages with size and offset', async () => {
    const res = await fetch(`${CMS}/${ORDER_REFERRING_DATASET_ID}/data?filter[PARTB]=N&filter[LAST_NAME]=MENDEZ`);
    expect(((await res.json()) as Array<{ NPI: string }>).map((r) => r.NPI)).toContain(NAMED_NPIS.enrolledNoPartB);
    const all = (await (await fetch(`${CMS}/${PPEF_DATASET_ID}/data?size=5`)).json()) as Array<{ NPI: string }>;
    const next = (await (await fetch(`${CMS}/${PPEF_DATASET_ID}/data?size=2&offset=3`)).json()) as Array<{ NPI: string }>;
    expect(all).toHaveLength(5);
    expect(next.map((r) => r.NPI)).toEqual(all.slice(3, 5).map((r) => r.NPI));
  });

  it('answers 404 with a JSON error for an unknown dataset', async () => {
    const res = await fetch(`${CMS}/11111111-2222-3333-4444-555555555555/data?filter[NPI]=${NAMED_NPIS.enrolledPartB}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ status: 404, message: 'Dataset 11111111-2222-3333-4444-555555555555 not found' });
  });
});

describe('simulator faults', () => {
  // Runtime switches are scoped to an NPI that no named case (and so no other test file) uses,
  // so contract test files running in parallel on the same stack never trip each other's faults.
  const named = new Set<string>(Object.values(NAMED_NPIS));
  const npi = providerSummaries().find((s) => !named.has(s.npi) && s.enrolledInPecos && s.partB === 'Y')?.npi ?? '';

  it('error500: an HTML page from NPPES, a JSON message from CMS', async () => {
    const page = await nppes(`number=${NAMED_NPIS.enrolledPartB}`, { headers: { 'x-simulator-fault': 'error500' } });
    expect(page.status).toBe(500);
    expect(await page.text()).toContain('<title>500 Internal Server Error</title>');
    const cms = await ppef(NAMED_NPIS.enrolledPartB, '&__fault=error500');
    expect(cms.status).toBe(500);
    expect(await cms.json()).toEqual({ message: 'Internal server error' });
  });

  it('malformed: 200 with JSON cut short', async () => {
    const res = await orderReferring(NAMED_NPIS.enrolledPartB, '&__fault=malformed');
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text.startsWith('[{"NPI":"1234567893"')).toBe(true);
    expect(() => JSON.parse(text)).toThrow(SyntaxError);
  });

  it('empty: 200 with no body', async () => {
    const res = await nppes(`number=${NAMED_NPIS.enrolledPartB}&__fault=empty`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });

  it('reset: the connection drops', async () => {
    await expect(ppef(NAMED_NPIS.enrolledPartB, '&__fault=reset')).rejects.toThrow(TypeError);
  });

  it('slow: outlasts the caller\'s timeout, and answers normally after delayMs', async () => {
    await expect(nppes(`number=${NAMED_NPIS.enrolledPartB}&__fault=slow`, { signal: AbortSignal.timeout(200) })).rejects.toThrow(/timeout|aborted/i);
    const started = Date.now();
    const res = await nppes(`number=${NAMED_NPIS.enrolledPartB}`, { headers: { 'x-simulator-fault': 'slow', 'x-simulator-delay-ms': '300' } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    const expected = nppesAnswer(NAMED_NPIS.enrolledPartB);
    expect(await res.json()).toEqual({ ...expected, results: expected.results.map(asServed) });
  });

  it('the fault switches need the service key', async () => {
    const res = await faults('POST', { nppes: 'error500' }, 'not-a-key');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'The simulator fault switches need the service_role key' });
  });

  it('a runtime switch scoped to one NPI trips the next N requests about it, then turns off', async () => {
    const armed = await faults('POST', { nppes: 'malformed', cms: 'error500', npi, times: 1 });
    expect(armed.status).toBe(200);
    expect(await armed.json()).toMatchObject({ armed: expect.arrayContaining([expect.objectContaining({ registry: 'cms', kind: 'error500', npi, remaining: 1 })]) });
    expect((await ppef(NAMED_NPIS.enrolledPartB)).status).toBe(200);
    expect((await ppef(npi)).status).toBe(500);
    expect((await ppef(npi)).status).toBe(200);
    const text = await (await nppes(`number=${npi}`)).text();
    expect(() => JSON.parse(text)).toThrow(SyntaxError);
    expect(await (await nppes(`number=${npi}`)).json()).toEqual(nppesAnswer(npi));
  });

  it('a runtime switch without times lasts until cleared', async () => {
    await faults('POST', { cms: 'empty', npi });
    expect(await (await orderReferring(npi)).text()).toBe('');
    expect(await (await orderReferring(npi)).text()).toBe('');
    expect((await faults('POST', { cms: null, npi })).status).toBe(200);
    expect(await (await orderReferring(npi)).json()).toHaveLength(1);
    await faults('POST', { nppes: 'empty', npi });
    const cleared = await fetch(`${SIMULATOR_URL}/__faults?npi=${npi}`, { method: 'DELETE', headers: { Authorization: `Bearer ${SERVICE_KEY}` } });
    expect(((await cleared.json()) as { armed: Array<{ npi: string | null }> }).armed.filter((f) => f.npi === npi)).toEqual([]);
    expect(await (await nppes(`number=${npi}`)).json()).toEqual(nppesAnswer(npi));
  });
});
