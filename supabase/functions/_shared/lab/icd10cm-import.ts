// Plans an ICD-10-CM import from CMS's order file: the lines read (icd10cm.ts), then the
// diff against the codes in use. Two modes:
// - `release`: the file is a whole annual release; codes it does not list are removed. A
//   release with refused lines is not applied at all (a refused line would otherwise
//   remove a code that is still valid).
// - `update`: codes are added and changed, none removed.
// Every code read is written (its order number may have moved even when its text did not);
// the report counts a code as changed only when its flag or a description changed.
import { parseIcd10cmOrderFile, type Icd10cmCode } from './icd10cm.ts';
import { diffByKey, importReport, refusedRow, type ImportReport } from './import-diff.ts';
import type { Icd10cmEntry } from './reference-types.ts';

export const ICD10CM_IMPORT_MODES = ['release', 'update'] as const;
export type Icd10cmImportMode = (typeof ICD10CM_IMPORT_MODES)[number];

export interface Icd10cmImportPlan {
  report: ImportReport;
  /** Every code read, to write (insert or update). */
  writes: Icd10cmCode[];
  /** Codes to remove (release mode). */
  removals: string[];
}

const FIELDS = ['billable', 'short', 'long'] as const;

function fromEntry([code, billable, short, long]: Icd10cmEntry, order: number): Icd10cmCode {
  return { code, billable: billable === 1, short, long, order };
}

export function planIcd10cmImport(text: string, current: readonly Icd10cmEntry[], mode: Icd10cmImportMode): Icd10cmImportPlan {
  const parsed = parseIcd10cmOrderFile(text);
  const refused = parsed.refused.map((line) => refusedRow(line.line, line.key, [line.reason]));
  if (parsed.lines === 0) {
    return { report: importReport(0, [], [], 'The file is empty: choose CMS’s order file (icd10cm_order_YYYY.txt).'), writes: [], removals: [] };
  }
  if (parsed.codes.length === 0) {
    return {
      report: importReport(parsed.lines, [], refused, 'No line of the file is in the order-file layout: choose CMS’s order file (icd10cm_order_YYYY.txt).'),
      writes: [],
      removals: [],
    };
  }
  const existing = current.map((entry, index) => fromEntry(entry, index + 1));
  const incoming = parsed.codes.map((code, index) => ({ line: parsed.codeLines[index]!, item: code }));
  const diff = diffByKey(existing, incoming, { key: (code) => code.code, fields: FIELDS, removeMissing: mode === 'release' });
  const blocked =
    mode === 'release' && refused.length > 0
      ? `A whole release is applied only when every line is read: fix the ${refused.length === 1 ? 'refused line' : `${refused.length} refused lines`}, or import the file as an update.`
      : null;
  return { report: importReport(parsed.lines, diff.rows, refused, blocked), writes: blocked ? [] : parsed.codes, removals: blocked ? [] : diff.removals };
}
