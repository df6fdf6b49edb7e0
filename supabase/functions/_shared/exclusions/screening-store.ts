// Screens records (providers or organizations: screening-parties.ts) against the current
// LEIE release and writes what the plan decides (service role): matches and their alerts,
// resolved alerts for entries that left the list, and the outcome on the record's row
// (status, when screened, the list's date, the standing matches). Used by the scheduled
// screen-exclusions and by exclusion-review (one record now).
import type { SupabaseClient } from '../supabase.ts';
import type { LeieEntry } from './leie-file.ts';
import { candidateEntries, type LeieRelease } from './leie-store.ts';
import type { ScreenedRecord, ScreeningParty } from './screening-parties.ts';
import { leftListResolution, planScreening, type ExclusionStatus, type RecordedMatch } from './screening-plan.ts';

export interface ScreeningResult {
  id: string;
  status: ExclusionStatus;
  screened_at: string;
  list_date: string;
  raised: number;
  cleared: number;
}

export const MATCH_COLUMNS = 'id, provider_id, organization_id, entry_key, basis, status, alert_id, entry';

type StoredMatch = RecordedMatch & { provider_id: string | null; organization_id: string | null };

export async function screenRecords<Row extends { id: string }>(service: SupabaseClient, release: LeieRelease, party: ScreeningParty<Row>, rows: readonly Row[], now = new Date()): Promise<ScreeningResult[]> {
  const results: ScreeningResult[] = [];
  for (let i = 0; i < rows.length; i += 100) {
    const chunk = rows.slice(i, i + 100).map((row) => party.screened(row));
    const entries = await candidateEntries(service, release.id, {
      npis: chunk.map((record) => record.npi?.trim() ?? ''),
      nameKeys: chunk.flatMap((record) => record.nameKeys),
      businessNameKeys: chunk.flatMap((record) => record.businessNameKeys),
    });
    const recorded = await service.from('exclusion_matches').select(MATCH_COLUMNS).in(party.idColumn, chunk.map((record) => record.id));
    if (recorded.error) throw new Error(`reading exclusion matches failed: ${recorded.error.message}`);
    for (const record of chunk) {
      const mine = (recorded.data as StoredMatch[]).filter((m) => m[party.idColumn] === record.id);
      results.push(await screenOne(service, release, party, record, entries, mine, now));
    }
  }
  return results;
}

async function screenOne(service: SupabaseClient, release: LeieRelease, party: Pick<ScreeningParty, 'kind' | 'table' | 'idColumn'>, record: ScreenedRecord, entries: LeieEntry[], recorded: RecordedMatch[], now: Date): Promise<ScreeningResult> {
  const at = now.toISOString();
  const hits = record.match(entries, at.slice(0, 10));
  const plan = planScreening(hits, recorded, release.list_date, party.kind);
  for (const raise of plan.raise) {
    const alert = await service
      .from('alerts')
      .insert({ [party.idColumn]: record.id, kind: raise.alert.kind, summary: raise.alert.summary, details: { ...raise.alert.details, npi: record.npi, screened_at: at } })
      .select('id')
      .single();
    if (alert.error) throw new Error(`raising an exclusion alert failed: ${alert.error.message}`);
    const match: Record<string, unknown> = {
      [party.idColumn]: record.id, entry_key: raise.entry_key, basis: raise.basis, status: raise.status, entry: raise.entry,
      alert_id: (alert.data as { id: string }).id, reason: null, decided_by: null, decided_at: null, last_seen_at: at, cleared_at: null,
    };
    if (!raise.reopen) match.first_seen_at = at; // a match back on the list keeps when it was first seen
    const saved = await service.from('exclusion_matches').upsert(match, { onConflict: `${party.idColumn},entry_key` });
    if (saved.error) throw new Error(`saving an exclusion match failed: ${saved.error.message}`);
  }
  if (plan.seen.length) {
    const seen = await service.from('exclusion_matches').update({ last_seen_at: at }).in('id', plan.seen);
    if (seen.error) throw new Error(`updating exclusion matches failed: ${seen.error.message}`);
  }
  for (const gone of plan.clear) {
    const cleared = await service.from('exclusion_matches').update({ status: 'cleared', cleared_at: at }).eq('id', gone.id);
    if (cleared.error) throw new Error(`clearing an exclusion match failed: ${cleared.error.message}`);
    if (gone.alert_id) await resolveAlert(service, gone.alert_id, { resolution: leftListResolution(release.list_date), resolved_by: 'screening' }, null, at);
  }
  const written = await service
    .from(party.table)
    .update({ exclusion_status: plan.status, exclusion_screened_at: at, exclusion_list_date: release.list_date, exclusion_data: { ...plan.data, source_url: release.source_url } })
    .eq('id', record.id);
  if (written.error) throw new Error(`saving the screening failed: ${written.error.message}`);
  return { id: record.id, status: plan.status, screened_at: at, list_date: release.list_date, raised: plan.raise.length, cleared: plan.clear.length };
}

/** How many were screened and what came of it: the scheduled run's answer, per kind. */
export function tally(results: readonly ScreeningResult[]) {
  return {
    screened: results.length,
    excluded: results.filter((r) => r.status === 'excluded').length,
    possible: results.filter((r) => r.status === 'possible').length,
    raised: results.reduce((sum, r) => sum + r.raised, 0),
    cleared: results.reduce((sum, r) => sum + r.cleared, 0),
  };
}

/** Closes an open alert as the server: acknowledged now (by the deciding user, if any), with why. */
export async function resolveAlert(service: SupabaseClient, alertId: string, resolution: Record<string, unknown>, byUser: string | null, at: string): Promise<void> {
  const read = await service.from('alerts').select('details, acknowledged_at').eq('id', alertId).maybeSingle();
  if (read.error) throw new Error(`reading an alert failed: ${read.error.message}`);
  const alert = read.data as { details: Record<string, unknown>; acknowledged_at: string | null } | null;
  if (!alert) return;
  const update: Record<string, unknown> = { details: { ...alert.details, ...resolution, resolved_at: at }, updated_at: at };
  if (!alert.acknowledged_at) Object.assign(update, { acknowledged_at: at, acknowledged_by: byUser });
  const { error } = await service.from('alerts').update(update).eq('id', alertId);
  if (error) throw new Error(`resolving an alert failed: ${error.message}`);
}
