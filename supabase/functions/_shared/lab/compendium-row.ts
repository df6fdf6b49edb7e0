// One row of a test-compendium CSV, checked with valibot: the file's columns, what each
// cell may hold, and the test it describes. Every message names its column, so the import
// report can say exactly what to fix in the spreadsheet. Pure: the import page checks a
// file for its preview, and the reference-import function checks it again on the server.
//
// Cells: lists (cpt_codes, panel_members) are separated by semicolons; yes/no cells take
// Y/N, yes/no, true/false or 1/0 (is_panel defaults to N, active to Y); questions is a JSON
// array of {code, text, type, required, choices}; the critical range is two numbers and a
// unit, either end may be empty.
import * as v from 'valibot';
import { loincProblem, procedureCodeProblem } from './codes.ts';
import {
  ANSWER_TYPES,
  TRANSPORT_TEMPERATURES,
  type CompendiumTest,
  type CriticalRange,
  type OrderQuestion,
  type TransportTemperature,
} from './reference-types.ts';

export const COMPENDIUM_COLUMNS = [
  'code',
  'name',
  'loinc',
  'specimen_type',
  'container',
  'volume',
  'transport_temperature',
  'stability',
  'cpt_codes',
  'turnaround',
  'is_panel',
  'panel_members',
  'active',
  'questions',
  'critical_low',
  'critical_high',
  'critical_unit',
] as const;
export type CompendiumColumn = (typeof COMPENDIUM_COLUMNS)[number];

/** A CSV row as the parser gives it: header name → cell text. */
export type CsvRecord = Readonly<Record<string, string | undefined>>;

export const ORDER_CODE = /^[A-Z0-9][A-Z0-9_-]{0,19}$/;
const QUESTION_CODE = /^[A-Z0-9][A-Z0-9_-]{0,29}$/;

const YES = new Set(['y', 'yes', 'true', '1']);
const NO = new Set(['n', 'no', 'false', '0']);

const TEMPERATURE_WORDS: Readonly<Record<string, TransportTemperature>> = {
  ambient: 'ambient',
  'room temperature': 'ambient',
  refrigerated: 'refrigerated',
  frozen: 'frozen',
};

function cell(record: CsvRecord, column: CompendiumColumn): string {
  return (record[column] ?? '').trim();
}

function text(column: CompendiumColumn, options: { required: boolean; max: number }) {
  return v.pipe(
    v.string(),
    v.check((value) => !options.required || value !== '', `${column}: required.`),
    v.check((value) => value.length <= options.max, `${column}: at most ${options.max} characters.`),
  );
}

function yesNo(column: CompendiumColumn, empty: boolean) {
  return v.pipe(
    v.string(),
    v.check((value) => value === '' || YES.has(value.toLowerCase()) || NO.has(value.toLowerCase()), (issue) =>
      `${column}: “${String(issue.input)}” is not yes or no (Y/N, yes/no, true/false, 1/0).`,
    ),
    v.transform((value) => (value === '' ? empty : YES.has(value.toLowerCase()))),
  );
}

function codeList(column: CompendiumColumn, problem: (code: string) => string | null) {
  return v.pipe(
    v.string(),
    v.transform((value) => value.split(';').map((item) => item.trim().toUpperCase()).filter((item) => item !== '')),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const seen = new Set<string>();
      for (const code of dataset.value) {
        const wrong = problem(code);
        if (wrong) addIssue({ message: `${column}: ${wrong}` });
        else if (seen.has(code)) addIssue({ message: `${column}: “${code}” is listed twice.` });
        seen.add(code);
      }
    }),
  );
}

function optionalNumber(column: CompendiumColumn) {
  return v.pipe(
    v.string(),
    v.check((value) => value === '' || Number.isFinite(Number(value)), (issue) => `${column}: “${String(issue.input)}” is not a number.`),
    v.transform((value) => (value === '' ? null : Number(value))),
  );
}

const questionSchema = v.pipe(
  v.object(
    {
      code: v.pipe(
        v.string('code must be text'),
        v.trim(),
        v.transform((value) => value.toUpperCase()),
        v.regex(QUESTION_CODE, (issue) => `code “${String(issue.input)}” must be 1 to 30 letters, digits, - or _`),
      ),
      text: v.pipe(v.string('text must be text'), v.trim(), v.nonEmpty('text is required'), v.maxLength(200, 'text has at most 200 characters')),
      type: v.picklist(ANSWER_TYPES, (issue) => `type must be one of ${ANSWER_TYPES.join(', ')}, not ${JSON.stringify(issue.input)}`),
      required: v.optional(v.boolean('required must be true or false'), false),
      choices: v.optional(v.array(v.pipe(v.string('each choice must be text'), v.trim(), v.nonEmpty('a choice is empty')), 'choices must be a list'), []),
    },
    // Also the message of a missing key (the issue's path names it).
    (issue) => {
      const key = issue.path?.[0]?.key;
      return typeof key === 'string' ? `${key} is required` : `each question must be an object, not ${JSON.stringify(issue.input)}`;
    },
  ),
  v.check((question) => question.type !== 'choice' || question.choices.length >= 2, 'a choice question needs at least two choices'),
  v.check((question) => question.type === 'choice' || question.choices.length === 0, 'only a choice question has choices'),
  v.check((question) => new Set(question.choices).size === question.choices.length, 'a choice is listed twice'),
);

/** Reads the questions cell: the JSON array, or what is wrong with it (one message per problem). */
export function parseQuestionsCell(raw: string): { ok: true; questions: OrderQuestion[] } | { ok: false; reasons: string[] } {
  if (raw === '') return { ok: true, questions: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { ok: false, reasons: ['questions: not valid JSON (a list such as [{"code":"FASTING","text":"Fasting?","type":"yes-no","required":true}]).'] };
  }
  if (!Array.isArray(parsed)) return { ok: false, reasons: ['questions: must be a JSON list of questions.'] };
  const reasons: string[] = [];
  const questions: OrderQuestion[] = [];
  parsed.forEach((item, index) => {
    const result = v.safeParse(questionSchema, item);
    if (result.success) questions.push(result.output);
    else for (const issue of result.issues) reasons.push(`questions: question ${index + 1}: ${issue.message}.`);
  });
  const codes = questions.map((question) => question.code);
  const twice = codes.find((code, index) => codes.indexOf(code) !== index);
  if (twice !== undefined) reasons.push(`questions: the code ${twice} is used by two questions.`);
  return reasons.length > 0 ? { ok: false, reasons } : { ok: true, questions };
}

const rowSchema = v.pipe(
  v.object({
    code: v.pipe(
      v.string(),
      v.transform((value) => value.toUpperCase()),
      v.check((value) => value !== '', 'code: required.'),
      v.check((value) => value === '' || ORDER_CODE.test(value), (issue) =>
        `code: “${String(issue.input)}” must be 1 to 20 letters, digits, - or _ (starting with a letter or digit).`,
      ),
    ),
    name: text('name', { required: true, max: 200 }),
    loinc: v.pipe(
      v.string(),
      v.rawCheck(({ dataset, addIssue }) => {
        const problem = dataset.typed && dataset.value !== '' ? loincProblem(dataset.value) : null;
        if (problem) addIssue({ message: `loinc: ${problem}` });
      }),
      v.transform((value) => (value === '' ? null : value)),
    ),
    specimen_type: text('specimen_type', { required: true, max: 100 }),
    container: text('container', { required: true, max: 100 }),
    volume: text('volume', { required: false, max: 100 }),
    transport_temperature: v.pipe(
      v.string(),
      v.transform((value) => value.toLowerCase()),
      v.check((value) => value in TEMPERATURE_WORDS, (issue) =>
        `transport_temperature: “${String(issue.input)}” is not one of ${TRANSPORT_TEMPERATURES.join(', ')}.`,
      ),
      v.transform((value) => TEMPERATURE_WORDS[value]!),
    ),
    stability: text('stability', { required: false, max: 200 }),
    cpt_codes: codeList('cpt_codes', procedureCodeProblem),
    turnaround: text('turnaround', { required: false, max: 100 }),
    is_panel: yesNo('is_panel', false),
    panel_members: codeList('panel_members', (code) =>
      ORDER_CODE.test(code) ? null : `“${code}” is not an order code.`,
    ),
    active: yesNo('active', true),
    critical_low: optionalNumber('critical_low'),
    critical_high: optionalNumber('critical_high'),
    critical_unit: text('critical_unit', { required: false, max: 40 }),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const row = dataset.value;
    if (!row.is_panel && row.cpt_codes.length === 0) addIssue({ message: 'cpt_codes: a test that is not a panel needs at least one CPT code.' });
    if (row.is_panel && row.panel_members.length === 0) addIssue({ message: 'panel_members: a panel needs at least one member.' });
    if (!row.is_panel && row.panel_members.length > 0) addIssue({ message: 'panel_members: only a panel (is_panel Y) has members.' });
    if (row.panel_members.includes(row.code)) addIssue({ message: 'panel_members: a panel cannot contain itself.' });
    const ranged = row.critical_low !== null || row.critical_high !== null;
    if (ranged && row.critical_unit === '') addIssue({ message: 'critical_unit: required with a critical range.' });
    if (!ranged && row.critical_unit !== '') addIssue({ message: 'critical_unit: given without critical_low or critical_high.' });
    if (row.critical_low !== null && row.critical_high !== null && row.critical_low >= row.critical_high) {
      addIssue({ message: 'critical_low: must be below critical_high.' });
    }
  }),
);

export type CompendiumRowResult = { ok: true; test: CompendiumTest } | { ok: false; code: string | null; reasons: string[] };

/** Checks one CSV row; a refused row lists every problem found, each naming its column. */
export function parseCompendiumRecord(record: CsvRecord): CompendiumRowResult {
  const values = Object.fromEntries(COMPENDIUM_COLUMNS.map((column) => [column, cell(record, column)]));
  const code = values.code === '' ? null : values.code!.toUpperCase();
  const result = v.safeParse(rowSchema, values);
  const questions = parseQuestionsCell(values.questions!);
  const reasons = [...(result.success ? [] : result.issues.map((issue) => issue.message)), ...(questions.ok ? [] : questions.reasons)];
  if (!result.success || !questions.ok || reasons.length > 0) return { ok: false, code, reasons };
  const row = result.output;
  const critical: CriticalRange | null =
    row.critical_low === null && row.critical_high === null ? null : { low: row.critical_low, high: row.critical_high, unit: row.critical_unit };
  return {
    ok: true,
    test: {
      code: row.code,
      name: row.name,
      loinc: row.loinc,
      specimen_type: row.specimen_type,
      container: row.container,
      volume: row.volume,
      transport_temperature: row.transport_temperature,
      stability: row.stability,
      cpt_codes: row.cpt_codes,
      turnaround: row.turnaround,
      is_panel: row.is_panel,
      panel_members: row.panel_members,
      active: row.active,
      questions: questions.questions,
      critical_range: critical,
    },
  };
}

/** The header's problems: required columns it lacks (a file without them changes nothing). */
export function compendiumHeaderProblems(header: readonly string[]): string[] {
  const present = new Set(header.map((name) => name.trim().toLowerCase()));
  const missing = COMPENDIUM_COLUMNS.filter((column) => !present.has(column));
  return missing.length === 0 ? [] : [`The file has no column ${missing.map((column) => `“${column}”`).join(', ')}: the first row must name the columns ${COMPENDIUM_COLUMNS.join(', ')}.`];
}

/** One test as a CSV record (the inverse of parseCompendiumRecord: fixtures, export and tests). */
export function compendiumRecord(test: CompendiumTest): Record<CompendiumColumn, string> {
  const yn = (value: boolean) => (value ? 'Y' : 'N');
  return {
    code: test.code,
    name: test.name,
    loinc: test.loinc ?? '',
    specimen_type: test.specimen_type,
    container: test.container,
    volume: test.volume,
    transport_temperature: test.transport_temperature,
    stability: test.stability,
    cpt_codes: test.cpt_codes.join(';'),
    turnaround: test.turnaround,
    is_panel: yn(test.is_panel),
    panel_members: test.panel_members.join(';'),
    active: yn(test.active),
    questions: test.questions.length === 0 ? '' : JSON.stringify(test.questions),
    critical_low: test.critical_range?.low === null || !test.critical_range ? '' : String(test.critical_range.low),
    critical_high: test.critical_range?.high === null || !test.critical_range ? '' : String(test.critical_range.high),
    critical_unit: test.critical_range?.unit ?? '',
  };
}
