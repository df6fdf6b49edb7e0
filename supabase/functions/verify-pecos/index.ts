// verify-pecos: checks a provider's Medicare enrollment (PECOS, the CMS PPEF dataset) and
// Part B ordering eligibility (the Order and Referring dataset) for staff, and records the
// outcome with its evidence on every provider row with that NPI unless skip_db_update.
// With skip_db_update (the add-provider lookup, before the provider exists) the outcome is
// kept in pecos_lookups instead: the provider inserted afterwards takes it (migration
// 20261206120000), so the check staff saw is the one the new provider shows.
// A registry outage answers non-2xx with a message the client maps ('timed out', 'CMS API',
// 'Failed to process'): it is "could not verify", never recorded as "not enrolled".
import { errorResponse, json } from '../_shared/http.ts';
import { npiProblem } from '../_shared/npi.ts';
import { createHandler, type FunctionContext } from '../_shared/serve.ts';
import { checkPecos } from '../_shared/verification/registry-checks.ts';

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

  // Both answers are needed: with either missing nothing is concluded and nothing is written.
  const check = await checkPecos(config, npi, caller.id);
  if (!check.ok) return errorResponse(check.problem.status, check.problem.code, check.problem.message);
  const { outcome } = check;
  let updatedProviderIds: string[] | null = null;
  if (skipDbUpdate) {
    const { error } = await service
      .from('pecos_lookups')
      .insert({ npi, verified: outcome.verified, checked_at: outcome.checked_at, evidence: outcome.evidence, looked_up_by: caller.id });
    // The answer is still right for the page that asked; the new provider then shows "Not verified".
    if (error) console.error('verify-pecos: keeping the check for a provider being added failed', error);
  } else {
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

Deno.serve(
  createHandler({
    name: 'verify-pecos',
    access: 'staff',
    forbiddenMessage: 'Only staff members can verify PECOS enrollment.',
    handle: verifyPecos,
  }),
);
