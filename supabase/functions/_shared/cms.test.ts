import { describe, expect, it } from 'vitest';
import { cmsDatasetUrl, pecosOutcome, rowsForNpi, type DatasetEvidence } from './cms.ts';

const NPI = '1234567893';
const ppefRow = { NPI, ENRLMT_ID: 'I20070101000001', STATE_CD: 'NY', LAST_NAME: 'DOE' };
const orderRow = (partB: string) => ({ NPI, LAST_NAME: 'DOE', FIRST_NAME: 'JANE', PARTB: partB, DME: 'N', HHA: 'N', PMD: 'N', HOSPICE: 'N' });
const evidence = (rows: Record<string, unknown>[], id = 'ds'): DatasetEvidence => ({ dataset_id: id, url: `u/${id}`, rows });

describe('cmsDatasetUrl', () => {
  it('builds the data API query with the brackets encoded', () => {
    expect(cmsDatasetUrl('http://h/cms/data-api/v1/', 'abc', NPI)).toBe(
      `http://h/cms/data-api/v1/dataset/abc/data?filter%5BNPI%5D=${NPI}&size=10`,
    );
  });
});

describe('rowsForNpi', () => {
  it('keeps only the rows of the NPI asked for', () => {
    expect(rowsForNpi([ppefRow, { ...ppefRow, NPI: '1003000126' }], NPI)).toEqual([ppefRow]);
  });

  it('reads [] and an empty 200 body (undefined) alike as no match', () => {
    expect(rowsForNpi([], NPI)).toEqual([]);
    expect(rowsForNpi(undefined, NPI)).toEqual([]);
  });

  it('matches an NPI that came as a number', () => {
    expect(rowsForNpi([{ ...ppefRow, NPI: Number(NPI) }], NPI)).toHaveLength(1);
  });

  it('refuses what is not a list of rows', () => {
    expect(rowsForNpi({ message: 'oops' }, NPI)).toBeNull();
    expect(rowsForNpi('[]', NPI)).toBeNull();
    expect(rowsForNpi([1, 2], NPI)).toBeNull();
    expect(rowsForNpi(null, NPI)).toBeNull();
  });
});

describe('pecosOutcome', () => {
  const at = '2026-11-21T10:00:00.000Z';

  it('is enrolled and may order Part B with a PPEF row and PARTB Y', () => {
    const outcome = pecosOutcome(NPI, at, 'staff-1', evidence([ppefRow], 'ppef'), evidence([orderRow('Y')], 'or'));
    expect(outcome).toMatchObject({ npi: NPI, verified: true, can_order_part_b: true, checked_at: at });
    expect(outcome.evidence).toEqual({
      npi: NPI,
      checked_at: at,
      checked_by: 'staff-1',
      source: 'CMS data API',
      enrolled: true,
      can_order_part_b: true,
      basis: 'both',
      enrollment: { ...evidence([ppefRow], 'ppef'), release: null, says: 'listed' },
      order_referring: { ...evidence([orderRow('Y')], 'or'), release: null, says: 'part_b' },
    });
  });

  it('keeps each dataset\'s release in the evidence', () => {
    const outcome = pecosOutcome(NPI, at, 's', { ...evidence([ppefRow]), release: '2025-10-01T00:00:00.000Z' }, { ...evidence([]), release: '2025-11-20T00:00:00.000Z' });
    expect(outcome.evidence.enrollment).toMatchObject({ release: '2025-10-01T00:00:00.000Z', says: 'listed' });
    expect(outcome.evidence.order_referring).toMatchObject({ release: '2025-11-20T00:00:00.000Z', says: 'not_listed' });
    expect(outcome.evidence.basis).toBe('enrollment_file');
  });

  it('is enrolled but may not order Part B with PARTB N', () => {
    const outcome = pecosOutcome(NPI, at, 'staff-1', evidence([ppefRow]), evidence([orderRow('N')]));
    expect([outcome.verified, outcome.can_order_part_b]).toEqual([true, false]);
  });

  it('is enrolled on an Order and Referring row alone: the newly enrolled, before the quarterly file lists them', () => {
    const outcome = pecosOutcome(NPI, at, 'staff-1', evidence([]), evidence([orderRow('Y')]));
    expect([outcome.verified, outcome.can_order_part_b]).toEqual([true, true]);
    expect(outcome.evidence).toMatchObject({ basis: 'order_referring', enrolled: true, enrollment: { says: 'not_listed' } });
  });

  it('is enrolled, without Part B, on an Order and Referring row with PARTB N', () => {
    const outcome = pecosOutcome(NPI, at, 'staff-1', evidence([]), evidence([orderRow('N')]));
    expect([outcome.verified, outcome.can_order_part_b, outcome.evidence.order_referring.says]).toEqual([true, false, 'no_part_b']);
  });

  it('is not enrolled when neither dataset lists the NPI', () => {
    const outcome = pecosOutcome(NPI, at, 'staff-1', evidence([]), evidence([]));
    expect([outcome.verified, outcome.can_order_part_b, outcome.evidence.basis]).toEqual([false, false, 'neither']);
  });

  it('may not order without an Order and Referring row', () => {
    expect(pecosOutcome(NPI, at, 'staff-1', evidence([ppefRow]), evidence([])).can_order_part_b).toBe(false);
  });
});
