// verify-pecos: checks a provider's Medicare enrollment (PECOS, the CMS PPEF dataset) and
// Part B ordering eligibility (the Order and Referring dataset) for staff, and records the
// outcome with its evidence on every provider row with that NPI unless skip_db_update.
// A registry outage answers non-2xx with a message the client maps ('timed out', 'CMS API',
// 'Failed to process'): it is "could not verify", never recorded as "not enrolled".
import { cmsDatasetUrl, pecosOutcome, rowsForNpi, type DatasetEvidence } from '../_shared/cms.ts';
import type { FunctionConfig } from '../_shared/env.ts';
import { errorResponse, json } from '../_shared/http.ts';
import { npiProblem } from '../_shared/npi.ts';
import { fetchRegistryJson } from '../_shared/registry-fetch.ts';
import { createHandler, type FunctionContext } from '../_shared/serve.ts';

type DatasetRead = { ok: true; evidence: DatasetEvidence } | { ok: false; response: Response };

async function verifyPecos({ body, caller, config, service }: FunctionContext): Promise<Response> {
  const problem = npiProblem(body.npi);
  if (problem) return errorResponse(400, 'invalid_npi', problem);
  const npi = (body.npi as string).trim();
  if (body.single_provider !== undefined && body.single_provider !== true) {
    return errorResponse(400, 'unsupported', 'Only single-provider verification (single_provider: true) is supported.');
  }
  if (body.skip_db_update !== undefined && typeof body.skip_db_update !== 'boolean') {
    return errorResponse(400, 'invalid_request', 'skip_db_update must be true or false.');
  }
  const skipDbUpdate = body.skip_db_update === true;

  const [enrollment, orderReferring] = await Promise.all([
    readDataset(config, config.ppefDatasetId, npi, 'PECOS enrollment'),
    readDataset(config, config.orderReferringDatasetId, npi, 'Order and Referring'),
  ]);
  // Both answers are needed: with either missing nothing is concluded and nothing is written.
  if (!enrollment.ok) return enrollment.response;
  if (!orderReferring.ok) return orderReferring.response;

  const outcome = pecosOutcome(npi, new Date().toISOString(), caller.id, enrollment.evidence, orderReferring.evidence);
  let updatedProviderIds: string[] | null = null;
  if (!skipDbUpdate) {
    const { data, error } = await service
      .from('providers')
      .update({
        pecos_verified: outcome.verified,
        pecos_verification_date: outcome.checked_at,
        pecos_verification_data: outcome.evidence,
        updated_at: outcome.checked_at,
      })
      .eq('npi', npi)
      .select('id');
    if (error) {
      console.error('verify-pecos: saving the result failed', error);
      return errorResponse(500, 'save_failed', 'The PECOS result could not be saved (HTTP 500). Please try again.');
    }
    updatedProviderIds = (data ?? []).map((row: { id: string }) => row.id);
  }
  return json(200, { ...outcome, updated_provider_ids: updatedProviderIds });
}

async function readDataset(config: FunctionConfig, datasetId: string, npi: string, label: string): Promise<DatasetRead> {
  const url = cmsDatasetUrl(config.cmsDataApiUrl, datasetId, npi);
  const answer = await fetchRegistryJson(url, {
    timeoutMs: config.registryTimeoutMs,
    retries: 1,
    retryDelayMs: config.registryRetryDelayMs,
    emptyBodyIsNoRows: true,
  });
  if (!answer.ok) {
    switch (answer.reason) {
      case 'timeout':
        return fail(504, 'registry_timeout', `The CMS ${label} request timed out. Please try again later.`);
      case 'network':
        return fail(502, 'registry_unreachable', `Could not reach the CMS API for ${label} data (${answer.detail}).`);
      case 'http':
        return fail(502, 'registry_error', `The CMS API returned an error for ${label} data (HTTP ${answer.status ?? 'unknown'}).`);
      case 'malformed':
      case 'empty':
        // Deliberately without the words "CMS API", so the client shows its 'Failed to process' text.
        return fail(502, 'registry_unreadable', `Failed to process the ${label} response from CMS (${answer.detail}).`);
    }
  }
  const rows = rowsForNpi(answer.body, npi);
  if (!rows) return fail(502, 'registry_unreadable', `Failed to process the ${label} response from CMS (not a list of rows).`);
  return { ok: true, evidence: { dataset_id: datasetId, url, rows, release: answer.lastModified ?? null } };
}

function fail(status: number, code: string, message: string): DatasetRead {
  return { ok: false, response: errorResponse(status, code, message) };
}

Deno.serve(
  createHandler({
    name: 'verify-pecos',
    access: 'staff',
    forbiddenMessage: 'Only staff members can verify PECOS enrollment.',
    handle: verifyPecos,
  }),
);
