import { describe, expect, it } from 'vitest';
import { orderFileLine, type Icd10cmCode } from './icd10cm.ts';
import { planIcd10cmImport } from './icd10cm-import.ts';
import type { Icd10cmEntry } from './reference-types.ts';

const code = (value: string, billable: boolean, text: string, order: number): Icd10cmCode => ({ code: value, billable, short: text, long: text, order });
const file = (...codes: Icd10cmCode[]) => codes.map(orderFileLine).join('\n');

const current: Icd10cmEntry[] = [
  ['E11', 0, 'Type 2 diabetes mellitus', 'Type 2 diabetes mellitus'],
  ['E119', 1, 'Type 2 diabetes mellitus without complications', 'Type 2 diabetes mellitus without complications'],
  ['I10', 1, 'Essential (primary) hypertension', 'Essential (primary) hypertension'],
];

describe('planIcd10cmImport', () => {
  const release = file(
    code('E11', false, 'Type 2 diabetes mellitus', 1),
    code('E119', false, 'Type 2 diabetes mellitus without complications', 2),
    code('E1190', true, 'Type 2 diabetes mellitus without complications, new', 3),
  );

  it('adds, changes and, for a whole release, removes codes', () => {
    const plan = planIcd10cmImport(release, current, 'release');
    expect(plan.report).toEqual({
      read: 3,
      counts: { added: 1, changed: 1, unchanged: 1, removed: 1, refused: 0 },
      rows: [
        { line: 2, key: 'E119', outcome: 'changed', reasons: [], fields: ['billable'] },
        { line: 3, key: 'E1190', outcome: 'added', reasons: [], fields: [] },
        { line: null, key: 'I10', outcome: 'removed', reasons: [], fields: [] },
      ],
      blocked: null,
    });
    expect(plan.writes.map((item) => item.code)).toEqual(['E11', 'E119', 'E1190']);
    expect(plan.removals).toEqual(['I10']);
  });

  it('removes nothing in an update', () => {
    const plan = planIcd10cmImport(release, current, 'update');
    expect(plan.report.counts.removed).toBe(0);
    expect(plan.removals).toEqual([]);
    expect(plan.writes).toHaveLength(3);
  });

  it('applies the good lines of an update and refuses the bad ones', () => {
    const text = `${release}\n12345 E11.65  1 bad\n`;
    const plan = planIcd10cmImport(text, current, 'update');
    expect(plan.report.counts.refused).toBe(1);
    expect(plan.report.rows.at(-1)).toMatchObject({ line: 4, outcome: 'refused' });
    expect(plan.report.blocked).toBeNull();
    expect(plan.writes).toHaveLength(3);
  });

  it('applies nothing of a whole release with a refused line', () => {
    const text = `${release}\nnot a line of the order file`;
    const plan = planIcd10cmImport(text, current, 'release');
    expect(plan.report.blocked).toBe('A whole release is applied only when every line is read: fix the refused line, or import the file as an update.');
    expect(plan.writes).toEqual([]);
    expect(plan.removals).toEqual([]);
    const two = planIcd10cmImport(`${text}\nanother bad line`, current, 'release');
    expect(two.report.blocked).toBe('A whole release is applied only when every line is read: fix the 2 refused lines, or import the file as an update.');
  });

  it('blocks an empty file or one with no order-file line', () => {
    expect(planIcd10cmImport('\n\n', current, 'update').report).toEqual({
      read: 0,
      counts: { added: 0, changed: 0, unchanged: 0, removed: 0, refused: 0 },
      rows: [],
      blocked: 'The file is empty: choose CMS’s order file (icd10cm_order_YYYY.txt).',
    });
    const csv = planIcd10cmImport('code,name\nE119,Diabetes', current, 'update');
    expect(csv.report.blocked).toBe('No line of the file is in the order-file layout: choose CMS’s order file (icd10cm_order_YYYY.txt).');
    expect(csv.report.counts.refused).toBe(2);
    expect(csv.writes).toEqual([]);
  });
});
