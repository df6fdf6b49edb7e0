// Plans an import of Medicare's lab NCDs from the documented CSV mapping of CMS's quarterly
// release (docs/reference-data.md): one row per code of an NCD's list, plus frequency rows.
//
//   ncd_id, ncd_title, list, code, max_count, months, note
//
// list is one of
//   hcpcs            a CPT/HCPCS code the NCD governs ("HCPCS Codes")
//   covered          an ICD-10-CM code that supports medical necessity ("ICD-10-CM Codes
//                    Covered by Medicare Program")
//   does_not_support an ICD-10-CM code that does not (190.15 blood counts lists these
//                    instead: "ICD-10-CM Codes That Do Not Support Medical Necessity")
//   non_covered      an ICD-10-CM code never covered ("ICD-10-CM Codes Denied", and the
//                    codes non-covered for all lab NCDs): the claim carries GY
//   frequency        a frequency limit: at most max_count services of code (empty: any code
//                    of the NCD) within months months, in the NCD's words (note)
//
// The NCDs in the file replace those NCDs entirely; NCDs the file does not list stay. An
// NCD with a refused row is not imported at all (a list missing a code would deny or allow
// the wrong tests).
import { procedureCodeProblem } from './codes.ts';
import { isIcd10cmCode, normalizeIcd10cm } from './icd10cm.ts';
import { diffByKey, importReport, refusedRow, type ImportReport, type ImportReportRow } from './import-diff.ts';
import type { CsvRecord } from './compendium-row.ts';
import type { CsvRow } from './compendium-import.ts';
import type { FrequencyLimit, NcdPolicy } from './reference-types.ts';

export const NCD_COLUMNS = ['ncd_id', 'ncd_title', 'list', 'code', 'max_count', 'months', 'note'] as const;
export const NCD_LISTS = ['hcpcs', 'covered', 'does_not_support', 'non_covered', 'frequency'] as const;
export type NcdList = (typeof NCD_LISTS)[number];

/** The laboratory NCDs of the Medicare NCD Manual: 190.12 to 190.34. */
const LAB_NCD_ID = /^190\.(1[2-9]|2\d|3[0-4])$/;

export interface NcdRow {
  ncd_id: string;
  title: string;
  list: NcdList;
  code: string;
  max_count: number | null;
  months: number | null;
  note: string;
}

export interface NcdImportPlan {
  report: ImportReport;
  writes: NcdPolicy[];
}

function cell(record: CsvRecord, column: (typeof NCD_COLUMNS)[number]): string {
  return (record[column] ?? '').trim();
}

function wholeNumber(text: string, min: number, max: number): number | null {
  if (!/^\d+$/.test(text)) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
}

/** One CSV row: the row, or every problem found (each naming its column). */
export function parseNcdRecord(record: CsvRecord): { ok: true; row: NcdRow } | { ok: false; key: string | null; reasons: string[] } {
  const ncdId = cell(record, 'ncd_id');
  const list = cell(record, 'list').toLowerCase();
  const rawCode = cell(record, 'code');
  const maxText = cell(record, 'max_count');
  const monthsText = cell(record, 'months');
  const reasons: string[] = [];
  if (!LAB_NCD_ID.test(ncdId)) reasons.push(`ncd_id: “${ncdId}” is not a laboratory NCD (190.12 to 190.34).`);
  const isList = (NCD_LISTS as readonly string[]).includes(list);
  if (!isList) reasons.push(`list: “${list}” is not one of ${NCD_LISTS.join(', ')}.`);
  let code = rawCode.toUpperCase();
  if (list === 'hcpcs' || (list === 'frequency' && code !== '')) {
    const problem = procedureCodeProblem(code);
    if (problem) reasons.push(`code: ${problem}`);
  } else if (isList && list !== 'frequency') {
    if (code === '') reasons.push('code: required.');
    else if (!isIcd10cmCode(code)) reasons.push(`code: “${rawCode}” is not an ICD-10-CM code.`);
    else code = normalizeIcd10cm(code);
  }
  let maxCount: number | null = null;
  let months: number | null = null;
  if (list === 'frequency') {
    maxCount = wholeNumber(maxText, 1, 365);
    months = wholeNumber(monthsText, 1, 120);
    if (maxCount === null) reasons.push(`max_count: “${maxText}” is not a whole number from 1 to 365.`);
    if (months === null) reasons.push(`months: “${monthsText}” is not a whole number of months from 1 to 120.`);
  } else if (isList && (maxText !== '' || monthsText !== '')) {
    reasons.push('max_count and months: only a frequency row has them.');
  }
  if (reasons.length > 0) return { ok: false, key: LAB_NCD_ID.test(ncdId) ? ncdId : null, reasons };
  return {
    ok: true,
    row: { ncd_id: ncdId, title: cell(record, 'ncd_title'), list: list as NcdList, code, max_count: maxCount, months, note: cell(record, 'note') },
  };
}

export function ncdHeaderProblems(header: readonly string[]): string[] {
  const present = new Set(header.map((name) => name.trim().toLowerCase()));
  const missing = NCD_COLUMNS.filter((column) => !present.has(column));
  return missing.length === 0 ? [] : [`The file has no column ${missing.map((column) => `“${column}”`).join(', ')}: the first row must name the columns ${NCD_COLUMNS.join(', ')}.`];
}

/** Builds one NCD from its rows, or says why it cannot be built. */
function buildPolicy(id: string, rows: ReadonlyArray<{ line: number; row: NcdRow }>): { ok: true; policy: NcdPolicy } | { ok: false; reasons: string[] } {
  const reasons: string[] = [];
  const titles = [...new Set(rows.map(({ row }) => row.title).filter((title) => title !== ''))];
  if (titles.length === 0) reasons.push(`NCD ${id} has no ncd_title on any row.`);
  if (titles.length > 1) reasons.push(`NCD ${id} has different titles: ${titles.map((title) => `“${title}”`).join(', ')}.`);
  // Sorted as the database sorts them (collation C), so an unchanged NCD compares equal.
  const codesOf = (list: NcdList) => rows.filter(({ row }) => row.list === list).map(({ row }) => row.code).sort();
  const codes = codesOf('hcpcs');
  const covered = codesOf('covered');
  const notSupporting = codesOf('does_not_support');
  if (codes.length === 0) reasons.push(`NCD ${id} lists no hcpcs code (the tests it governs).`);
  if (covered.length > 0 && notSupporting.length > 0) {
    reasons.push(`NCD ${id} lists both covered and does_not_support codes: an NCD has one of the two lists.`);
  }
  if (covered.length === 0 && notSupporting.length === 0) reasons.push(`NCD ${id} lists neither covered nor does_not_support codes.`);
  const frequency: FrequencyLimit[] = rows
    .filter(({ row }) => row.list === 'frequency')
    .map(({ row }) => ({ codes: row.code === '' ? [] : [row.code], max: row.max_count!, months: row.months!, note: row.note }));
  for (const limit of frequency) {
    for (const code of limit.codes) if (!codes.includes(code)) reasons.push(`NCD ${id}: the frequency limit names ${code}, which the NCD does not govern.`);
  }
  if (reasons.length > 0) return { ok: false, reasons };
  return {
    ok: true,
    policy: {
      id,
      title: titles[0]!,
      codes,
      list_kind: covered.length > 0 ? 'covered' : 'does_not_support',
      diagnoses: covered.length > 0 ? covered : notSupporting,
      non_covered: codesOf('non_covered'),
      frequency,
    },
  };
}

const POLICY_FIELDS = ['title', 'codes', 'list_kind', 'diagnoses', 'non_covered', 'frequency'] as const;

export function planNcdImport(header: readonly string[], rows: readonly CsvRow[], current: readonly NcdPolicy[]): NcdImportPlan {
  const headerProblems = ncdHeaderProblems(header);
  if (headerProblems.length > 0) return { report: importReport(rows.length, [], [], headerProblems.join(' ')), writes: [] };
  if (rows.length === 0) return { report: importReport(0, [], [], 'The file has no rows under its header.'), writes: [] };

  const refused: ImportReportRow[] = [];
  const byNcd = new Map<string, Array<{ line: number; row: NcdRow }>>();
  const refusedLines = new Map<string, number[]>();
  const seen = new Map<string, number>();
  for (const { line, record } of rows) {
    const parsed = parseNcdRecord(record);
    if (!parsed.ok) {
      refused.push(refusedRow(line, parsed.key, parsed.reasons));
      if (parsed.key) refusedLines.set(parsed.key, [...(refusedLines.get(parsed.key) ?? []), line]);
      continue;
    }
    const { row } = parsed;
    const identity = `${row.ncd_id}|${row.list}|${row.code}`;
    const earlier = seen.get(identity);
    if (earlier !== undefined && row.list !== 'frequency') {
      refused.push(refusedRow(line, row.ncd_id, [`${row.list} ${row.code} of NCD ${row.ncd_id} is already on line ${earlier}.`]));
      refusedLines.set(row.ncd_id, [...(refusedLines.get(row.ncd_id) ?? []), line]);
      continue;
    }
    seen.set(identity, line);
    byNcd.set(row.ncd_id, [...(byNcd.get(row.ncd_id) ?? []), { line, row }]);
  }

  const accepted: Array<{ line: number; item: NcdPolicy }> = [];
  const ids = [...new Set([...byNcd.keys(), ...refusedLines.keys()])].sort();
  for (const id of ids) {
    const ncdRows = byNcd.get(id) ?? [];
    const firstLine = Math.min(...ncdRows.map(({ line }) => line), ...(refusedLines.get(id) ?? []));
    const bad = refusedLines.get(id);
    if (bad) {
      const lines = bad.length === 1 ? `line ${bad[0]} was` : `lines ${bad.join(', ')} were`;
      refused.push(refusedRow(firstLine, id, [`NCD ${id} is not imported: ${lines} refused.`]));
      continue;
    }
    const built = buildPolicy(id, ncdRows);
    if (!built.ok) refused.push(refusedRow(firstLine, id, built.reasons));
    else accepted.push({ line: firstLine, item: built.policy });
  }
  const diff = diffByKey(current, accepted, { key: (policy) => policy.id, fields: POLICY_FIELDS, removeMissing: false });
  return { report: importReport(rows.length, diff.rows, refused), writes: diff.writes };
}
