import { describe, expect, it } from 'vitest';
import { numberCsvRows } from './compendium-import.ts';
import { NCD_COLUMNS, ncdHeaderProblems, parseNcdRecord, planNcdImport } from './ncd-import.ts';
import type { NcdPolicy } from './reference-types.ts';

const header = [...NCD_COLUMNS];
type Row = Partial<Record<(typeof NCD_COLUMNS)[number], string>>;
const r = (ncd_id: string, list: string, code: string, extra: Row = {}): Row => ({ ncd_id, list, code, ...extra });

const A1C_ROWS: Row[] = [
  r('190.21', 'hcpcs', '83036', { ncd_title: 'Glycated Hemoglobin/Glycated Protein' }),
  r('190.21', 'hcpcs', '82985'),
  r('190.21', 'covered', 'E11.9'),
  r('190.21', 'covered', 'R73.09'),
  r('190.21', 'non_covered', 'Z00.00'),
  r('190.21', 'frequency', '83036', { max_count: '1', months: '3', note: 'Not more often than every three months' }),
];

const A1C: NcdPolicy = {
  id: '190.21',
  title: 'Glycated Hemoglobin/Glycated Protein',
  codes: ['82985', '83036'],
  list_kind: 'covered',
  diagnoses: ['E119', 'R7309'],
  non_covered: ['Z0000'],
  frequency: [{ codes: ['83036'], max: 1, months: 3, note: 'Not more often than every three months' }],
};

describe('parseNcdRecord', () => {
  it('reads each kind of row, normalizing ICD-10-CM codes', () => {
    expect(parseNcdRecord(r('190.15', 'does_not_support', 'z00.00 '))).toEqual({
      ok: true,
      row: { ncd_id: '190.15', title: '', list: 'does_not_support', code: 'Z0000', max_count: null, months: null, note: '' },
    });
    expect(parseNcdRecord(r('190.22', 'frequency', '', { max_count: '2', months: '12', note: 'Twice a year' }))).toEqual({
      ok: true,
      row: { ncd_id: '190.22', title: '', list: 'frequency', code: '', max_count: 2, months: 12, note: 'Twice a year' },
    });
    expect(parseNcdRecord(r('190.15', 'hcpcs', 'g0306'))).toMatchObject({ ok: true, row: { code: 'G0306' } });
  });

  it('refuses with every reason, naming the column', () => {
    expect(parseNcdRecord(r('190.99', 'covers', 'E11.9'))).toEqual({
      ok: false,
      key: null,
      reasons: ['ncd_id: “190.99” is not a laboratory NCD (190.12 to 190.34).', 'list: “covers” is not one of hcpcs, covered, does_not_support, non_covered, frequency.'],
    });
    expect(parseNcdRecord(r('190.21', 'hcpcs', '8303'))).toEqual({
      ok: false,
      key: '190.21',
      reasons: ['code: “8303” is not a CPT or HCPCS code (five characters: five digits, four digits and a letter, or a letter and four digits).'],
    });
    expect(parseNcdRecord(r('190.21', 'covered', ''))).toMatchObject({ reasons: ['code: required.'] });
    expect(parseNcdRecord(r('190.21', 'covered', 'E1'))).toMatchObject({ reasons: ['code: “E1” is not an ICD-10-CM code.'] });
    expect(parseNcdRecord(r('190.21', 'covered', 'E11.9', { max_count: '1' }))).toMatchObject({ reasons: ['max_count and months: only a frequency row has them.'] });
    expect(parseNcdRecord(r('190.21', 'frequency', '83036', { max_count: '0', months: 'three' }))).toMatchObject({
      reasons: ['max_count: “0” is not a whole number from 1 to 365.', 'months: “three” is not a whole number of months from 1 to 120.'],
    });
    expect(parseNcdRecord(r('190.21', 'frequency', 'ABC', { max_count: '1', months: '121' }))).toMatchObject({
      reasons: [
        'code: “ABC” is not a CPT or HCPCS code (five characters: five digits, four digits and a letter, or a letter and four digits).',
        'months: “121” is not a whole number of months from 1 to 120.',
      ],
    });
  });

  it('accepts the first and last lab NCDs only', () => {
    for (const id of ['190.12', '190.19', '190.20', '190.34']) expect(parseNcdRecord(r(id, 'hcpcs', '87086')).ok).toBe(true);
    for (const id of ['190.11', '190.35', '190.1', '190.120', '210.3']) expect(parseNcdRecord(r(id, 'hcpcs', '87086')).ok).toBe(false);
  });
});

describe('planNcdImport', () => {
  it('builds each NCD from its rows and adds it', () => {
    const plan = planNcdImport(header, numberCsvRows(A1C_ROWS), []);
    expect(plan.writes).toEqual([A1C]);
    expect(plan.report.rows).toEqual([{ line: 2, key: '190.21', outcome: 'added', reasons: [], fields: [] }]);
  });

  it('reports an NCD as changed with its changed fields, or unchanged', () => {
    const before: NcdPolicy = { ...A1C, diagnoses: ['E119'] };
    const plan = planNcdImport(header, numberCsvRows(A1C_ROWS), [before]);
    expect(plan.report.rows).toEqual([{ line: 2, key: '190.21', outcome: 'changed', reasons: [], fields: ['diagnoses'] }]);
    expect(planNcdImport(header, numberCsvRows(A1C_ROWS), [A1C]).report.counts.unchanged).toBe(1);
  });

  it('builds a does_not_support NCD (190.15)', () => {
    const rows = [r('190.15', 'hcpcs', '85025', { ncd_title: 'Blood Counts' }), r('190.15', 'does_not_support', 'Z00.00')];
    expect(planNcdImport(header, numberCsvRows(rows), []).writes).toEqual([
      { id: '190.15', title: 'Blood Counts', codes: ['85025'], list_kind: 'does_not_support', diagnoses: ['Z0000'], non_covered: [], frequency: [] },
    ]);
  });

  it('refuses a whole NCD when one of its rows is refused, and keeps the others', () => {
    const rows = [...A1C_ROWS, r('190.21', 'covered', 'E1'), r('190.31', 'hcpcs', '84153', { ncd_title: 'Prostate Specific Antigen' }), r('190.31', 'covered', 'R97.20')];
    const plan = planNcdImport(header, numberCsvRows(rows), []);
    expect(plan.writes.map((policy) => policy.id)).toEqual(['190.31']);
    expect(plan.report.rows).toEqual([
      { line: 2, key: '190.21', outcome: 'refused', reasons: ['NCD 190.21 is not imported: line 8 was refused.'], fields: [] },
      { line: 8, key: '190.21', outcome: 'refused', reasons: ['code: “E1” is not an ICD-10-CM code.'], fields: [] },
      { line: 9, key: '190.31', outcome: 'added', reasons: [], fields: [] },
    ]);
  });

  it('refuses a repeated row, naming the line of the first', () => {
    const plan = planNcdImport(header, numberCsvRows([...A1C_ROWS, r('190.21', 'covered', 'E119'), r('190.21', 'covered', 'R73.09')]), []);
    expect(plan.report.rows).toEqual([
      { line: 2, key: '190.21', outcome: 'refused', reasons: ['NCD 190.21 is not imported: lines 8, 9 were refused.'], fields: [] },
      { line: 8, key: '190.21', outcome: 'refused', reasons: ['covered E119 of NCD 190.21 is already on line 4.'], fields: [] },
      { line: 9, key: '190.21', outcome: 'refused', reasons: ['covered R7309 of NCD 190.21 is already on line 5.'], fields: [] },
    ]);
  });

  it('refuses an NCD that cannot be built, with every reason', () => {
    const rows = [r('190.22', 'covered', 'E03.9'), r('190.22', 'does_not_support', 'Z00.00'), r('190.22', 'frequency', '84443', { max_count: '2', months: '12' })];
    expect(planNcdImport(header, numberCsvRows(rows), []).report.rows).toEqual([
      {
        line: 2,
        key: '190.22',
        outcome: 'refused',
        reasons: [
          'NCD 190.22 has no ncd_title on any row.',
          'NCD 190.22 lists no hcpcs code (the tests it governs).',
          'NCD 190.22 lists both covered and does_not_support codes: an NCD has one of the two lists.',
          'NCD 190.22: the frequency limit names 84443, which the NCD does not govern.',
        ],
        fields: [],
      },
    ]);
    const titles = [r('190.31', 'hcpcs', '84153', { ncd_title: 'PSA' }), r('190.31', 'hcpcs', '84154', { ncd_title: 'Prostate Specific Antigen' })];
    expect(planNcdImport(header, numberCsvRows(titles), []).report.rows[0]!.reasons).toEqual([
      'NCD 190.31 has different titles: “PSA”, “Prostate Specific Antigen”.',
      'NCD 190.31 lists neither covered nor does_not_support codes.',
    ]);
  });

  it('blocks a file without its columns or rows', () => {
    expect(ncdHeaderProblems(['ncd_id', 'list', 'code'])).toEqual([
      'The file has no column “ncd_title”, “max_count”, “months”, “note”: the first row must name the columns ncd_id, ncd_title, list, code, max_count, months, note.',
    ]);
    expect(planNcdImport(['ncd_id'], numberCsvRows(A1C_ROWS), []).report.blocked).toMatch(/^The file has no column “ncd_title”/);
    expect(planNcdImport(header, [], []).report.blocked).toBe('The file has no rows under its header.');
  });
});
