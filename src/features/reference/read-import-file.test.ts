import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { numberCsvRows, planCompendiumImport } from '../../lib/lab/compendium-import.ts';
import { planIcd10cmImport } from '../../lib/lab/icd10cm-import.ts';
import { demoCompendium } from '../../../supabase/seed/reference/demo-compendium.ts';
import { demoIcd10cm } from '../../../supabase/seed/reference/demo-icd10cm.ts';
import { parseCsvText } from './read-import-file.ts';

describe('parseCsvText', () => {
  it('reads the header (trimmed, lower case) and the records, skipping blank lines and a byte-order mark', () => {
    expect(parseCsvText('\uFEFFCode , Name\nGLU,"Glucose, serum"\n\n')).toEqual({
      ok: true,
      file: { kind: 'csv', header: ['code', 'name'], rows: [{ code: 'GLU', name: 'Glucose, serum' }] },
    });
  });

  it('refuses an empty file and an unreadable one', () => {
    expect(parseCsvText('')).toEqual({ ok: false, message: 'The file is empty: its first row must name the columns.' });
    const broken = parseCsvText('code,name\nGLU,"Glucose\n');
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.message).toMatch(/^The file is not a readable CSV: /);
  });

  it('reads the e2e fixture into three additions, one change and two refused rows against the seed', () => {
    const read = parseCsvText(fs.readFileSync('e2e/fixtures/compendium-two-bad-rows.csv', 'utf8'));
    if (!read.ok || read.file.kind !== 'csv') throw new Error('the fixture is not a CSV');
    const plan = planCompendiumImport(read.file.header, numberCsvRows(read.file.rows), demoCompendium());
    expect(plan.report.counts).toEqual({ added: 3, changed: 1, unchanged: 0, removed: 0, refused: 2 });
    expect(plan.report.rows.filter((row) => row.outcome === 'refused').map((row) => [row.line, row.key, row.reasons])).toEqual([
      [5, 'COPPER', ['cpt_codes: “8252” is not a CPT or HCPCS code (five characters: five digits, four digits and a letter, or a letter and four digits).']],
      [6, 'SELEN', ['container: required.', 'transport_temperature: “warm” is not one of ambient, refrigerated, frozen.']],
    ]);
  });

  it('reads the e2e order file into three new codes against the seed', () => {
    const plan = planIcd10cmImport(fs.readFileSync('e2e/fixtures/icd10cm-order-demo.txt', 'utf8'), demoIcd10cm().map((code) => [code.code, code.billable ? 1 : 0, code.short, code.long]), 'update');
    expect(plan.report.counts).toEqual({ added: 3, changed: 0, unchanged: 2, removed: 0, refused: 0 });
  });
});
