// exclusion-review: staff act on OIG exclusion screening (issue 33). `{provider_id}` or
// `{organization_id}` screens one record now, from its page: the LEIE file is checked for a
// new release first (a conditional GET), then the record is screened as the scheduled run
// does. `{alert_id, decision, reason}` decides a possible (name) match of either kind:
// 'confirm' makes it an exclusion (a new exclusion_confirmed alert; the record is flagged
// excluded), 'dismiss' records that it is not this provider or organization, with the
// person's reason, and it is never raised again; either way the possible-match alert is
// closed with the decision, by that person.
import { errorResponse, json } from '../_shared/http.ts';
import { createHandler, type FunctionContext } from '../_shared/serve.ts';
import { refreshLeie } from '../_shared/exclusions/leie-store.ts';
import { parseReviewRequest } from '../_shared/exclusions/review-request.ts';
import { ORGANIZATIONS, partyOf, PROVIDERS, type ScreeningParty } from '../_shared/exclusions/screening-parties.ts';
import { MATCH_COLUMNS, resolveAlert, screenRecords } from '../_shared/exclusions/screening-store.ts';
import { confirmedSummary, matchFacts, statusOf, type RecordedMatch } from '../_shared/exclusions/screening-plan.ts';

async function review(ctx: FunctionContext): Promise<Response> {
  const request = parseReviewRequest(ctx.body);
  if (typeof request === 'string') return errorResponse(400, 'invalid_request', request);
  if (request.action === 'decide') return decide(ctx, request.alertId, request.decision, request.reason);
  return request.party === 'organization' ? screenOne(ctx, ORGANIZATIONS, request.id) : screenOne(ctx, PROVIDERS, request.id);
}

async function screenOne<Row extends { id: string }>({ config, service }: FunctionContext, party: ScreeningParty<Row>, id: string): Promise<Response> {
  const read = await service.from(party.table).select(party.columns).eq('id', id).eq('_deleted', false).maybeSingle();
  if (read.error) return errorResponse(500, 'read_failed', `The ${party.kind} could not be read (HTTP 500). Please try again.`);
  if (!read.data) return errorResponse(404, 'not_found', party.notFound);
  const refreshed = await refreshLeie(service, config.oigLeieUrl);
  if (!refreshed.release) return errorResponse(502, 'leie_unavailable', refreshed.ok ? 'No LEIE release is loaded.' : refreshed.error);
  const [{ id: screened, ...result }] = await screenRecords(service, refreshed.release, party, [read.data as unknown as Row]);
  return json(200, { [party.idColumn]: screened, ...result, list_error: refreshed.ok ? null : refreshed.error });
}

async function decide({ caller, service }: FunctionContext, alertId: string, decision: 'confirm' | 'dismiss', reason: string | null): Promise<Response> {
  const read = await service.from('exclusion_matches').select(MATCH_COLUMNS).eq('alert_id', alertId).maybeSingle();
  if (read.error) return errorResponse(500, 'read_failed', 'The match could not be read (HTTP 500). Please try again.');
  const match = read.data as (RecordedMatch & { provider_id: string | null; organization_id: string | null }) | null;
  if (!match) return errorResponse(404, 'not_found', 'This alert is not a possible exclusion match.');
  if (match.status !== 'possible') return errorResponse(409, 'already_decided', 'This possible match was already decided or has left the list.');
  const party = partyOf(match);
  const recordId = match[party.idColumn] as string;
  const at = new Date().toISOString();
  let confirmedAlertId: string | null = null;
  if (decision === 'confirm') {
    const raised = await service
      .from('alerts')
      .insert({
        [party.idColumn]: recordId, kind: 'exclusion_confirmed', summary: confirmedSummary(match.entry, 'name_state'),
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
  const status = await refreshStatus(service, party, recordId);
  return json(200, { decision, [party.idColumn]: recordId, status, alert_id: confirmedAlertId });
}

/** The record's status and standing matches after a decision (the screening time stays). */
async function refreshStatus(service: FunctionContext['service'], party: Pick<ScreeningParty, 'table' | 'idColumn'>, id: string) {
  const all = await service.from('exclusion_matches').select('basis, status, entry').eq(party.idColumn, id);
  if (all.error) throw new Error(`reading exclusion matches failed: ${all.error.message}`);
  const matches = all.data as Array<Pick<RecordedMatch, 'basis' | 'status' | 'entry'>>;
  const standing = matches.filter((m) => m.status === 'possible' || m.status === 'confirmed');
  const record = await service.from(party.table).select('exclusion_data').eq('id', id).single();
  const previous = (record.data as { exclusion_data: Record<string, unknown> | null } | null)?.exclusion_data ?? {};
  const status = statusOf(matches);
  const { error } = await service
    .from(party.table)
    .update({ exclusion_status: status, exclusion_data: { ...previous, matches: standing.map((m) => matchFacts(m.entry, m.basis, m.status)) } })
    .eq('id', id);
  if (error) throw new Error(`saving the exclusion status failed: ${error.message}`);
  return status;
}

Deno.serve(
  createHandler({
    name: 'exclusion-review',
    access: 'staff',
    forbiddenMessage: 'Only staff members can review exclusion matches.',
    handle: review,
  }),
);
