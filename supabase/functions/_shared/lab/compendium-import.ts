// Plans a compendium import: every CSV row checked (compendium-row.ts), then the rules that
// span rows (an order code once per file; a panel's members exist, are not panels, and
// were not refused), then the diff against the current compendium. Tests the file does not
// list stay as they are (a test is retired with active N). Rows are numbered as the
// spreadsheet shows them: the header is line 1, the first test line 2.
import { compendiumHeaderProblems, parseCompendiumRecord, type CsvRecord } from './compendium-row.ts';
import { diffByKey, importReport, refusedRow, type ImportReport } from './import-diff.ts';
import type { CompendiumTest } from './reference-types.ts';

export interface CsvRow {
  /** 1-based line of the file. */
  line: number;
  record: CsvRecord;
}

export interface CompendiumImportPlan {
  report: ImportReport;
  /** Tests to write (added and changed), complete. */
  writes: CompendiumTest[];
}

export const COMPENDIUM_FIELDS = [
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
  'critical_range',
] as const satisfies ReadonlyArray<keyof CompendiumTest>;

/** CSV rows as a header and records → lines numbered from 2. */
export function numberCsvRows(records: readonly CsvRecord[]): CsvRow[] {
  return records.map((record, index) => ({ line: index + 2, record }));
}

export function planCompendiumImport(header: readonly string[], rows: readonly CsvRow[], current: readonly CompendiumTest[]): CompendiumImportPlan {
  const headerProblems = compendiumHeaderProblems(header);
  if (headerProblems.length > 0) {
    return { report: importReport(rows.length, [], [], headerProblems.join(' ')), writes: [] };
  }
  if (rows.length === 0) {
    return { report: importReport(0, [], [], 'The file has no test rows under its header.'), writes: [] };
  }

  const refused = new Map<number, { key: string | null; reasons: string[] }>();
  const valid: Array<{ line: number; item: CompendiumTest }> = [];
  const lineOfCode = new Map<string, number>();
  for (const { line, record } of rows) {
    const parsed = parseCompendiumRecord(record);
    if (!parsed.ok) {
      refused.set(line, { key: parsed.code, reasons: parsed.reasons });
      if (parsed.code !== null && !lineOfCode.has(parsed.code)) lineOfCode.set(parsed.code, line);
      continue;
    }
    const earlier = lineOfCode.get(parsed.test.code);
    if (earlier !== undefined) {
      refused.set(line, { key: parsed.test.code, reasons: [`code: ${parsed.test.code} is already on line ${earlier}.`] });
      continue;
    }
    lineOfCode.set(parsed.test.code, line);
    valid.push({ line, item: parsed.test });
  }

  // Panels: every member must be a test that is not a panel, in this file or already known.
  const known = new Map<string, CompendiumTest>(current.map((test) => [test.code, test]));
  for (const { item } of valid) known.set(item.code, item);
  const accepted = valid.filter(({ line, item }) => {
    if (!item.is_panel) return true;
    const reasons: string[] = [];
    for (const member of item.panel_members) {
      const refusedLine = lineOfCode.get(member);
      if (refusedLine !== undefined && refused.has(refusedLine)) {
        reasons.push(`panel_members: ${member} was refused on line ${refusedLine}.`);
        continue;
      }
      const test = known.get(member);
      if (!test) reasons.push(`panel_members: ${member} is not a test of the compendium or of this file.`);
      else if (test.is_panel) reasons.push(`panel_members: ${member} is itself a panel (panels hold tests, not panels).`);
    }
    if (reasons.length > 0) refused.set(line, { key: item.code, reasons });
    return reasons.length === 0;
  });

  const diff = diffByKey(current, accepted, { key: (test) => test.code, fields: COMPENDIUM_FIELDS, removeMissing: false });
  const refusedRows = [...refused].map(([line, { key, reasons }]) => refusedRow(line, key, reasons));
  return { report: importReport(rows.length, diff.rows, refusedRows), writes: diff.writes };
}
