/**
 * The first step of the bulk provider import (issue 33): a CSV of NPIs, with an optional
 * organization account number, email and phone, read (papaparse) and every row checked
 * before anything is looked up or created: the NPI's own rule (the server's `npiProblem`,
 * so the browser and verify-npi say the same), the same NPI twice in the file, an NPI
 * already in the directory, an email the add-provider form would refuse, an account
 * number no organization has. Pure: the directory's NPIs and account numbers come in.
 */
import Papa from 'papaparse';
import { npiProblem } from '../../../supabase/functions/_shared/npi.ts';
import { INVALID_EMAIL_FORMAT, isValidEmail } from '../provider/form-fields.ts';

export const MAX_IMPORT_ROWS = 1000;

export type ImportColumn = 'npi' | 'account_number' | 'email' | 'phone';

/** Header names accepted for each column (compared lower-case, spaces and dashes as underscores). */
const COLUMN_NAMES: Readonly<Record<ImportColumn, readonly string[]>> = {
  npi: ['npi'],
  account_number: ['account_number', 'organization_account_number', 'account', 'account_no'],
  email: ['email', 'email_address'],
  phone: ['phone', 'phone_number', 'telephone'],
};

export const IMPORT_MESSAGES = {
  empty: 'The file is empty: its first row must name the columns (npi, and optionally account_number, email, phone).',
  noNpiColumn: 'The file has no npi column: its first row must name the columns (npi, and optionally account_number, email, phone).',
  tooMany: (rows: number) => `The file has ${rows} rows; import at most ${MAX_IMPORT_ROWS} at a time.`,
  unreadable: (detail: string) => `The file is not a readable CSV: ${detail}.`,
  duplicateInFile: (row: number) => `Same NPI as row ${row}.`,
  inDirectory: (name: string) => `Already in the directory: ${name}.`,
  unknownAccount: (account: string) => `No organization has the account number ${account}.`,
  invalidEmail: INVALID_EMAIL_FORMAT,
} as const;

export interface ImportRow {
  /** The line of the file (the header is line 1). */
  line: number;
  npi: string;
  account_number: string | null;
  email: string | null;
  phone: string | null;
  /** The organization the account number names, when it names one. */
  organization_id: string | null;
  problems: string[];
}

export type ImportFileRead = { ok: true; rows: ImportRow[]; ignoredColumns: string[] } | { ok: false; message: string };

export interface DirectoryFacts {
  /** NPI → the provider's name, for every provider already in the directory. */
  providersByNpi: ReadonlyMap<string, string>;
  /** Account number → organization id. */
  organizationsByAccount: ReadonlyMap<string, string>;
}

const headerKey = (name: string) => name.trim().toLowerCase().replace(/[\s-]+/g, '_');

function columnOf(header: string): ImportColumn | null {
  const key = headerKey(header);
  return (Object.keys(COLUMN_NAMES) as ImportColumn[]).find((column) => COLUMN_NAMES[column].includes(key)) ?? null;
}

export function readImportRows(text: string, directory: DirectoryFacts): ImportFileRead {
  const content = text.replace(/^\uFEFF/, '');
  if (content.trim() === '') return { ok: false, message: IMPORT_MESSAGES.empty };
  // Blank rows are dropped after reading, so that every row keeps its line in the file.
  const parsed = Papa.parse<Record<string, string>>(content, { header: true, skipEmptyLines: false });
  const fatal = parsed.errors.find((error) => error.type === 'Quotes');
  if (fatal) return { ok: false, message: IMPORT_MESSAGES.unreadable(`${fatal.message}${fatal.row === undefined ? '' : ` (row ${fatal.row + 2})`}`) };
  const headers = parsed.meta.fields ?? [];
  const mapping = new Map<ImportColumn, string>();
  const ignoredColumns: string[] = [];
  for (const header of headers) {
    const column = columnOf(header);
    if (column && !mapping.has(column)) mapping.set(column, header);
    else if (header.trim() !== '') ignoredColumns.push(header.trim());
  }
  if (!mapping.has('npi')) return { ok: false, message: IMPORT_MESSAGES.noNpiColumn };
  const records = parsed.data
    .map((record, index) => ({ record, line: index + 2 }))
    .filter(({ record }) => Object.values(record).some((value) => typeof value === 'string' && value.trim() !== ''));
  if (records.length > MAX_IMPORT_ROWS) return { ok: false, message: IMPORT_MESSAGES.tooMany(records.length) };

  const cell = (record: Record<string, string>, column: ImportColumn) => {
    const header = mapping.get(column);
    const value = header === undefined ? '' : (record[header] ?? '').trim();
    return value === '' ? null : value;
  };
  const firstLineOf = new Map<string, number>();
  const rows = records.map(({ record, line }): ImportRow => {
    const npi = cell(record, 'npi') ?? '';
    const row: ImportRow = { line, npi, account_number: cell(record, 'account_number'), email: cell(record, 'email'), phone: cell(record, 'phone'), organization_id: null, problems: [] };
    const npiIssue = npiProblem(npi);
    if (npiIssue) row.problems.push(npiIssue);
    else {
      const first = firstLineOf.get(npi);
      if (first !== undefined) row.problems.push(IMPORT_MESSAGES.duplicateInFile(first));
      else firstLineOf.set(npi, line);
      const existing = directory.providersByNpi.get(npi);
      if (existing !== undefined) row.problems.push(IMPORT_MESSAGES.inDirectory(existing));
    }
    if (row.email && !isValidEmail(row.email)) row.problems.push(IMPORT_MESSAGES.invalidEmail);
    if (row.account_number) {
      row.organization_id = directory.organizationsByAccount.get(row.account_number) ?? null;
      if (!row.organization_id) row.problems.push(IMPORT_MESSAGES.unknownAccount(row.account_number));
    }
    return row;
  });
  return { ok: true, rows, ignoredColumns };
}

/** The rows that may be imported, and how many were set aside. */
export function importSummary(rows: readonly ImportRow[]): { valid: number; withProblems: number } {
  const withProblems = rows.filter((row) => row.problems.length > 0).length;
  return { valid: rows.length - withProblems, withProblems };
}
