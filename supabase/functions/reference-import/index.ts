// reference-import: an admin imports a file of reference data (admins only). The file is
// checked here with the same rules as the import page's preview (_shared/lab), compared
// with the published version, and applied in one transaction by
// public.apply_reference_import under the admin's own token (which checks the role again
// and records who did it). A file that cannot be applied changes nothing.
//
// POST {
//   data_set: 'compendium' | 'icd10cm' | 'ncd',
//   release: string,              the name of what is published (e.g. "FY2026")
//   file_name?: string,
//   dry_run?: boolean,            true: only report what would happen
//   expected_version?: number,    the version the preview was compared with
//   mode?: 'update' | 'release',  ICD-10-CM: a whole release removes unlisted codes
//   text?: string,                ICD-10-CM: the order file's text
//   header?: string[], rows?: Array<Record<string, string>>   CSV: the header and records
// }
// → 200 { report, version, applied }   (version: the published version after the call)
import { planCompendiumImport, numberCsvRows } from '../_shared/lab/compendium-import.ts';
import { ICD10CM_IMPORT_MODES, planIcd10cmImport, type Icd10cmImportMode } from '../_shared/lab/icd10cm-import.ts';
import { reportChangesSomething, type ImportReport } from '../_shared/lab/import-diff.ts';
import { planNcdImport } from '../_shared/lab/ncd-import.ts';
import { isReferenceDataSetName, type ReferenceAsset, type ReferenceDataSetName } from '../_shared/lab/reference-types.ts';
import { bearerToken } from '../_shared/caller.ts';
import { errorResponse, json } from '../_shared/http.ts';
import { createHandler, type FunctionContext } from '../_shared/serve.ts';
import { callerClient } from '../_shared/supabase.ts';

interface Plan {
  report: ImportReport;
  writes: unknown[];
  removals: string[];
}

type Read<T> = { ok: true; value: T } | { ok: false; response: Response };

function invalid(message: string): { ok: false; response: Response } {
  return { ok: false, response: errorResponse(400, 'invalid_request', message) };
}

function readCsv(body: Record<string, unknown>): Read<{ header: string[]; rows: Array<Record<string, string>> }> {
  const { header, rows } = body;
  if (!Array.isArray(header) || !header.every((name) => typeof name === 'string')) return invalid('header must be the list of the CSV columns.');
  if (!Array.isArray(rows) || !rows.every((row) => typeof row === 'object' && row !== null && !Array.isArray(row))) {
    return invalid('rows must be a list of CSV records (column → text).');
  }
  const records = (rows as Array<Record<string, unknown>>).map((row) =>
    Object.fromEntries(Object.entries(row).map(([key, value]) => [key, typeof value === 'string' ? value : value == null ? '' : String(value)])),
  );
  return { ok: true, value: { header: header as string[], rows: records } };
}

function plan(set: ReferenceDataSetName, body: Record<string, unknown>, asset: ReferenceAsset, mode: Icd10cmImportMode): Read<Plan> {
  if (set === 'icd10cm') {
    if (typeof body.text !== 'string') return invalid('text must be the order file’s text.');
    const current = (asset as ReferenceAsset<'icd10cm'>).data.codes;
    return { ok: true, value: planIcd10cmImport(body.text, current, mode) };
  }
  const csv = readCsv(body);
  if (!csv.ok) return csv;
  const rows = numberCsvRows(csv.value.rows);
  if (set === 'compendium') {
    const result = planCompendiumImport(csv.value.header, rows, (asset as ReferenceAsset<'compendium'>).data.tests);
    return { ok: true, value: { ...result, removals: [] } };
  }
  const result = planNcdImport(csv.value.header, rows, (asset as ReferenceAsset<'ncd'>).data.policies);
  return { ok: true, value: { ...result, removals: [] } };
}

async function referenceImport({ req, body, config, service }: FunctionContext): Promise<Response> {
  const set = body.data_set;
  if (!isReferenceDataSetName(set)) return errorResponse(400, 'invalid_request', 'data_set must be compendium, icd10cm or ncd.');
  const release = typeof body.release === 'string' ? body.release.trim() : '';
  if (release === '' || release.length > 100) return errorResponse(400, 'invalid_request', 'Name the release (1 to 100 characters), e.g. “FY2026” or “2026 Q1”.');
  const mode = body.mode ?? 'update';
  if (!(ICD10CM_IMPORT_MODES as readonly unknown[]).includes(mode) || (mode === 'release' && set !== 'icd10cm')) {
    return errorResponse(400, 'invalid_request', 'mode must be update, or release for ICD-10-CM.');
  }
  if (body.expected_version !== undefined && !Number.isInteger(body.expected_version)) {
    return errorResponse(400, 'invalid_request', 'expected_version must be a whole number.');
  }
  const fileName = typeof body.file_name === 'string' ? body.file_name.slice(0, 200) : '';

  const { data, error } = await service.from('reference_data_sets').select('version, asset').eq('name', set).single();
  if (error || !data) {
    console.error('reference-import: reading the published version failed', error);
    return errorResponse(503, 'reference_unavailable', 'The published reference data could not be read. Please try again.');
  }
  const published = data as { version: number; asset: ReferenceAsset };
  const planned = plan(set, body, published.asset, mode as Icd10cmImportMode);
  if (!planned.ok) return planned.response;
  const { report, writes, removals } = planned.value;
  const answer = (version: number, applied: boolean) => json(200, { report, version, applied });

  if (body.dry_run === true) return answer(published.version, false);
  if (body.expected_version !== undefined && body.expected_version !== published.version) {
    return errorResponse(409, 'version_changed', `The data changed since this file was checked (it is now version ${published.version}): check the file again.`, { version: published.version });
  }
  if (report.blocked) return errorResponse(422, 'file_refused', report.blocked, { report, version: published.version });
  if (!reportChangesSomething(report)) return answer(published.version, false);

  const client = callerClient(config, bearerToken(req)!);
  const applied = await client.rpc('apply_reference_import', {
    p_data_set: set,
    p_release: release,
    p_expected_version: published.version,
    p_file_name: fileName,
    p_mode: mode,
    p_writes: writes,
    p_removals: removals,
    p_counts: report.counts,
  });
  if (applied.error) {
    const { code, message } = applied.error;
    if (code === 'PT409') return errorResponse(409, 'version_changed', message);
    if (code === '42501') return errorResponse(403, 'forbidden', message);
    console.error('reference-import: applying failed', applied.error);
    return errorResponse(500, 'apply_failed', `The import could not be applied, and nothing changed (${message}).`);
  }
  return answer((applied.data as { version: number }).version, true);
}

Deno.serve(
  createHandler({
    name: 'reference-import',
    access: 'admin',
    forbiddenMessage: 'Only admins can import reference data.',
    handle: referenceImport,
  }),
);
