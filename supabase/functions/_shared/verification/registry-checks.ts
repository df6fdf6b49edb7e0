// The registry reads the verification functions share: one CMS dataset for an NPI (verify-pecos,
// reverify-providers) and both datasets into a PECOS outcome. A registry failure comes back
// as a status, a code and the message the client maps ('timed out', 'CMS API', 'Failed to
// process'): it is "could not verify", never "not enrolled". An empty 200 body is no rows.
import { cmsDatasetUrl, pecosOutcome, rowsForNpi, type DatasetEvidence, type PecosOutcome } from '../cms.ts';
import type { FunctionConfig } from '../env.ts';
import { fetchRegistryJson } from '../registry-fetch.ts';

export interface RegistryProblem {
  status: number;
  code: string;
  message: string;
}

export type DatasetRead = { ok: true; evidence: DatasetEvidence } | { ok: false; problem: RegistryProblem };
export type PecosCheck = { ok: true; outcome: PecosOutcome } | { ok: false; problem: RegistryProblem };

export async function readDataset(config: FunctionConfig, datasetId: string, npi: string, label: string): Promise<DatasetRead> {
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

/** Both CMS datasets for the NPI: with either missing nothing is concluded. */
export async function checkPecos(config: FunctionConfig, npi: string, checkedBy: string): Promise<PecosCheck> {
  const [enrollment, orderReferring] = await Promise.all([
    readDataset(config, config.ppefDatasetId, npi, 'PECOS enrollment'),
    readDataset(config, config.orderReferringDatasetId, npi, 'Order and Referring'),
  ]);
  if (!enrollment.ok) return enrollment;
  if (!orderReferring.ok) return orderReferring;
  return { ok: true, outcome: pecosOutcome(npi, new Date().toISOString(), checkedBy, enrollment.evidence, orderReferring.evidence) };
}

function fail(status: number, code: string, message: string): { ok: false; problem: RegistryProblem } {
  return { ok: false, problem: { status, code, message } };
}
