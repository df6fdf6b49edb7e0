import { describe, expect, it } from 'vitest';
import { numberCsvRows, planCompendiumImport } from './compendium-import.ts';
import { COMPENDIUM_COLUMNS, compendiumRecord } from './compendium-row.ts';
import type { CompendiumTest } from './reference-types.ts';

function test(code: string, overrides: Partial<CompendiumTest> = {}): CompendiumTest {
  return {
    code,
    name: `Test ${code}`,
    loinc: null,
    specimen_type: 'Serum',
    container: 'SST',
    volume: '1 mL',
    transport_temperature: 'ambient',
    stability: '',
    cpt_codes: ['80000'],
    turnaround: '',
    is_panel: false,
    panel_members: [],
    active: true,
    questions: [],
    critical_range: null,
    ...overrides,
  };
}

const panel = (code: string, members: string[]) => test(code, { is_panel: true, cpt_codes: [], panel_members: members });
const header = [...COMPENDIUM_COLUMNS];
const rows = (...tests: Array<CompendiumTest | Record<string, string>>) =>
  numberCsvRows(tests.map((item) => ('is_panel' in item && typeof item.is_panel === 'boolean' ? compendiumRecord(item as CompendiumTest) : (item as Record<string, string>))));

describe('planCompendiumImport', () => {
  const current = [test('NA'), test('K'), test('CL')];

  it('adds new tests, changes changed ones and leaves the rest, numbering lines from 2', () => {
    const plan = planCompendiumImport(header, rows(test('NA'), test('K', { name: 'Potassium' }), test('GLU')), current);
    expect(plan.report).toEqual({
      read: 3,
      counts: { added: 1, changed: 1, unchanged: 1, removed: 0, refused: 0 },
      rows: [
        { line: 3, key: 'K', outcome: 'changed', reasons: [], fields: ['name'] },
        { line: 4, key: 'GLU', outcome: 'added', reasons: [], fields: [] },
      ],
      blocked: null,
    });
    expect(plan.writes.map((item) => item.code)).toEqual(['K', 'GLU']);
  });

  it('refuses bad rows with their reasons and applies the good ones', () => {
    const bad = { ...compendiumRecord(test('BAD1')), cpt_codes: '123' };
    const noName = { ...compendiumRecord(test('BAD2')), name: '' };
    const plan = planCompendiumImport(header, rows(test('GLU'), bad, noName), current);
    expect(plan.report.counts).toEqual({ added: 1, changed: 0, unchanged: 0, removed: 0, refused: 2 });
    expect(plan.report.rows).toEqual([
      { line: 2, key: 'GLU', outcome: 'added', reasons: [], fields: [] },
      {
        line: 3,
        key: 'BAD1',
        outcome: 'refused',
        reasons: ['cpt_codes: “123” is not a CPT or HCPCS code (five characters: five digits, four digits and a letter, or a letter and four digits).'],
        fields: [],
      },
      { line: 4, key: 'BAD2', outcome: 'refused', reasons: ['name: required.'], fields: [] },
    ]);
    expect(plan.writes.map((item) => item.code)).toEqual(['GLU']);
  });

  it('refuses an order code that is already on an earlier line', () => {
    const plan = planCompendiumImport(header, rows(test('GLU'), test('GLU', { name: 'Other' })), current);
    expect(plan.report.rows[1]).toEqual({ line: 3, key: 'GLU', outcome: 'refused', reasons: ['code: GLU is already on line 2.'], fields: [] });
    expect(plan.writes).toHaveLength(1);
  });

  it('also refuses a repeat of a code whose first row was refused', () => {
    const first = { ...compendiumRecord(test('GLU')), name: '' };
    const plan = planCompendiumImport(header, rows(first, test('GLU')), current);
    expect(plan.report.rows.map((row) => [row.line, row.outcome, row.reasons])).toEqual([
      [2, 'refused', ['name: required.']],
      [3, 'refused', ['code: GLU is already on line 2.']],
    ]);
  });

  it('accepts panels whose members are known or in the file', () => {
    const plan = planCompendiumImport(header, rows(panel('BMP', ['NA', 'K', 'GLU']), test('GLU')), current);
    expect(plan.report.counts.added).toBe(2);
    expect(plan.report.counts.refused).toBe(0);
  });

  it('refuses a panel whose member is unknown, a panel, or refused in this file', () => {
    const refusedMember = { ...compendiumRecord(test('CA')), container: '' };
    const plan = planCompendiumImport(
      header,
      rows(panel('P1', ['NA', 'XYZ']), panel('P2', ['NA', 'BMP']), panel('BMP', ['NA']), refusedMember, panel('P3', ['CA'])),
      current,
    );
    expect(plan.report.rows).toEqual([
      { line: 2, key: 'P1', outcome: 'refused', reasons: ['panel_members: XYZ is not a test of the compendium or of this file.'], fields: [] },
      { line: 3, key: 'P2', outcome: 'refused', reasons: ['panel_members: BMP is itself a panel (panels hold tests, not panels).'], fields: [] },
      { line: 4, key: 'BMP', outcome: 'added', reasons: [], fields: [] },
      { line: 5, key: 'CA', outcome: 'refused', reasons: ['container: required.'], fields: [] },
      { line: 6, key: 'P3', outcome: 'refused', reasons: ['panel_members: CA was refused on line 5.'], fields: [] },
    ]);
    expect(plan.writes.map((item) => item.code)).toEqual(['BMP']);
  });

  it('blocks a file without the required columns, or without rows', () => {
    const missing = planCompendiumImport(['code', 'name'], rows(test('GLU')), current);
    expect(missing.report.blocked).toMatch(/^The file has no column “loinc”, “specimen_type”/);
    expect(missing.writes).toEqual([]);
    const empty = planCompendiumImport(header, [], current);
    expect(empty.report).toEqual({
      read: 0,
      counts: { added: 0, changed: 0, unchanged: 0, removed: 0, refused: 0 },
      rows: [],
      blocked: 'The file has no test rows under its header.',
    });
  });
});
