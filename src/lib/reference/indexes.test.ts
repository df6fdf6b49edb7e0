import { describe, expect, it } from 'vitest';
import type { CompendiumTest, NcdPolicy } from '../lab/reference-types.ts';
import { buildCompendiumIndex } from './compendium-index.ts';
import { buildIcd10cmIndex } from './icd10cm-index.ts';
import { buildNcdIndex } from './ncd-index.ts';

const icd = buildIcd10cmIndex({
  codes: [
    ['E11', 0, 'Type 2 diabetes mellitus', 'Type 2 diabetes mellitus'],
    ['E116', 0, 'Type 2 diabetes mellitus with other specified complications', 'Type 2 diabetes mellitus with other specified complications'],
    ['E1165', 1, 'Type 2 diabetes mellitus with hyperglycemia', 'Type 2 diabetes mellitus with hyperglycemia'],
    ['E119', 1, 'Type 2 diabetes mellitus without complications', 'Type 2 diabetes mellitus without complications'],
    ['I10', 1, 'Essential (primary) hypertension', 'Essential (primary) hypertension'],
    ['Z0000', 1, 'Encntr for general adult medical exam w/o abnormal findings', 'Encounter for general adult medical examination without abnormal findings'],
  ],
});

describe('the ICD-10-CM index', () => {
  it('finds codes by prefix, with or without the dot, the exact code first and billable before headers', () => {
    expect(icd.search('E11').map((item) => item.dotted)).toEqual(['E11', 'E11.65', 'E11.9', 'E11.6']);
    expect(icd.search('e11.6').map((item) => item.dotted)).toEqual(['E11.6', 'E11.65']);
    expect(icd.search('E119').map((item) => item.dotted)).toEqual(['E11.9']);
    expect(icd.search('E12')).toEqual([]);
  });

  it('finds codes by every word of the query, billable first', () => {
    expect(icd.search('diabetes without').map((item) => item.code)).toEqual(['E119']);
    expect(icd.search('Diabetes').map((item) => item.code)).toEqual(['E1165', 'E119', 'E11', 'E116']);
    expect(icd.search('adult examination').map((item) => item.code)).toEqual(['Z0000']);
    expect(icd.search('hypertension (primary)').map((item) => item.code)).toEqual(['I10']);
    expect(icd.search('   ')).toEqual([]);
  });

  it('limits the results', () => {
    expect(icd.search('diabetes', 2)).toHaveLength(2);
    expect(icd.search('E1', 1).map((item) => item.code)).toEqual(['E1165']);
  });

  it('lets only billable codes be chosen, and lists those under a header', () => {
    expect(icd.isChoosable('E11.9')).toBe(true);
    expect(icd.isChoosable('E11')).toBe(false);
    expect(icd.isChoosable('X99')).toBe(false);
    expect(icd.billableUnder('E11').map((item) => item.dotted)).toEqual(['E11.65', 'E11.9']);
    expect(icd.billableUnder('E11.6').map((item) => item.dotted)).toEqual(['E11.65']);
    expect(icd.billableUnder('I10').map((item) => item.dotted)).toEqual(['I10']);
  });

  it('knows a code and its header', () => {
    expect(icd.get('e11.65')).toEqual({
      code: 'E1165',
      dotted: 'E11.65',
      billable: true,
      short: 'Type 2 diabetes mellitus with hyperglycemia',
      long: 'Type 2 diabetes mellitus with hyperglycemia',
    });
    expect(icd.parentOf('E11.65')?.code).toBe('E116');
    expect(icd.parentOf('E11.9')?.code).toBe('E11');
    expect(icd.parentOf('E11')).toBeNull();
    expect(icd.size).toBe(6);
  });
});

function test(code: string, name: string, overrides: Partial<CompendiumTest> = {}): CompendiumTest {
  return {
    code, name, loinc: null, specimen_type: 'Serum', container: 'SST', volume: '', transport_temperature: 'ambient', stability: '',
    cpt_codes: ['80000'], turnaround: '', is_panel: false, panel_members: [], active: true, questions: [], critical_range: null, ...overrides,
  };
}

const FASTING = { code: 'FASTING', text: 'Fasting?', type: 'yes-no' as const, required: false, choices: [] };
const compendium = buildCompendiumIndex({
  tests: [
    test('GLU', 'Glucose', { loinc: '2345-7', cpt_codes: ['82947'], questions: [{ ...FASTING, required: true }] }),
    test('LIPID', 'Lipid panel', { is_panel: true, cpt_codes: ['80061'], panel_members: ['CHOL', 'TRIG', 'GONE'], questions: [FASTING] }),
    test('CHOL', 'Cholesterol, total', { cpt_codes: ['82465'] }),
    test('TRIG', 'Triglycerides', { cpt_codes: ['84478'], questions: [{ code: 'HOURS', text: 'Hours since eating', type: 'number', required: false, choices: [] }] }),
    test('OLD', 'Old glucose test', { active: false, cpt_codes: ['82947'] }),
  ],
});

describe('the compendium index', () => {
  it('lists active tests by name and finds them by name, code, LOINC or CPT', () => {
    expect(compendium.search('').map((item) => item.code)).toEqual(['CHOL', 'GLU', 'LIPID', 'TRIG']);
    expect(compendium.search('glucose').map((item) => item.code)).toEqual(['GLU']);
    expect(compendium.search('glucose', { includeInactive: true }).map((item) => item.code)).toEqual(['GLU', 'OLD']);
    expect(compendium.search('2345-7').map((item) => item.code)).toEqual(['GLU']);
    expect(compendium.search('82465').map((item) => item.code)).toEqual(['CHOL']);
    expect(compendium.search('lipid panel').map((item) => item.code)).toEqual(['LIPID']);
    expect(compendium.search('', { limit: 1 })).toHaveLength(1);
  });

  it('puts the exact order code first', () => {
    const index = buildCompendiumIndex({ tests: [test('TRIGX', 'A trig test'), test('TRIG', 'Z trig test')] });
    expect(index.search('trig').map((item) => item.code)).toEqual(['TRIG', 'TRIGX']);
  });

  it('gives a panel’s members and the questions of a set of tests, each once', () => {
    expect(compendium.get(' lipid ')?.name).toBe('Lipid panel');
    expect(compendium.get('NOPE')).toBeNull();
    expect(compendium.members('LIPID').map((item) => item.code)).toEqual(['CHOL', 'TRIG']);
    expect(compendium.members('GLU')).toEqual([]);
    expect(compendium.questionsFor(['LIPID', 'GLU', 'NOPE'])).toEqual([
      { ...FASTING, required: true, tests: ['LIPID', 'GLU'] },
      { code: 'HOURS', text: 'Hours since eating', type: 'number', required: false, choices: [], tests: ['LIPID'] },
    ]);
  });
});

describe('the NCD index', () => {
  const a1c: NcdPolicy = {
    id: '190.21', title: 'Glycated Hemoglobin/Glycated Protein', codes: ['83036'], list_kind: 'covered', diagnoses: ['E119'], non_covered: [], frequency: [],
  };
  const ncd = buildNcdIndex({ policies: [a1c] });

  it('names the NCD of a CPT code and checks medical necessity with its version', () => {
    expect(ncd.forCode(' 83036 ')).toEqual([a1c]);
    expect(ncd.forCode('80053')).toEqual([]);
    expect(ncd.get('190.21')).toBe(a1c);
    expect(ncd.get('190.99')).toBeNull();
    const [result] = ncd.check({ tests: [{ code: 'A1C', cpt_codes: ['83036'] }], diagnoses: ['E11.9'], priorServices: [], dateOfService: '2026-05-01' });
    expect(result!.status).toBe('supported');
  });
});
