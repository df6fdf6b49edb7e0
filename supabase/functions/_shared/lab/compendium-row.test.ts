import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COMPENDIUM_COLUMNS,
  compendiumHeaderProblems,
  compendiumRecord,
  parseCompendiumRecord,
  parseQuestionsCell,
  type CsvRecord,
} from './compendium-row.ts';
import type { CompendiumTest } from './reference-types.ts';

const GLUCOSE: CompendiumTest = {
  code: 'GLU',
  name: 'Glucose, serum',
  loinc: '2345-7',
  specimen_type: 'Serum',
  container: 'Gold-top SST',
  volume: '1 mL',
  transport_temperature: 'refrigerated',
  stability: '7 days refrigerated',
  cpt_codes: ['82947'],
  turnaround: '1 day',
  is_panel: false,
  panel_members: [],
  active: true,
  questions: [{ code: 'FASTING', text: 'Is the patient fasting?', type: 'yes-no', required: true, choices: [] }],
  critical_range: { low: 40, high: 450, unit: 'mg/dL' },
};

const row = (overrides: Partial<Record<string, string>> = {}): CsvRecord => ({ ...compendiumRecord(GLUCOSE), ...overrides });
const reasonsOf = (record: CsvRecord) => {
  const result = parseCompendiumRecord(record);
  if (result.ok) throw new Error('expected the row to be refused');
  return result.reasons;
};

describe('parseCompendiumRecord', () => {
  it('reads a complete row into a test', () => {
    expect(parseCompendiumRecord(row())).toEqual({ ok: true, test: GLUCOSE });
  });

  it('trims cells, capitalizes codes and reads the yes/no spellings', () => {
    const result = parseCompendiumRecord(
      row({ code: ' glu ', cpt_codes: ' 82947 ; ', active: 'yes', is_panel: 'false', transport_temperature: 'Refrigerated', name: '  Glucose, serum ' }),
    );
    expect(result).toEqual({ ok: true, test: GLUCOSE });
    for (const [value, expected] of [['Y', true], ['true', true], ['1', true], ['N', false], ['no', false], ['0', false], ['', true]] as const) {
      expect(parseCompendiumRecord(row({ active: value }))).toMatchObject({ ok: true, test: { active: expected } });
    }
  });

  it('accepts room temperature as ambient, and empty optional cells', () => {
    const result = parseCompendiumRecord(
      row({ transport_temperature: 'Room temperature', loinc: '', volume: '', stability: '', turnaround: '', questions: '', critical_low: '', critical_high: '', critical_unit: '' }),
    );
    expect(result).toEqual({
      ok: true,
      test: { ...GLUCOSE, transport_temperature: 'ambient', loinc: null, volume: '', stability: '', turnaround: '', questions: [], critical_range: null },
    });
  });

  it('keeps an open-ended critical range', () => {
    expect(parseCompendiumRecord(row({ critical_low: '', critical_high: '500' }))).toMatchObject({
      ok: true,
      test: { critical_range: { low: null, high: 500, unit: 'mg/dL' } },
    });
  });

  it('names every column that is wrong', () => {
    expect(
      reasonsOf(row({ code: '', name: '', specimen_type: '', container: '', cpt_codes: '8294', loinc: '2345-8', transport_temperature: 'warm', active: 'maybe' })),
    ).toEqual([
      'code: required.',
      'name: required.',
      'loinc: “2345-8” has a wrong check digit (2345-7 would be right).',
      'specimen_type: required.',
      'container: required.',
      'transport_temperature: “warm” is not one of ambient, refrigerated, frozen.',
      'cpt_codes: “8294” is not a CPT or HCPCS code (five characters: five digits, four digits and a letter, or a letter and four digits).',
      'active: “maybe” is not yes or no (Y/N, yes/no, true/false, 1/0).',
    ]);
  });

  it('returns the code of a refused row, when it has one', () => {
    expect(parseCompendiumRecord(row({ name: '' }))).toEqual({ ok: false, code: 'GLU', reasons: ['name: required.'] });
    expect(parseCompendiumRecord(row({ code: '' }))).toMatchObject({ ok: false, code: null });
  });

  it('refuses an order code of the wrong shape and overlong text', () => {
    expect(reasonsOf(row({ code: 'GLU COSE' }))).toEqual(['code: “GLU COSE” must be 1 to 20 letters, digits, - or _ (starting with a letter or digit).']);
    expect(reasonsOf(row({ name: 'x'.repeat(201) }))).toEqual(['name: at most 200 characters.']);
    expect(reasonsOf(row({ critical_unit: 'u'.repeat(41) }))).toEqual(['critical_unit: at most 40 characters.']);
  });

  it('refuses a CPT code listed twice', () => {
    expect(reasonsOf(row({ cpt_codes: '82947;82947' }))).toEqual(['cpt_codes: “82947” is listed twice.']);
  });

  it('needs a CPT code for a test and members for a panel', () => {
    expect(reasonsOf(row({ cpt_codes: '' }))).toEqual(['cpt_codes: a test that is not a panel needs at least one CPT code.']);
    expect(reasonsOf(row({ is_panel: 'Y' }))).toEqual(['panel_members: a panel needs at least one member.']);
    expect(reasonsOf(row({ panel_members: 'NA;K' }))).toEqual(['panel_members: only a panel (is_panel Y) has members.']);
    expect(reasonsOf(row({ is_panel: 'Y', panel_members: 'GLU;K' }))).toEqual(['panel_members: a panel cannot contain itself.']);
    expect(reasonsOf(row({ is_panel: 'Y', panel_members: 'NA;K K' }))).toEqual(['panel_members: “K K” is not an order code.']);
    expect(parseCompendiumRecord(row({ is_panel: 'Y', cpt_codes: '', panel_members: 'na; k' }))).toMatchObject({
      ok: true,
      test: { is_panel: true, cpt_codes: [], panel_members: ['NA', 'K'] },
    });
  });

  it('checks the critical range', () => {
    expect(reasonsOf(row({ critical_low: 'low' }))).toEqual(['critical_low: “low” is not a number.']);
    expect(reasonsOf(row({ critical_unit: '' }))).toEqual(['critical_unit: required with a critical range.']);
    expect(reasonsOf(row({ critical_low: '', critical_high: '' }))).toEqual(['critical_unit: given without critical_low or critical_high.']);
    expect(reasonsOf(row({ critical_low: '450', critical_high: '40' }))).toEqual(['critical_low: must be below critical_high.']);
    expect(reasonsOf(row({ critical_low: '40', critical_high: '40' }))).toEqual(['critical_low: must be below critical_high.']);
  });

  it('reports row problems and question problems together', () => {
    expect(reasonsOf(row({ name: '', questions: '[{}]' }))).toEqual([
      'name: required.',
      'questions: question 1: code is required.',
      'questions: question 1: text is required.',
      'questions: question 1: type is required.',
    ]);
  });

  it('reads back every test it writes', () => {
    const word = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ,()/-]{0,30}$/).map((text) => text.trim()).filter((text) => text !== '');
    const test = fc.record({
      code: fc.stringMatching(/^[A-Z0-9][A-Z0-9_-]{0,9}$/),
      name: word,
      loinc: fc.constantFrom(null, '2345-7', '718-7'),
      specimen_type: word,
      container: word,
      volume: fc.constantFrom('', '1 mL', '3 mL'),
      transport_temperature: fc.constantFrom('ambient' as const, 'refrigerated' as const, 'frozen' as const),
      stability: fc.constantFrom('', '7 days'),
      cpt_codes: fc.uniqueArray(fc.stringMatching(/^\d{5}$/), { minLength: 1, maxLength: 3 }),
      turnaround: fc.constantFrom('', 'Same day'),
      is_panel: fc.constant(false),
      panel_members: fc.constant([] as string[]),
      active: fc.boolean(),
      questions: fc.constantFrom([], GLUCOSE.questions, [{ code: 'SRC', text: 'Source', type: 'choice' as const, required: false, choices: ['Urine', 'Swab'] }]),
      critical_range: fc.constantFrom(null, { low: 2.8, high: 6.2, unit: 'mmol/L' }, { low: null, high: 20, unit: 'g/dL' }),
    });
    fc.assert(
      fc.property(test, (value) => {
        expect(parseCompendiumRecord(compendiumRecord(value))).toEqual({ ok: true, test: value });
      }),
    );
  });
});

describe('parseQuestionsCell', () => {
  it('reads a list of questions, with defaults for required and choices', () => {
    expect(parseQuestionsCell('[{"code":"lmp","text":" Last menstrual period ","type":"date"}]')).toEqual({
      ok: true,
      questions: [{ code: 'LMP', text: 'Last menstrual period', type: 'date', required: false, choices: [] }],
    });
    expect(parseQuestionsCell('')).toEqual({ ok: true, questions: [] });
    expect(parseQuestionsCell('[]')).toEqual({ ok: true, questions: [] });
  });

  it('says when the cell is not JSON or not a list', () => {
    expect(parseQuestionsCell('FASTING')).toEqual({
      ok: false,
      reasons: ['questions: not valid JSON (a list such as [{"code":"FASTING","text":"Fasting?","type":"yes-no","required":true}]).'],
    });
    expect(parseQuestionsCell('{"code":"X"}')).toEqual({ ok: false, reasons: ['questions: must be a JSON list of questions.'] });
  });

  it('names each wrong question by its place in the list', () => {
    const cell = JSON.stringify([
      { code: 'OK', text: 'Fine', type: 'text' },
      'FASTING',
      { code: 'SRC', text: 'Source', type: 'choice', choices: ['Urine'] },
      { code: 'N', text: 'Count', type: 'number', choices: ['1'] },
      { code: 'D', text: 'Pick', type: 'choice', choices: ['A', 'A'] },
      { code: 'B A D', text: '', type: 'yesno', required: 'yes', choices: [''] },
    ]);
    expect(parseQuestionsCell(cell)).toEqual({
      ok: false,
      reasons: [
        'questions: question 2: each question must be an object, not "FASTING".',
        'questions: question 3: a choice question needs at least two choices.',
        'questions: question 4: only a choice question has choices.',
        'questions: question 5: a choice is listed twice.',
        'questions: question 6: code “B A D” must be 1 to 30 letters, digits, - or _.',
        'questions: question 6: text is required.',
        'questions: question 6: type must be one of text, number, yes-no, choice, date, not "yesno".',
        'questions: question 6: required must be true or false.',
        'questions: question 6: a choice is empty.',
      ],
    });
  });

  it('refuses two questions with one code', () => {
    const cell = JSON.stringify([
      { code: 'SRC', text: 'Source', type: 'text' },
      { code: 'src', text: 'Site', type: 'text' },
    ]);
    expect(parseQuestionsCell(cell)).toEqual({ ok: false, reasons: ['questions: the code SRC is used by two questions.'] });
  });

  it('limits the text of a question and refuses a choices value that is not a list', () => {
    expect(parseQuestionsCell(JSON.stringify([{ code: 'Q', text: 'x'.repeat(201), type: 'text' }]))).toEqual({
      ok: false,
      reasons: ['questions: question 1: text has at most 200 characters.'],
    });
    expect(parseQuestionsCell(JSON.stringify([{ code: 'Q', text: 'Pick', type: 'choice', choices: 'A;B' }]))).toEqual({
      ok: false,
      reasons: ['questions: question 1: choices must be a list.'],
    });
  });
});

describe('the header', () => {
  it('accepts the columns in any order and case', () => {
    expect(compendiumHeaderProblems([...COMPENDIUM_COLUMNS].reverse().map((column) => column.toUpperCase()))).toEqual([]);
  });

  it('names the missing columns', () => {
    expect(compendiumHeaderProblems(COMPENDIUM_COLUMNS.filter((column) => column !== 'cpt_codes' && column !== 'questions'))).toEqual([
      `The file has no column “cpt_codes”, “questions”: the first row must name the columns ${COMPENDIUM_COLUMNS.join(', ')}.`,
    ]);
  });
});
