// verify-npi: looks an NPI up in the NPPES registry (API v2.1) for a staff member and
// answers the spec's NPI verification result. Every registry answer that holds the NPI's
// record is kept in nppes_lookups: a provider's nppes_data counts as verified registry
// data only when it is one of these (the database refuses anything else, migration
// 20261125100001), so the create flow stores what this function saw, not what a client says. The check digit is validated before any
// network call; registry trouble (timeout, 5xx, broken body) answers non-2xx so the client
// shows its checklist, while what the registry says about the NPI (unknown or deactivated,
// wrong type, no primary taxonomy, no practice address) comes back as validation_errors.
import { emptyResult, isNppesProblem, normaliseNppesAnswer, nppesLookupUrl, type NpiType } from '../_shared/nppes.ts';
import { npiProblem } from '../_shared/npi.ts';
import { fetchRegistryJson, type RegistryFetchResult } from '../_shared/registry-fetch.ts';
import { json } from '../_shared/http.ts';
import { createHandler, type FunctionContext } from '../_shared/serve.ts';
import type { SupabaseClient } from '../_shared/supabase.ts';

type RegistryFailure = Extract<RegistryFetchResult, { ok: false }>;

async function verifyNpi({ body, caller, config, service }: FunctionContext): Promise<Response> {
  const npi = typeof body.npi === 'string' ? body.npi.trim() : '';
  const problem = npiProblem(body.npi);
  if (problem) return failure(400, 'invalid_npi', npi, problem, [problem]);

  const type: unknown = body.type ?? 'individual';
  if (type !== 'individual' && type !== 'organization') {
    return failure(
      400,
      'invalid_type',
      npi,
      "The NPI type must be 'individual' (Type 1) or 'organization' (Type 2).",
    );
  }

  const answer = await fetchRegistryJson(nppesLookupUrl(config.nppesApiUrl, npi), {
    timeoutMs: config.registryTimeoutMs,
    retries: 1,
    retryDelayMs: config.registryRetryDelayMs,
  });
  if (!answer.ok) return registryFailure(npi, answer);

  const result = normaliseNppesAnswer(answer.body, npi, type as NpiType);
  if (isNppesProblem(result)) {
    return failure(502, result.kind === 'rejected' ? 'registry_rejected' : 'registry_unreadable', npi, result.message);
  }
  if (result.enumeration_type !== null) {
    const recorded = await recordLookup(service, npi, result.nppes_data, caller.id);
    if (!recorded) {
      return failure(503, 'lookup_not_recorded', npi, 'The registry answered, but its answer could not be recorded. Please try again.');
    }
  }
  return json(200, result);
}

/** Keep the registry's answer (once per distinct answer) as the evidence a provider's nppes_data is checked against. */
async function recordLookup(service: SupabaseClient, npi: string, nppesData: unknown, callerId: string): Promise<boolean> {
  const { error } = await service.from('nppes_lookups').insert({ npi, nppes_data: nppesData, looked_up_by: callerId });
  if (error && error.code !== '23505') {
    console.error('verify-npi: recording the registry answer failed', error);
    return false;
  }
  return true;
}

function registryFailure(npi: string, answer: RegistryFailure): Response {
  switch (answer.reason) {
    case 'timeout':
      return failure(504, 'registry_timeout', npi, 'The NPPES registry request timed out. Please try again later.');
    case 'network':
      return failure(502, 'registry_unreachable', npi, `Could not reach the NPPES registry (${answer.detail}).`);
    case 'http':
      return failure(502, 'registry_error', npi, `The NPPES registry returned an error (HTTP ${answer.status ?? 'unknown'}).`);
    case 'malformed':
    case 'empty':
      return failure(502, 'registry_unreadable', npi, `Failed to process the NPPES registry response (${answer.detail}).`);
  }
}

/** Every answer keeps the result's shape, so the client reads `error` the same way on any status. */
function failure(status: number, code: string, npi: string, message: string, validationErrors: string[] = []): Response {
  return json(status, { ...emptyResult(npi), validation_errors: validationErrors, error: message, code });
}

Deno.serve(
  createHandler({
    name: 'verify-npi',
    access: 'staff',
    forbiddenMessage: 'Only staff members can verify NPIs.',
    handle: verifyNpi,
  }),
);
