/**
 * The reference-import call (admins): check a file (dry run) or apply it. The file travels
 * as CSV records (compendium, NCDs) or as the order file's text (ICD-10-CM); the server
 * checks it again with the same rules and answers with its report.
 */
import type { ImportReport } from '../lab/import-diff.ts';
import type { ReferenceDataSetName } from '../lab/reference-types.ts';
import { failure, invokeFunction, type FunctionCallResult, type FunctionsInvoker } from './invoke.ts';

export type ReferenceImportFile =
  | { kind: 'csv'; header: string[]; rows: Array<Record<string, string>> }
  | { kind: 'text'; text: string };

export interface ReferenceImportRequest {
  dataSet: ReferenceDataSetName;
  release: string;
  fileName: string;
  file: ReferenceImportFile;
  dryRun: boolean;
  /** The version the preview was checked against (apply only). */
  expectedVersion?: number;
  /** ICD-10-CM: 'release' removes the codes the file does not list. */
  mode?: 'update' | 'release';
}

export interface ReferenceImportAnswer {
  report: ImportReport;
  /** The published version after the call. */
  version: number;
  applied: boolean;
}

export async function referenceImport(invoker: FunctionsInvoker, request: ReferenceImportRequest): Promise<FunctionCallResult<ReferenceImportAnswer>> {
  const file = request.file.kind === 'csv' ? { header: request.file.header, rows: request.file.rows } : { text: request.file.text };
  const answer = await invokeFunction(invoker, 'reference-import', {
    data_set: request.dataSet,
    release: request.release,
    file_name: request.fileName,
    dry_run: request.dryRun,
    mode: request.mode ?? 'update',
    ...(request.expectedVersion === undefined ? {} : { expected_version: request.expectedVersion }),
    ...file,
  });
  if (!answer.ok) return answer;
  const data = answer.data as Partial<ReferenceImportAnswer> | null;
  if (!data || typeof data.version !== 'number' || typeof data.applied !== 'boolean' || !data.report) {
    return failure('permanent', 200, null, 'The reference-import function answered without a report.');
  }
  return { ok: true, data: data as ReferenceImportAnswer };
}
