/** The PECOS column (spec §4) and the Medicare lab ordering flag. */
import { describe, expect, it } from 'vitest';
import {
  MEDICARE_ORDERING_LABELS,
  canVerifyPecos,
  lastVerifiedText,
  medicareLabOrdering,
  pecosStatus,
  type PecosFields,
} from './pecos-status.ts';

const provider = (fields: Partial<PecosFields> = {}): PecosFields => ({
  npi: '1234567893',
  pecos_verified: false,
  pecos_verification_date: null,
  pecos_verification_data: null,
  ...fields,
});

describe('pecosStatus', () => {
  it('warns that an NPI is needed when there is none, whatever else is stored', () => {
    for (const npi of [null, '', '  ']) {
      expect(pecosStatus(provider({ npi, pecos_verified: true, pecos_verification_date: '2024-05-29' }))).toEqual({
        state: 'npi_required',
        label: 'NPI required for PECOS verification',
        lastVerified: 'Last verified: May 29, 2024',
        tone: 'warning',
      });
    }
  });

  it("reads 'Not verified' without a verification date, with the clock saying 'Never'", () => {
    expect(pecosStatus(provider({ pecos_verified: true }))).toEqual({
      state: 'not_verified',
      label: 'Not verified',
      lastVerified: 'Never',
      tone: 'neutral',
    });
    expect(pecosStatus(provider({ pecos_verification_date: ' ' })).state).toBe('not_verified');
  });

  it('shows enrolled (green check) when verified true with a date', () => {
    expect(pecosStatus(provider({ pecos_verified: true, pecos_verification_date: '2024-09-03T12:00:00Z' }))).toEqual({
      state: 'enrolled',
      label: 'Enrolled in PECOS',
      lastVerified: 'Last verified: Sep 3, 2024',
      tone: 'success',
    });
  });

  it('shows not enrolled (red cross) when verified false (or null) with a date', () => {
    for (const pecos_verified of [false, null]) {
      expect(pecosStatus(provider({ pecos_verified, pecos_verification_date: '2024-09-03' }))).toMatchObject({
        state: 'not_enrolled',
        label: 'Not enrolled in PECOS',
        tone: 'danger',
      });
    }
  });
});

describe('lastVerifiedText', () => {
  it("formats the date as MMM d, yyyy or says 'Never'", () => {
    expect(lastVerifiedText('2024-01-15')).toBe('Last verified: Jan 15, 2024');
    expect(lastVerifiedText(null)).toBe('Never');
    expect(lastVerifiedText(undefined)).toBe('Never');
    expect(lastVerifiedText('garbled')).toBe('Last verified: garbled');
  });

  it("says 'Never' for a date that is only spaces", () => {
    expect(lastVerifiedText('   ')).toBe('Never');
  });
});

describe('canVerifyPecos', () => {
  it('needs an NPI and no running check', () => {
    expect(canVerifyPecos({ npi: '1234567893' }, false)).toBe(true);
    expect(canVerifyPecos({ npi: '1234567893' }, true)).toBe(false);
    expect(canVerifyPecos({ npi: null }, false)).toBe(false);
    expect(canVerifyPecos({ npi: ' ' }, false)).toBe(false);
  });
});

describe('medicareLabOrdering', () => {
  const evidence = (rows: unknown[], extra: Record<string, unknown> = {}) => ({
    npi: '1234567893',
    checked_at: '2024-05-29T00:00:00Z',
    source: 'CMS data API',
    enrollment: { dataset_id: 'd1', url: 'u', rows: [{ NPI: '1234567893' }] },
    order_referring: { dataset_id: 'd2', url: 'u', rows },
    ...extra,
  });

  it('reads an explicit can_order_part_b first', () => {
    expect(medicareLabOrdering(provider({ pecos_verification_data: evidence([], { can_order_part_b: true }) }))).toBe('yes');
    expect(medicareLabOrdering(provider({ pecos_verification_data: { can_order_part_b: false } }))).toBe('no');
  });

  it('reads the PARTB flag of the Order and Referring rows', () => {
    expect(medicareLabOrdering(provider({ pecos_verification_data: evidence([{ PARTB: 'Y' }]) }))).toBe('yes');
    expect(medicareLabOrdering(provider({ pecos_verification_data: evidence([{ PARTB: ' y ' }]) }))).toBe('yes');
    expect(medicareLabOrdering(provider({ pecos_verification_data: evidence([{ PARTB: 'N' }, 'junk']) }))).toBe('no');
    expect(medicareLabOrdering(provider({ pecos_verification_data: evidence([]) }))).toBe('no');
  });

  it('parses evidence stored as JSON text', () => {
    expect(medicareLabOrdering(provider({ pecos_verification_data: JSON.stringify(evidence([{ PARTB: 'Y' }])) }))).toBe('yes');
  });

  it('is unknown for a provider without an NPI (blank or missing) whatever evidence is stored', () => {
    for (const npi of [null, '', '   ']) {
      expect(medicareLabOrdering(provider({ npi, pecos_verification_data: { can_order_part_b: true } }))).toBe('unknown');
      expect(medicareLabOrdering(provider({ npi, pecos_verification_data: evidence([{ PARTB: 'Y' }], { npi: undefined }) }))).toBe('unknown');
    }
  });

  it('reads evidence whose NPI matches once both are trimmed', () => {
    expect(medicareLabOrdering(provider({ npi: ' 1234567893 ', pecos_verification_data: evidence([{ PARTB: 'Y' }], { npi: '1234567893 ' }) }))).toBe('yes');
  });

  it('is unknown without an NPI, without evidence, or with evidence for another NPI', () => {
    expect(medicareLabOrdering(provider({ npi: null, pecos_verification_data: evidence([{ PARTB: 'Y' }]) }))).toBe('unknown');
    expect(medicareLabOrdering(provider({ pecos_verification_data: null }))).toBe('unknown');
    expect(medicareLabOrdering(provider({ pecos_verification_data: 'not json' }))).toBe('unknown');
    expect(medicareLabOrdering(provider({ pecos_verification_data: { verified: true } }))).toBe('unknown');
    expect(medicareLabOrdering(provider({ pecos_verification_data: { order_referring: { rows: 'x' } } }))).toBe('unknown');
    expect(
      medicareLabOrdering(provider({ pecos_verification_data: evidence([{ PARTB: 'Y' }], { npi: '1003000126' }) })),
    ).toBe('unknown');
  });

  it('has a label for each answer', () => {
    expect(MEDICARE_ORDERING_LABELS.yes).toBe('May order Medicare lab tests');
    expect(Object.keys(MEDICARE_ORDERING_LABELS).sort()).toEqual(['no', 'unknown', 'yes']);
  });
});
