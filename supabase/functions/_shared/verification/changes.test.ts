import { describe, expect, it } from 'vitest';
import { isServiceKey } from '../scheduled-key.ts';
import { baselineSnapshot } from './baseline.ts';
import { backoffMs, verificationChanges } from './changes.ts';
import type { VerificationSnapshot } from './snapshot.ts';

const NPI = '1234567893';
const known: VerificationSnapshot = {
  nppes_active: true, legal_name: 'JANE A DOE', credential: 'M.D.', primary_taxonomy_code: '207Q00000X',
  primary_taxonomy_description: 'Family Medicine', pecos_enrolled: true, part_b: true,
};

describe('verificationChanges', () => {
  it('raises nothing when nothing changed', () => {
    expect(verificationChanges(NPI, known, { ...known })).toEqual([]);
  });

  it('names each change with its before and after', () => {
    const after = { ...known, legal_name: 'JANE A SMITH', primary_taxonomy_code: '207R00000X', primary_taxonomy_description: 'Internal Medicine', pecos_enrolled: false, part_b: false };
    expect(verificationChanges(NPI, known, after).map((d) => [d.kind, d.summary])).toEqual([
      ['name_changed', 'The NPPES name changed from "JANE A DOE" to "JANE A SMITH".'],
      ['taxonomy_changed', 'The primary taxonomy changed from "207Q00000X Family Medicine" to "207R00000X Internal Medicine".'],
      ['pecos_lost', `Medicare enrollment lost: neither the PECOS enrollment file nor the Order and Referring dataset lists NPI ${NPI} any more.`],
      ['part_b_lost', `Part B ordering lost: the Order and Referring dataset no longer says PARTB "Y" for NPI ${NPI}; Medicare lab orders in this provider's name will be denied.`],
    ]);
  });

  it('reports a deactivation alone, not the names it no longer has', () => {
    const gone = { ...known, nppes_active: false, legal_name: null, credential: null, primary_taxonomy_code: null };
    expect(verificationChanges(NPI, known, gone).map((d) => d.kind)).toEqual(['npi_deactivated']);
  });

  it('raises PECOS gained, and nothing for facts never checked before', () => {
    expect(verificationChanges(NPI, { ...known, pecos_enrolled: false, part_b: false }, known).map((d) => d.kind)).toEqual(['pecos_gained']);
    const unknown = { ...known, nppes_active: null, pecos_enrolled: null, part_b: null };
    expect(verificationChanges(NPI, unknown, { ...known, pecos_enrolled: false, part_b: false, nppes_active: false })).toEqual([]);
  });
});

describe('baselineSnapshot', () => {
  it('reads the stored registry answer and the last PECOS check, null where never checked', () => {
    const nppes = { result_count: 1, results: [{ number: Number(NPI), enumeration_type: 'NPI-1', basic: { first_name: 'JANE', last_name: 'DOE', credential: 'M.D.', status: 'A' }, taxonomies: [{ code: '207Q00000X', desc: 'Family Medicine', primary: true }], addresses: [] }] };
    expect(baselineSnapshot({ id: 'p', npi: NPI, nppes_data: JSON.stringify(nppes), pecos_verified: false, pecos_verification_date: null, pecos_verification_data: null })).toEqual({
      nppes_active: true, legal_name: 'JANE DOE', credential: 'M.D.', primary_taxonomy_code: '207Q00000X', primary_taxonomy_description: 'Family Medicine', pecos_enrolled: null, part_b: null,
    });
    expect(baselineSnapshot({ id: 'p', npi: NPI, nppes_data: null, pecos_verified: true, pecos_verification_date: '2025-01-01T00:00:00Z', pecos_verification_data: { npi: NPI, order_referring: { rows: [{ PARTB: 'N' }] } } })).toMatchObject({
      nppes_active: null, pecos_enrolled: true, part_b: false,
    });
  });
});

describe('backoffMs', () => {
  it('waits 15 minutes, doubling, at most a day', () => {
    expect([1, 2, 3, 10, 30].map(backoffMs)).toEqual([900_000, 1_800_000, 3_600_000, 86_400_000, 86_400_000]);
  });
});

describe('isServiceKey', () => {
  it('takes only one of the keys, whole', () => {
    expect(isServiceKey('sb_secret_abc', ['sb_secret_abc', undefined])).toBe(true);
    expect(isServiceKey('sb_secret_ab', ['sb_secret_abc'])).toBe(false);
    expect(isServiceKey('', ['', undefined])).toBe(false);
    expect(isServiceKey(null, ['x'])).toBe(false);
  });
});
