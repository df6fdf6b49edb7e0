import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  deactivatedNpis, NAMED_NPIS, nppesAnswer, nppesResult, nppesResults, orderReferringRowFor, orderReferringRows,
  ppefRows, ppefRowsFor, providerSummaries,
} from './fixtures.ts';
import { FIXTURE_FILES, FIXTURES_DIR, generateFixtures, toJsonLines, type Fixtures } from './generate-fixtures.ts';
import { isValidNpi } from './npi.ts';

describe('fixture files', () => {
  it('are exactly what the seeded generator writes (regenerating changes nothing)', () => {
    const generated = generateFixtures();
    for (const key of Object.keys(FIXTURE_FILES) as Array<keyof Fixtures>) {
      const committed = readFileSync(path.join(FIXTURES_DIR, FIXTURE_FILES[key]), 'utf8');
      expect(toJsonLines(generated[key]), FIXTURE_FILES[key]).toBe(committed);
    }
  });

  it('hold at least 200 providers with unique, valid NPIs', () => {
    const numbers = [...nppesResults().map((r) => r.number), ...deactivatedNpis().map((d) => d.number)];
    expect(nppesResults().length).toBeGreaterThanOrEqual(200);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const npi of numbers) expect(isValidNpi(npi), npi).toBe(true);
    for (const row of [...ppefRows(), ...orderReferringRows()]) expect(isValidNpi(row.NPI)).toBe(true);
  });

  it('use the NPPES v2.1 result format', () => {
    for (const result of nppesResults()) {
      expect(result.number).toMatch(/^[0-9]{10}$/);
      expect(result.created_epoch).toMatch(/^[0-9]{12,13}$/);
      expect(result.last_updated_epoch).toMatch(/^[0-9]{12,13}$/);
      expect(Number(result.last_updated_epoch)).toBeGreaterThanOrEqual(Number(result.created_epoch));
      expect(result.basic.status).toBe('A');
      expect(result.taxonomies.length).toBeGreaterThan(0);
      for (const address of [...result.addresses, ...result.practiceLocations]) {
        expect(address.postal_code).toMatch(/^([0-9]{5}|[0-9]{9})$/);
        expect(address.telephone_number).toMatch(/^[0-9]{3}-555-01[0-9]{2}$/);
      }
      if (result.enumeration_type === 'NPI-1') {
        expect(result.basic.name_suffix).toMatch(/^(--|Jr\.)$/);
        expect(result.basic.sex).toMatch(/^[FM]$/);
      } else {
        expect(result.basic.organization_name).not.toBe('');
        expect(result.basic.authorized_official_last_name).not.toBe('');
        expect(result.taxonomies.every((t) => t.license === null)).toBe(true);
      }
    }
  });

  it('reproduce the example of the reference for enrolledPartB', () => {
    const answer = nppesAnswer(NAMED_NPIS.enrolledPartB);
    expect(answer.result_count).toBe(1);
    expect(answer.results[0]).toMatchObject({
      created_epoch: '1183680000000',
      number: '1234567893',
      basic: { first_name: 'JANE', last_name: 'DOE', credential: 'M.D.', name_suffix: '--' },
      taxonomies: [{ code: '207Q00000X', desc: 'Family Medicine', state: 'NY', license: '123456', primary: true }],
    });
  });
});

describe('named NPIs', () => {
  const summary = (npi: string) => providerSummaries().find((s) => s.npi === npi);

  it('enrolled with and without Part B ordering', () => {
    expect(summary(NAMED_NPIS.enrolledPartB)).toMatchObject({ enrolledInPecos: true, partB: 'Y' });
    expect(summary(NAMED_NPIS.enrolledNoPartB)).toMatchObject({ enrolledInPecos: true, partB: 'N' });
    expect(summary(NAMED_NPIS.enrolledNotOrderReferring)).toMatchObject({ enrolledInPecos: true, partB: null });
    expect(ppefRowsFor(NAMED_NPIS.multiEnrollment).map((r) => r.STATE_CD)).toEqual(['NY', 'VT']);
  });

  it('not enrolled: active in NPPES, absent from both CMS datasets', () => {
    expect(nppesResult(NAMED_NPIS.notEnrolled)?.enumeration_type).toBe('NPI-1');
    expect(ppefRowsFor(NAMED_NPIS.notEnrolled)).toEqual([]);
    expect(orderReferringRowFor(NAMED_NPIS.notEnrolled)).toBeUndefined();
  });

  it('taxonomy and address edge cases', () => {
    const multi = nppesResult(NAMED_NPIS.multiTaxonomy);
    expect(multi?.taxonomies.map((t) => [t.code, t.primary])).toEqual([
      ['207R00000X', false], ['207RC0000X', true], ['207RE0101X', false],
    ]);
    expect(multi?.practiceLocations).toHaveLength(2);
    expect(nppesResult(NAMED_NPIS.noPrimaryTaxonomy)?.taxonomies.some((t) => t.primary)).toBe(false);
    const noLocation = nppesResult(NAMED_NPIS.noLocationAddress);
    expect(noLocation?.addresses.map((a) => a.address_purpose)).toEqual(['MAILING']);
    expect(noLocation?.practiceLocations).toEqual([]);
    expect(nppesResult(NAMED_NPIS.apostropheName)?.basic).toMatchObject({ last_name: "O'BRIEN" });
  });

  it('organization is Type 2 with a PPEF row naming it', () => {
    const org = nppesResult(NAMED_NPIS.organization);
    expect(org?.enumeration_type).toBe('NPI-2');
    expect(ppefRowsFor(NAMED_NPIS.organization)[0]).toMatchObject({ ORG_NAME: 'CAPITAL REGION MEDICAL GROUP PLLC', FIRST_NAME: '' });
  });

  it('deactivated and unknown NPIs have no active record anywhere', () => {
    expect(deactivatedNpis().map((d) => d.number)).toContain(NAMED_NPIS.deactivated);
    for (const npi of [NAMED_NPIS.deactivated, NAMED_NPIS.unknown, NAMED_NPIS.invalidCheckDigit]) {
      expect(nppesAnswer(npi)).toEqual({ result_count: 0, results: [] });
      expect(ppefRowsFor(npi)).toEqual([]);
    }
  });

  it('organizations of issue 24 are Type 2 records with DBA names and authorized officials, in the registry shape', () => {
    const adirondack = nppesResult(NAMED_NPIS.newOrganization);
    expect(adirondack).toMatchObject({
      enumeration_type: 'NPI-2',
      basic: {
        organization_name: 'ADIRONDACK PEDIATRIC ASSOCIATES PC',
        authorized_official_first_name: 'MARGARET',
        authorized_official_last_name: 'HOLLOWAY',
        authorized_official_telephone_number: '5185550142',
      },
    });
    expect(adirondack?.other_names).toContainEqual({ organization_name: 'ADIRONDACK KIDS CARE', type: 'Doing Business As', code: '3' });
    expect(adirondack?.addresses.map((a) => a.address_purpose)).toEqual(['LOCATION', 'MAILING']);
    expect(nppesResult(NAMED_NPIS.organization)?.other_names).toEqual([{ organization_name: 'CAPITAL REGION PRIMARY CARE', type: 'Doing Business As', code: '3' }]);
    for (const npi of [NAMED_NPIS.hudsonValleyPractice, NAMED_NPIS.northwayPediatrics, NAMED_NPIS.greenMountainMedicine]) {
      expect(nppesResult(npi)?.enumeration_type).toBe('NPI-2');
    }
    expect(nppesResult(NAMED_NPIS.northwayPediatrics)?.addresses[0]).toMatchObject({ address_1: '44 BAY ST', telephone_number: '518-555-0177' });
  });

  it('sole proprietors are Type 1 records marked YES; others say NO; a deactivated Type 2 has no record', () => {
    expect(nppesResult(NAMED_NPIS.newSoleProprietor)).toMatchObject({ enumeration_type: 'NPI-1', basic: { last_name: 'GOLDSTEIN', sole_proprietor: 'YES' } });
    expect(nppesResult(NAMED_NPIS.notEnrolled)?.basic).toMatchObject({ sole_proprietor: 'YES' });
    expect(nppesResult(NAMED_NPIS.apostropheName)?.basic).toMatchObject({ sole_proprietor: 'YES' });
    expect(nppesResult(NAMED_NPIS.enrolledPartB)?.basic).toMatchObject({ sole_proprietor: 'NO' });
    expect(deactivatedNpis()).toContainEqual({ number: NAMED_NPIS.deactivatedOrganization, enumeration_type: 'NPI-2', deactivation_date: '2024-06-28' });
    expect(nppesAnswer(NAMED_NPIS.deactivatedOrganization)).toEqual({ result_count: 0, results: [] });
  });

  it('hands out copies, so a caller cannot change what the simulator serves', () => {
    const copy = nppesResult(NAMED_NPIS.enrolledPartB);
    if (copy) copy.number = '0000000000';
    expect(nppesResult(NAMED_NPIS.enrolledPartB)?.number).toBe(NAMED_NPIS.enrolledPartB);
  });
});
