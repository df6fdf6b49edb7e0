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

  it('reads [] as no match', () => {
    expect(rowsForNpi([], NPI)).toEqual([]);
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
      enrollment: evidence([ppefRow], 'ppef'),
      order_referring: evidence([orderRow('Y')], 'or'),
    });
  });

  it('is enrolled but may not order Part B with PARTB N', () => {
    const outcome = pecosOutcome(NPI, at, 'staff-1', evidence([ppefRow]), evidence([orderRow('N')]));
    expect([outcome.verified, outcome.can_order_part_b]).toEqual([true, false]);
  });

  it('is not enrolled without a PPEF row, whatever Order and Referring says', () => {
    const outcome = pecosOutcome(NPI, at, 'staff-1', evidence([]), evidence([orderRow('Y')]));
    expect([outcome.verified, outcome.can_order_part_b]).toEqual([false, true]);
  });

  it('may not order without an Order and Referring row', () => {
    expect(pecosOutcome(NPI, at, 'staff-1', evidence([ppefRow]), evidence([])).can_order_part_b).toBe(false);
  });
});
