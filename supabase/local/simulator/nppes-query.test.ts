import { describe, expect, it } from 'vitest';
import { NAMED_NPIS, nppesResults } from './fixtures.ts';
import { matchesPattern, parseNppesQuery, searchNppes, type NppesQuery } from './nppes-query.ts';
import type { NppesError, NppesSearchAnswer } from './types.ts';

function errorsOf(query: string): NppesError[] {
  const parsed = parseNppesQuery(new URLSearchParams(query));
  if (parsed.ok) throw new Error(`expected a rejection of ${query}`);
  return parsed.errors;
}

function queryOf(query: string): NppesQuery {
  const parsed = parseNppesQuery(new URLSearchParams(query));
  if (!parsed.ok) throw new Error(`unexpected rejection of ${query}: ${JSON.stringify(parsed.errors)}`);
  return parsed.query;
}

function search(query: string): NppesSearchAnswer {
  return searchNppes(nppesResults(), queryOf(query));
}

describe('NPPES request rules', () => {
  it('needs version 2.1', () => {
    expect(errorsOf('number=1234567893')).toEqual([{ description: 'No API version specified. Add version=2.1 to the request', field: 'version', number: '01' }]);
    expect(errorsOf('version=1.0&number=1234567893')[0]).toMatchObject({ field: 'version', number: '02' });
  });

  it('needs at least one criterion (empty parameters do not count)', () => {
    expect(errorsOf('version=2.1')).toEqual([{ description: 'No valid search criteria provided', field: 'generic', number: '04' }]);
    expect(errorsOf('version=2.1&number=&last_name=&limit=5')[0]?.field).toBe('generic');
  });

  it('rejects a number that is not ten digits', () => {
    for (const bad of ['12345', '12345678901', '12345ABCDE']) {
      expect(errorsOf(`version=2.1&number=${bad}`)).toEqual([
        { description: 'NPI must be 10 digits', field: 'number', number: '06' },
      ]);
    }
  });

  it('never takes state, enumeration_type or country_code alone', () => {
    expect(errorsOf('version=2.1&state=NY')[0]).toMatchObject({ field: 'state', number: '07' });
    expect(errorsOf('version=2.1&enumeration_type=NPI-1')[0]).toMatchObject({ field: 'enumeration_type', number: '07' });
    expect(errorsOf('version=2.1&state=NY&enumeration_type=NPI-2')[0]).toMatchObject({ field: 'state' });
    expect(parseNppesQuery(new URLSearchParams('version=2.1&state=NY&last_name=DOE')).ok).toBe(true);
  });

  it('wants two characters before a wildcard, and sane limit, skip and enumeration_type', () => {
    expect(errorsOf('version=2.1&first_name=n*')).toEqual([{ description: 'Wildcards require at least two leading characters', field: 'first_name', number: '09' }]);
    expect(errorsOf('version=2.1&last_name=DOE&limit=201')[0]?.field).toBe('limit');
    expect(errorsOf('version=2.1&last_name=DOE&limit=0')[0]?.field).toBe('limit');
    expect(errorsOf('version=2.1&last_name=DOE&skip=1001')[0]?.field).toBe('skip');
    expect(errorsOf('version=2.1&last_name=DOE&enumeration_type=NPI-3')[0]?.field).toBe('enumeration_type');
    expect(errorsOf('version=2.1&last_name=DOE&address_purpose=HOME')[0]?.field).toBe('address_purpose');
    expect(queryOf('version=2.1&last_name=DOE&limit=200&skip=1000')).toMatchObject({ limit: 200, skip: 1000 });
  });

  it('reports every problem of a request at once', () => {
    expect(errorsOf('version=2.1&number=12&limit=500').map((e) => e.field)).toEqual(['number', 'limit']);
  });
});

describe('NPPES matching', () => {
  it('finds one NPI, and nothing for deactivated or unknown ones', () => {
    const found = search(`version=2.1&number=${NAMED_NPIS.enrolledPartB}`);
    expect(found.result_count).toBe(1);
    expect(found.results[0]?.number).toBe(NAMED_NPIS.enrolledPartB);
    expect(search(`version=2.1&number=${NAMED_NPIS.deactivated}`)).toEqual({ result_count: 0, results: [] });
    expect(search(`version=2.1&number=${NAMED_NPIS.unknown}`)).toEqual({ result_count: 0, results: [] });
  });

  it('matches names exactly or by trailing wildcard, case-insensitively', () => {
    expect(matchesPattern('KOWALSKI', 'kowalski')).toBe(true);
    expect(matchesPattern('KOWALSKI', 'KOWAL')).toBe(false);
    expect(matchesPattern('KOWALSKI', 'kow*')).toBe(true);
    expect(search('version=2.1&last_name=kowalski').results.map((r) => r.number)).toEqual([NAMED_NPIS.multiTaxonomy]);
    expect(search("version=2.1&last_name=O'BRIEN&first_name=SEAN").results.map((r) => r.number)).toEqual([NAMED_NPIS.apostropheName]);
    const wild = search('version=2.1&last_name=SMI*&limit=200');
    expect(wild.result_count).toBeGreaterThan(0);
    expect(wild.results.every((r) => r.enumeration_type === 'NPI-1' && r.basic.last_name.startsWith('SMI'))).toBe(true);
  });

  it('matches organizations by name and individuals never', () => {
    const orgs = search('version=2.1&organization_name=CAPITAL REGION*');
    expect(orgs.results.map((r) => r.number)).toContain(NAMED_NPIS.organization);
    expect(search('version=2.1&organization_name=DOE').result_count).toBe(0);
  });

  it('filters by enumeration type, taxonomy description and address', () => {
    // Albany has individuals and organizations: only the organizations come back.
    expect(search('version=2.1&city=ALBANY&limit=200').results.some((r) => r.enumeration_type === 'NPI-1')).toBe(true);
    const type2 = search('version=2.1&enumeration_type=NPI-2&city=ALBANY&limit=200');
    expect(type2.results.map((r) => r.number)).toContain(NAMED_NPIS.organization);
    expect(type2.results.every((r) => r.enumeration_type === 'NPI-2')).toBe(true);
    const cardio = search('version=2.1&taxonomy_description=cardiovascular&limit=200');
    expect(cardio.results.map((r) => r.number)).toContain(NAMED_NPIS.multiTaxonomy);
    expect(cardio.results.every((r) => r.taxonomies.some((t) => t.desc.includes('Cardiovascular')))).toBe(true);
    expect(search('version=2.1&city=albany&last_name=DOE').results.map((r) => r.number)).toEqual([NAMED_NPIS.enrolledPartB]);
    // A 5-digit postal code matches the 9-digit code 122071234.
    expect(search('version=2.1&postal_code=12207&last_name=DOE').result_count).toBe(1);
    expect(search('version=2.1&postal_code=12201&last_name=DOE&address_purpose=LOCATION').result_count).toBe(0);
    expect(search('version=2.1&postal_code=12201&last_name=DOE&address_purpose=MAILING').result_count).toBe(1);
    expect(search('version=2.1&city=SARATOGA SPRINGS&last_name=KOWALSKI&address_purpose=SECONDARY').result_count).toBe(1);
  });

  it('pages with limit (default 10) and skip; result_count is the page size', () => {
    const all = searchNppes(nppesResults(), queryOf('version=2.1&state=NY&taxonomy_description=Medicine&limit=200'));
    expect(all.result_count).toBeGreaterThan(12);
    const first = search('version=2.1&state=NY&taxonomy_description=Medicine');
    expect(first.result_count).toBe(10);
    const second = search('version=2.1&state=NY&taxonomy_description=Medicine&skip=10&limit=2');
    expect(second.results.map((r) => r.number)).toEqual(all.results.slice(10, 12).map((r) => r.number));
  });
});
