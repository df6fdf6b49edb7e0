// Filling the distribution queue (public.result_distributions) when a result lands
// (ingest.ts) and when an unacknowledged critical value is due again (result-distribute):
// the server reads the provider's preferences and the organization's channels, applies the
// rules of plan.ts, and inserts one row per recipient and channel. A row that exists
// already (same result version, purpose, round, channel, recipient) is left alone, so a
// message taken twice queues nothing twice. The in-app notice is recorded as sent at once:
// the alert row that the app shows is written in the same breath (ingest.ts).
import type { SupabaseClient } from '../supabase.ts';
import { reportFormatOf } from '../results/report-format.ts';
import { criticalNotifications, resultDistributions, type DistributionPreferences, type PlannedSend, type Purpose } from './plan.ts';

interface ResultHead {
  id: string;
  status: string;
  critical: boolean;
  provider_id: string;
  organization_id: string;
  received_at: string;
}

interface Recipients {
  preferences: (DistributionPreferences & { report_format: string }) | null;
  providerName: string;
  providerEmail: string | null;
  organization: { name: string; email: string | null; fax: string | null; contacts: Array<{ name?: string; role?: string; email?: string }> | null };
}

async function recipientsOf(service: SupabaseClient, result: ResultHead): Promise<Recipients> {
  const [prefs, provider, organization] = await Promise.all([
    service.from('provider_preferences').select('email_notifications, fax_notifications, fax_number, favorite_reports, report_format').eq('provider_id', result.provider_id).eq('_deleted', false).maybeSingle(),
    service.from('providers').select('first_name, last_name, credential, email').eq('id', result.provider_id).maybeSingle(),
    service.from('organizations').select('legal_name, dba_name, email, fax, contacts').eq('id', result.organization_id).maybeSingle(),
  ]);
  for (const read of [prefs, provider, organization]) if (read.error) throw new Error(`the distribution's recipients could not be read: ${read.error.message}`);
  const p = provider.data as { first_name: string; last_name: string; credential: string | null; email: string | null } | null;
  const o = organization.data as { legal_name: string; dba_name: string | null; email: string | null; fax: string | null; contacts: Recipients['organization']['contacts'] } | null;
  return {
    preferences: (prefs.data as Recipients['preferences']) ?? null,
    providerName: p ? `${p.first_name} ${p.last_name}${p.credential ? `, ${p.credential}` : ''}` : 'Ordering provider',
    providerEmail: p?.email ?? null,
    organization: { name: o?.dba_name || o?.legal_name || 'Ordering organization', email: o?.email ?? null, fax: o?.fax ?? null, contacts: o?.contacts ?? null },
  };
}

async function insertSends(service: SupabaseClient, result: ResultHead, sends: PlannedSend[], purpose: Purpose, round: number, alertId: string | null, format: string): Promise<number> {
  if (sends.length === 0) return 0;
  const now = new Date().toISOString();
  const rows = sends.map((s) => ({
    result_id: result.id,
    provider_id: result.provider_id,
    alert_id: alertId,
    purpose,
    round,
    channel: s.channel,
    recipient: s.recipient,
    recipient_name: s.recipientName,
    report_format: reportFormatOf(format),
    result_received_at: result.received_at,
    ...(s.channel === 'in_app' ? { status: 'sent', attempts: 1, sent_at: now } : {}),
  }));
  // In-app rows first (inserted as sent), then the queued ones: one shape per insert.
  let written = 0;
  for (const batch of [rows.filter((r) => r.channel === 'in_app'), rows.filter((r) => r.channel !== 'in_app')]) {
    if (batch.length === 0) continue;
    const { data, error } = await service
      .from('result_distributions')
      .upsert(batch, { onConflict: 'result_id,purpose,round,channel,recipient,result_received_at', ignoreDuplicates: true })
      .select('id');
    if (error) throw new Error(`the distribution could not be queued: ${error.message}`);
    written += (data ?? []).length;
  }
  return written;
}

async function readResult(service: SupabaseClient, resultId: string): Promise<ResultHead> {
  const { data, error } = await service.from('results').select('id, status, critical, provider_id, organization_id, received_at').eq('id', resultId).single();
  if (error) throw new Error(`the result could not be read: ${error.message}`);
  return data as ResultHead;
}

/** Queues a landed result's distribution by the preferences and, when it is critical, the notices of the open alert. */
export async function queueResultDistribution(service: SupabaseClient, resultId: string, criticalAlertId: string | null): Promise<number> {
  const result = await readResult(service, resultId);
  const to = await recipientsOf(service, result);
  const format = to.preferences?.report_format ?? 'summary';
  let queued = await insertSends(service, result, resultDistributions(result.status, to.preferences, to.providerName), 'result', 0, null, format);
  if (result.critical && criticalAlertId) {
    const sends = criticalNotifications({ provider: { name: to.providerName, email: to.providerEmail }, preferences: to.preferences, organization: to.organization });
    queued += await insertSends(service, result, sends, 'critical', 0, criticalAlertId, 'comprehensive');
  }
  return queued;
}

/** Queues escalation round `round` of an unacknowledged critical value: everyone, by every channel, again. */
export async function queueEscalation(service: SupabaseClient, resultId: string, alertId: string, round: number): Promise<number> {
  const result = await readResult(service, resultId);
  const to = await recipientsOf(service, result);
  const sends = criticalNotifications({ provider: { name: to.providerName, email: to.providerEmail }, preferences: to.preferences, organization: to.organization });
  return insertSends(service, result, sends, 'escalation', round, alertId, 'comprehensive');
}
