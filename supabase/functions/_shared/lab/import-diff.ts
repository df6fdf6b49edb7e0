// What an import of reference data would do, item by item: added, changed (with the fields
// that differ), unchanged, removed (when the file is a whole release) or refused (with the
// reason, by line). The compendium, ICD-10-CM and NCD imports all report in this one shape,
// so the import page shows one kind of report and the server records one kind of summary.
import { stableStringify } from '../stable-json.ts';

export const IMPORT_OUTCOMES = ['added', 'changed', 'unchanged', 'removed', 'refused'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

export interface ImportReportRow {
  /** 1-based line of the file (for a CSV, the header is line 1); null for a removal. */
  line: number | null;
  /** The item's key (order code, ICD-10-CM code, NCD id), when it could be read. */
  key: string | null;
  outcome: ImportOutcome;
  /** Why a row was refused (each names what to fix). */
  reasons: string[];
  /** The fields a changed item changes. */
  fields: string[];
}

export interface ImportReport {
  /** Items (rows, lines) read from the file. */
  read: number;
  counts: Record<ImportOutcome, number>;
  /** Every row but the unchanged ones (counted only), in file order, removals last. */
  rows: ImportReportRow[];
  /** Why the file as a whole cannot be applied (nothing changes); null when it can. */
  blocked: string | null;
}

export interface DiffOptions<T> {
  key: (item: T) => string;
  /** The fields compared (and reported when they differ). */
  fields: ReadonlyArray<keyof T & string>;
  /** A whole release: current items the file does not list are removed. */
  removeMissing: boolean;
}

export interface Incoming<T> {
  line: number;
  item: T;
}

export interface DiffResult<T> {
  rows: ImportReportRow[];
  /** Items to write (added and changed). */
  writes: T[];
  /** Keys to remove. */
  removals: string[];
}

/**
 * Compares values as JSON with sorted keys, so lists and nested objects compare by content
 * (the stored side comes back from jsonb, which orders keys its own way).
 */
export function sameValue(a: unknown, b: unknown): boolean {
  return stableStringify(a) === stableStringify(b);
}

/** Diffs valid incoming items (keys unique) against the current ones. */
export function diffByKey<T extends object>(current: readonly T[], incoming: ReadonlyArray<Incoming<T>>, options: DiffOptions<T>): DiffResult<T> {
  const existing = new Map(current.map((item) => [options.key(item), item]));
  const seen = new Set<string>();
  const rows: ImportReportRow[] = [];
  const writes: T[] = [];
  for (const { line, item } of incoming) {
    const key = options.key(item);
    seen.add(key);
    const before = existing.get(key);
    if (before === undefined) {
      rows.push({ line, key, outcome: 'added', reasons: [], fields: [] });
      writes.push(item);
      continue;
    }
    const fields = options.fields.filter((field) => !sameValue((before as T)[field], item[field]));
    if (fields.length === 0) {
      rows.push({ line, key, outcome: 'unchanged', reasons: [], fields: [] });
    } else {
      rows.push({ line, key, outcome: 'changed', reasons: [], fields });
      writes.push(item);
    }
  }
  const removals = options.removeMissing ? [...existing.keys()].filter((key) => !seen.has(key)) : [];
  for (const key of removals) rows.push({ line: null, key, outcome: 'removed', reasons: [], fields: [] });
  return { rows, writes, removals };
}

/** The report of a diff plus the refused rows: counts, and every row but the unchanged. */
export function importReport(read: number, diffRows: readonly ImportReportRow[], refused: readonly ImportReportRow[], blocked: string | null = null): ImportReport {
  const all = [...diffRows, ...refused];
  const counts = Object.fromEntries(IMPORT_OUTCOMES.map((outcome) => [outcome, 0])) as Record<ImportOutcome, number>;
  for (const row of all) counts[row.outcome] += 1;
  const listed = all
    .filter((row) => row.outcome !== 'unchanged')
    .sort((a, b) => (a.line ?? Number.MAX_SAFE_INTEGER) - (b.line ?? Number.MAX_SAFE_INTEGER) || String(a.key).localeCompare(String(b.key)));
  return { read, counts, rows: listed, blocked };
}

/** A refused row of the report. */
export function refusedRow(line: number | null, key: string | null, reasons: readonly string[]): ImportReportRow {
  return { line, key, outcome: 'refused', reasons: [...reasons], fields: [] };
}

/** True when applying the report would change anything. */
export function reportChangesSomething(report: ImportReport): boolean {
  return report.blocked === null && report.counts.added + report.counts.changed + report.counts.removed > 0;
}
