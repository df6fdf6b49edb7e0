/**
 * The bulk import of a client's NPI list (issue 33) as data: one job per device, every
 * row of the file with its checks, its NPPES answer, its planned record ids and its
 * outcome. Kept whole in a local document after every step, so closing the page, a
 * reload or going offline loses nothing: the job resumes from the rows not yet done.
 * Pure: the page's hook does the calls and the writes, these functions say what is next.
 */
import Papa from 'papaparse';
import type { ImportRow } from '../../../lib/provider-import/import-rows.ts';
import type { StoredNpiVerification } from '../../../lib/provider-create/npi-verification.ts';

/** NPPES publishes no rate; one lookup every 250 ms stays well under what its API tolerates. */
export const NPPES_SPACING_MS = 250;

/** pending: waits for its NPPES lookup; ready: may be created; rejected: has problems; created; failed: the save was refused. */
export type RowStatus = 'pending' | 'ready' | 'rejected' | 'created' | 'failed';

export interface JobRow extends ImportRow {
  status: RowStatus;
  /** The registry's name for the NPI, once looked up. */
  legal_name: string | null;
  verification: StoredNpiVerification | null;
  /** Ids chosen when the file was read: a save interrupted by a reload is recognised, never repeated. */
  ids: { provider: string; membership: string; preferences: string };
  /** Why the save failed. */
  message: string | null;
}

/** lookup: NPPES answers are being fetched; preview: all answered, nothing created yet. */
export type JobPhase = 'lookup' | 'preview' | 'importing' | 'paused' | 'done';

export interface ImportJob {
  file_name: string;
  started_at: string;
  phase: JobPhase;
  /** The organization of rows without an account number. */
  default_organization_id: string | null;
  rows: JobRow[];
}

export const IMPORT_TEXTS = {
  title: 'Import Providers',
  description: 'Upload a CSV of NPIs (columns: npi, and optionally account_number, email, phone). Every row is checked and looked up in NPPES before anything is created.',
  fileLabel: 'CSV file of NPIs',
  lookupFailed: (message: string) => `NPPES lookup failed: ${message}`,
  validationIssue: (items: string[]) => `NPPES reports: ${items.join('; ')}`,
  notIndividual: 'The NPI is not an individual (Type 1) NPI.',
  noOrganization: 'Choose the organization for rows without an account number.',
  offlineLookup: 'You are offline: the NPPES lookups continue when the connection returns.',
} as const;

export function newJob(fileName: string, rows: readonly ImportRow[], newId: () => string, now: string): ImportJob {
  return {
    file_name: fileName,
    started_at: now,
    phase: rows.some((row) => row.problems.length === 0) ? 'lookup' : 'preview',
    default_organization_id: null,
    rows: rows.map((row) => ({
      ...row,
      status: row.problems.length > 0 ? 'rejected' : 'pending',
      legal_name: null,
      verification: null,
      ids: { provider: newId(), membership: newId(), preferences: newId() },
      message: null,
    })),
  };
}

export type LookupAnswer =
  | { kind: 'verified'; result: StoredNpiVerification & { legal_name?: string | null; enumeration_type?: string | null } }
  | { kind: 'refused'; message: string };

/** The row after its NPPES answer: ready, or rejected with the registry's reason. */
export function withLookup(row: JobRow, answer: LookupAnswer): JobRow {
  if (answer.kind === 'refused') return { ...row, status: 'rejected', problems: [...row.problems, IMPORT_TEXTS.lookupFailed(answer.message)] };
  const result = answer.result;
  const problems = [...row.problems];
  const issues = (result.validation_errors ?? []).filter((item) => item.trim() !== '');
  if (issues.length > 0) problems.push(IMPORT_TEXTS.validationIssue(issues));
  if (result.enumeration_type && result.enumeration_type !== 'NPI-1') problems.push(IMPORT_TEXTS.notIndividual);
  return { ...row, legal_name: result.legal_name ?? null, verification: result, problems, status: problems.length > 0 ? 'rejected' : 'ready' };
}

export function replaceRow(job: ImportJob, row: JobRow): ImportJob {
  const rows = job.rows.map((existing) => (existing.line === row.line ? row : existing));
  const next = { ...job, rows };
  if (next.phase === 'lookup' && !rows.some((entry) => entry.status === 'pending')) return { ...next, phase: 'preview' };
  if (next.phase === 'importing' && !rows.some((entry) => entry.status === 'ready')) return { ...next, phase: 'done' };
  return next;
}

/** Start, pause or resume the creations; starting with nothing to create is already done. */
export function withPhase(job: ImportJob, phase: JobPhase): ImportJob {
  if (phase === 'importing' && !job.rows.some((row) => row.status === 'ready')) return { ...job, phase: 'done' };
  return { ...job, phase };
}

export const nextToLookUp = (job: ImportJob): JobRow | null => (job.phase === 'lookup' ? (job.rows.find((row) => row.status === 'pending') ?? null) : null);
export const nextToCreate = (job: ImportJob): JobRow | null => (job.phase === 'importing' ? (job.rows.find((row) => row.status === 'ready') ?? null) : null);

/** The organization a row's provider joins, or null when none is known. */
export const organizationOf = (job: ImportJob, row: JobRow): string | null => row.organization_id ?? job.default_organization_id;

export function jobCounts(job: ImportJob) {
  const count = (status: RowStatus) => job.rows.filter((row) => row.status === status).length;
  return { total: job.rows.length, pending: count('pending'), ready: count('ready'), rejected: count('rejected'), created: count('created'), failed: count('failed') };
}

/** Creation's progress: rows done (created or failed) out of those that were to be created. */
export function creationProgress(job: ImportJob): { done: number; of: number } {
  const { ready, created, failed } = jobCounts(job);
  return { done: created + failed, of: ready + created + failed };
}

/** The per-row report as CSV: every line of the file, what became of it and why. */
export function reportCsv(job: ImportJob): string {
  const header = ['line', 'npi', 'name', 'result', 'provider_id', 'problems'];
  const result: Record<RowStatus, string> = { pending: 'not looked up', ready: 'not imported', rejected: 'skipped', created: 'created', failed: 'failed' };
  const data = job.rows.map((row) => [
      String(row.line),
      row.npi,
      row.legal_name ?? '',
      result[row.status],
      row.status === 'created' ? row.ids.provider : '',
      [...row.problems, ...(row.message ? [row.message] : [])].join(' | '),
    ]);
  return Papa.unparse({ fields: header, data }, { newline: '\r\n' });
}
