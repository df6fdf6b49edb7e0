import { describe, expect, it } from 'vitest';
import { pecosOutcome, type DatasetEvidence } from '../cms.ts';
import { PECOS_CHECK_MAX_AGE_DAYS, medicareOrderingEligibility, readPecosEvidence, type EligibilityProvider } from './medicare-eligibility.ts';

const NPI = '1234567893';
const NOW = '2026-06-30T12:00:00.000Z';

function dataset(rows: Array<Record<string, unknown>>): DatasetEvidence {
  return { dataset_id: 'd', url: 'https://data.cms.gov/x', rows };
}

/** A provider as verify-pecos leaves it after a check on `checkedAt`. */
function checked(checkedAt: string, enrolled: boolean, partB: string | null): EligibilityProvider {
  const outcome = pecosOutcome(
    NPI,
    checkedAt,
    'staff-id',
    dataset(enrolled ? [{ NPI, FIRST_NAME: 'Ann' }] : []),
    dataset(partB === null ? [] : [{ NPI, PARTB: partB, DME: 'N' }]),
  );
  return { npi: NPI, pecos_verification_date: outcome.checked_at, pecos_verification_data: outcome.evidence };
}

describe('medicareOrderingEligibility', () => {
  it('is eligible when enrolled and PARTB "Y" by a check of the last 30 days', () => {
    expect(medicareOrderingEligibility(checked('2026-06-20T09:00:00.000Z', true, 'Y'), NOW)).toEqual({
      status: 'eligible',
      reason: 'Enrolled in PECOS and eligible to order Part B services by the check of 2026-06-20.',
      checkedAt: '2026-06-20T09:00:00.000Z',
      ageDays: 10,
      enrolled: true,
      partB: true,
    });
    expect(medicareOrderingEligibility(checked('2026-06-20T09:00:00.000Z', true, ' y '), new Date(NOW)).status).toBe('eligible');
  });

  it('is not eligible when the check found no enrollment', () => {
    expect(medicareOrderingEligibility(checked('2026-06-20T09:00:00.000Z', false, 'Y'), NOW)).toEqual({
      status: 'not-eligible',
      reason: "The provider is not enrolled in PECOS (Medicare's enrollment record) by the check of 2026-06-20: Medicare cannot be billed for their orders.",
      checkedAt: '2026-06-20T09:00:00.000Z',
      ageDays: 10,
      enrolled: false,
      partB: true,
    });
  });

  it('is not eligible when enrolled but not eligible to order Part B services', () => {
    for (const partB of ['N', null]) {
      expect(medicareOrderingEligibility(checked('2026-06-20T09:00:00.000Z', true, partB), NOW)).toMatchObject({
        status: 'not-eligible',
        reason:
          'The provider is enrolled in PECOS but not eligible to order Part B services (the Order and Referring file does not show PARTB "Y") by the check of 2026-06-20: Medicare cannot be billed for their orders.',
        enrolled: true,
        partB: false,
      });
    }
  });

  it('needs a new check after 30 days, saying what the last one found', () => {
    expect(PECOS_CHECK_MAX_AGE_DAYS).toBe(30);
    expect(medicareOrderingEligibility(checked('2026-05-31T12:00:00.000Z', true, 'Y'), NOW).status).toBe('eligible');
    expect(medicareOrderingEligibility(checked('2026-05-30T12:00:00.000Z', true, 'Y'), NOW)).toEqual({
      status: 'needs-check',
      reason: 'The last PECOS check was on 2026-05-30, 31 days ago: Medicare eligibility is checked again after 30 days.',
      checkedAt: '2026-05-30T12:00:00.000Z',
      ageDays: 31,
      enrolled: true,
      partB: true,
    });
    expect(medicareOrderingEligibility(checked('2025-01-01T00:00:00.000Z', false, null), NOW).status).toBe('needs-check');
  });

  it('needs a check when there is none, or the evidence cannot be read', () => {
    const never = { npi: NPI, pecos_verification_date: null, pecos_verification_data: null };
    const expected = {
      status: 'needs-check',
      reason: 'PECOS enrollment and Part B ordering have not been checked for this provider yet.',
      checkedAt: null,
      ageDays: null,
      enrolled: null,
      partB: null,
    };
    expect(medicareOrderingEligibility(never, NOW)).toEqual(expected);
    expect(medicareOrderingEligibility({ ...never, pecos_verification_date: NOW, pecos_verification_data: { verified: true } }, NOW)).toEqual(expected);
    expect(medicareOrderingEligibility({ ...never, pecos_verification_date: NOW, pecos_verification_data: '{not json' }, NOW)).toEqual(expected);
  });

  it('reads evidence stored as a JSON string (spec §3)', () => {
    const provider = checked('2026-06-20T09:00:00.000Z', true, 'Y');
    expect(medicareOrderingEligibility({ ...provider, pecos_verification_data: JSON.stringify(provider.pecos_verification_data) }, NOW).status).toBe('eligible');
  });

  it('takes the date from the evidence when the column is empty', () => {
    const provider = checked('2026-06-20T09:00:00.000Z', true, 'Y');
    expect(medicareOrderingEligibility({ ...provider, pecos_verification_date: null }, NOW)).toMatchObject({ status: 'eligible', checkedAt: '2026-06-20T09:00:00.000Z' });
  });

  it('needs a check when the evidence is for another NPI or its date cannot be read', () => {
    const provider = checked('2026-06-20T09:00:00.000Z', true, 'Y');
    expect(medicareOrderingEligibility({ ...provider, npi: '1245319599' }, NOW)).toMatchObject({
      status: 'needs-check',
      reason: 'The stored PECOS check is for NPI 1234567893, not 1245319599: check again.',
    });
    expect(medicareOrderingEligibility({ ...provider, pecos_verification_date: 'yesterday' }, NOW)).toMatchObject({
      status: 'needs-check',
      reason: 'The date of the last PECOS check cannot be read: check again.',
    });
  });

  it('is not eligible without an NPI', () => {
    expect(medicareOrderingEligibility({ npi: null, pecos_verification_date: null, pecos_verification_data: null }, NOW)).toEqual({
      status: 'not-eligible',
      reason: 'The provider has no NPI: Medicare pays only for tests ordered by a provider with an NPI who is enrolled in PECOS.',
      checkedAt: null,
      ageDays: null,
      enrolled: null,
      partB: null,
    });
  });

  it('finds Part B eligibility in any of the Order and Referring rows', () => {
    const provider = checked('2026-06-20T09:00:00.000Z', true, 'N');
    const evidence = provider.pecos_verification_data as Record<string, unknown>;
    const rows = [{ NPI, PARTB: 'N' }, { NPI }, { NPI, PARTB: 'Y' }];
    expect(medicareOrderingEligibility({ ...provider, pecos_verification_data: { ...evidence, order_referring: { rows } } }, NOW)).toMatchObject({
      status: 'eligible',
      partB: true,
    });
  });

  it('needs a check when neither the column nor the evidence dates it', () => {
    const provider = checked('2026-06-20T09:00:00.000Z', true, 'Y');
    const evidence = provider.pecos_verification_data as Record<string, unknown>;
    expect(medicareOrderingEligibility({ ...provider, pecos_verification_date: null, pecos_verification_data: { ...evidence, checked_at: '' } }, NOW)).toEqual({
      status: 'needs-check',
      reason: 'PECOS enrollment and Part B ordering have not been checked for this provider yet.',
      checkedAt: null,
      ageDays: null,
      enrolled: null,
      partB: null,
    });
  });

  it('counts whole days since the check, rounding down', () => {
    expect(medicareOrderingEligibility(checked('2026-06-29T12:00:00.001Z', true, 'Y'), NOW).ageDays).toBe(0);
    expect(medicareOrderingEligibility(checked('2026-06-29T12:00:00.000Z', true, 'Y'), NOW).ageDays).toBe(1);
    // A Date `now` is read to the millisecond.
    expect(medicareOrderingEligibility(checked('2026-06-29T12:00:00.500Z', true, 'Y'), new Date('2026-06-30T12:00:00.700Z')).ageDays).toBe(1);
  });

  it('never counts a check from the future as old', () => {
    expect(medicareOrderingEligibility(checked('2026-07-02T00:00:00.000Z', true, 'Y'), NOW)).toMatchObject({ status: 'eligible', ageDays: 0 });
  });
});

describe('readPecosEvidence', () => {
  it('reads the rows verify-pecos stored', () => {
    const provider = checked('2026-06-20T09:00:00.000Z', true, 'Y');
    expect(readPecosEvidence(provider.pecos_verification_data)).toEqual({
      npi: NPI,
      checked_at: '2026-06-20T09:00:00.000Z',
      enrollmentRows: [{ NPI, FIRST_NAME: 'Ann' }],
      orderReferringRows: [{ NPI, PARTB: 'Y', DME: 'N' }],
    });
  });

  it('refuses other shapes', () => {
    const good = checked('2026-06-20T09:00:00.000Z', true, 'Y').pecos_verification_data as Record<string, unknown>;
    for (const value of [
      null,
      [],
      'text',
      { ...good, npi: 1 },
      { ...good, checked_at: null },
      { ...good, enrollment: null },
      { ...good, enrollment: { rows: 'x' } },
      { ...good, order_referring: { rows: [1] } },
      { ...good, order_referring: { rows: [[NPI]] } },
      { ...good, enrollment: [] },
      '{not json',
    ]) {
      expect(readPecosEvidence(value)).toBeNull();
    }
  });
});
