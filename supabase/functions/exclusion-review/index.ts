// exclusion-review: staff act on OIG exclusion screening (issue 33). `{provider_id}` screens
// one provider now, from the provider page: the LEIE file is checked for a new release
// first (a conditional GET), then the provider is screened as the scheduled run does.
// `{alert_id, decision, reason}` decides a possible (name) match: 'confirm' makes it an
// exclusion (a new exclusion_confirmed alert; the provider is flagged excluded), 'dismiss'
// records that it is not this provider, with the person's reason, and it is never raised
// again; either way the possible-match alert is closed with the decision, by that person.
import { errorResponse, json } from '../_shared/http.ts';
import { createHandler, type FunctionContext } from '../_shared/serve.ts';
import { refreshLeie } from '../_shared/exclusions/leie-store.ts';
import { parseReviewRequest } from '../_shared/exclusions/review-request.ts';
import { PROVIDER_COLUMNS, resolveAlert, screenProviders, type ProviderRow } from '../_shared/exclusions/screening-store.ts';
import { confirmedSummary, matchFacts, statusOf, type RecordedMatch } from '../_shared/exclusions/screening-plan.ts';

async function review(ctx: FunctionContext): Promise<Response> {
  const request = parseReviewRequest(ctx.body);
  if (typeof request === 'string') return errorResponse(400, 'invalid_request', request);
  return request.action === 'screen' ? screenOne(ctx, request.providerId) : decide(ctx, request.alertId, request.decision, request.reason);
}

async function screenOne({ config, service }: FunctionContext, providerId: string): Promise<Response> {
  const read = await service.from('providers').select(PROVIDER_COLUMNS).eq('id', providerId).eq('_deleted', false).maybeSingle();
  if (read.error) return errorResponse(500, 'read_failed', 'The provider could not be read (HTTP 500). Please try again.');
  if (!read.data) return errorResponse(404, 'not_found', 'This provider does not exist.');
  const refreshed = await refreshLeie(service, config.oigLeieUrl);
  if (!refreshed.release) return errorResponse(502, 'leie_unavailable', refreshed.ok ? 'No LEIE release is loaded.' : refreshed.error);
  const [result] = await screenProviders(service, refreshed.release, [read.data as ProviderRow]);
  return json(200, { ...result, list_error: refreshed.ok ? null : refreshed.error });
}

async function decide({ caller, service }: FunctionContext, alertId: string, decision: 'confirm' | 'dismiss', reason: string | null): Promise<Response> {
  const read = await service.from('exclusion_matches').select('id, provider_id, entry_key, basis, status, alert_id, entry').eq('alert_id', alertId).maybeSingle();
  if (read.error) return errorResponse(500, 'read_failed', 'The match could not be read (HTTP 500). Please try again.');
  const match = read.data as (RecordedMatch & { provider_id: string }) | null;
  if (!match) return errorResponse(404, 'not_found', 'This alert is not a possible exclusion match.');
  if (match.status !== 'possible') return errorResponse(409, 'already_decided', 'This possible match was already decided or has left the list.');
  const at = new Date().toISOString();
  let confirmedAlertId: string | null = null;
  if (decision === 'confirm') {
    const raised = await service
      .from('alerts')
      .insert({
        provider_id: match.provider_id, kind: 'exclusion_confirmed', summary: confirmedSummary(match.entry, 'name_state'),
        details: { ...matchFacts(match.entry, match.basis, 'confirmed'), entry_key: match.entry_key, confirmed_by: caller.id, confirmed_at: at, reason, source: 'OIG LEIE' },
      })
      .select('id')
      .single();
    if (raised.error) return errorResponse(500, 'save_failed', 'The exclusion could not be recorded (HTTP 500). Please try again.');
    confirmedAlertId = (raised.data as { id: string }).id;
  }
  const saved = await service
    .from('exclusion_matches')
    .update({ status: decision === 'confirm' ? 'confirmed' : 'dismissed', reason, decided_by: caller.id, decided_at: at, ...(confirmedAlertId ? { alert_id: confirmedAlertId } : {}) })
    .eq('id', match.id)
    .eq('status', 'possible');
  if (saved.error) return errorResponse(500, 'save_failed', 'The decision could not be saved (HTTP 500). Please try again.');
  await resolveAlert(service, alertId, { resolution: decision === 'confirm' ? 'Confirmed as an exclusion.' : `Dismissed: ${reason}`, decision, decided_by: caller.id }, caller.id, at);
  const status = await refreshProviderStatus(service, match.provider_id);
  return json(200, { decision, provider_id: match.provider_id, status, alert_id: confirmedAlertId });
}

/** The provider's status and standing matches after a decision (the screening time stays). */
async function refreshProviderStatus(service: FunctionContext['service'], providerId: string) {
  const all = await service.from('exclusion_matches').select('basis, status, entry').eq('provider_id', providerId);
  if (all.error) throw new Error(`reading exclusion matches failed: ${all.error.message}`);
  const matches = all.data as Array<Pick<RecordedMatch, 'basis' | 'status' | 'entry'>>;
  const standing = matches.filter((m) => m.status === 'possible' || m.status === 'confirmed');
  const provider = await service.from('providers').select('exclusion_data').eq('id', providerId).single();
  const previous = (provider.data as { exclusion_data: Record<string, unknown> | null } | null)?.exclusion_data ?? {};
  const status = statusOf(matches);
  const { error } = await service
    .from('providers')
    .update({ exclusion_status: status, exclusion_data: { ...previous, matches: standing.map((m) => matchFacts(m.entry, m.basis, m.status)) } })
    .eq('id', providerId);
  if (error) throw new Error(`saving the exclusion status failed: ${error.message}`);
  return status;
}

Deno.serve(
  createHandler({
    name: 'exclusion-review',
    access: 'staff',
    forbiddenMessage: 'Only staff members can screen providers for exclusions.',
    handle: review,
  }),
);
