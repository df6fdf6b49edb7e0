// What one record's screening (a provider's or an organization's) changes, decided from the hits against the current LEIE and
// the matches already recorded (pure; the functions write it): a new hit becomes a match
// with its alert (an NPI hit `confirmed`, a name hit `possible`); a hit seen before stays as
// it was (a dismissed one is never raised again); a possible or confirmed match whose entry
// is gone from the list is cleared and its alert resolved. The record's status follows:
// excluded while a confirmed match stands, possible while one waits for a person, else clear.
import type { LeieEntry } from './leie-file.ts';
import type { LeieHit, MatchBasis } from './leie-match.ts';

export type MatchStatus = 'possible' | 'confirmed' | 'dismissed' | 'cleared';
export type ExclusionStatus = 'clear' | 'possible' | 'excluded';
/** What is screened: a provider or an organization (the same rules, their own name and table). */
export type PartyKind = 'provider' | 'organization';

export interface RecordedMatch {
  id: string;
  entry_key: string;
  basis: MatchBasis;
  status: MatchStatus;
  alert_id: string | null;
  entry: LeieEntry;
}

export interface AlertDraft {
  kind: 'exclusion_possible' | 'exclusion_confirmed';
  summary: string;
  details: Record<string, unknown>;
}

export interface ScreeningPlan {
  /** New matches (or cleared ones back on the list), each with the alert to raise. */
  raise: Array<{ entry_key: string; basis: MatchBasis; status: 'possible' | 'confirmed'; entry: LeieEntry; alert: AlertDraft; reopen: string | null }>;
  /** Matches still on the list: only their last_seen_at moves. */
  seen: string[];
  /** Possible or confirmed matches whose entry left the list: cleared, their alert resolved. */
  clear: Array<{ id: string; alert_id: string | null }>;
  status: ExclusionStatus;
  /** What the provider row shows: the standing matches. */
  data: { matches: Array<Record<string, unknown>> };
}

/** "SMITH, JOHN A" or the business name, as the list writes it. */
export function entryName(entry: Pick<LeieEntry, 'last_name' | 'first_name' | 'mid_name' | 'bus_name'>): string {
  if (!entry.last_name) return entry.bus_name;
  return `${entry.last_name}, ${[entry.first_name, entry.mid_name].filter(Boolean).join(' ')}`.trim();
}

function exclusionFacts(entry: LeieEntry): string {
  return `${entry.excl_type || 'type not given'}, excluded ${entry.excl_date ?? 'on a date not given'}`;
}

export function confirmedSummary(entry: LeieEntry, basis: MatchBasis): string {
  return basis === 'npi'
    ? `NPI ${entry.npi} is on the OIG exclusion list (${exclusionFacts(entry)}).`
    : `Confirmed by staff: ${entryName(entry)} (${entry.state || 'state not given'}) is on the OIG exclusion list (${exclusionFacts(entry)}).`;
}

export function possibleSummary(entry: LeieEntry, stateKnown: boolean, party: PartyKind = 'provider'): string {
  const where = stateKnown ? `in ${entry.state || 'a state not given'}` : `in ${entry.state || 'a state not given'}; the ${party}'s state is unknown`;
  return `Possible match on the OIG exclusion list: ${entryName(entry)} ${where}, listed without an NPI (${exclusionFacts(entry)}). Confirm or dismiss it.`;
}

export function leftListResolution(listDate: string): string {
  return `No longer on the OIG exclusion list of ${listDate.slice(0, 10)}.`;
}

export function matchFacts(entry: LeieEntry, basis: MatchBasis, status: MatchStatus): Record<string, unknown> {
  return {
    basis,
    status,
    name: entryName(entry),
    npi: entry.npi,
    state: entry.state,
    dob: entry.dob,
    excl_type: entry.excl_type,
    excl_date: entry.excl_date,
    waiver_date: entry.waiver_date,
    waiver_state: entry.waiver_state || null,
  };
}

export function planScreening(hits: readonly LeieHit[], recorded: readonly RecordedMatch[], listDate: string, party: PartyKind = 'provider'): ScreeningPlan {
  const byKey = new Map(recorded.map((match) => [match.entry_key, match]));
  const hitKeys = new Set(hits.map((hit) => hit.entry.entry_key));
  const plan: ScreeningPlan = { raise: [], seen: [], clear: [], status: 'clear', data: { matches: [] } };
  const standing: Array<{ entry: LeieEntry; basis: MatchBasis; status: MatchStatus }> = [];

  for (const hit of hits) {
    const known = byKey.get(hit.entry.entry_key);
    if (known && known.status !== 'cleared') {
      plan.seen.push(known.id);
      // A human's confirmation stands even if the basis was a name; a dismissal is final.
      if (known.status !== 'dismissed') standing.push({ entry: hit.entry, basis: known.basis, status: known.status });
      continue;
    }
    const status = hit.basis === 'npi' ? 'confirmed' : 'possible';
    const details = { ...matchFacts(hit.entry, hit.basis, status), entry_key: hit.entry.entry_key, list_date: listDate, state_known: hit.stateKnown, source: 'OIG LEIE' };
    const alert: AlertDraft =
      status === 'confirmed'
        ? { kind: 'exclusion_confirmed', summary: confirmedSummary(hit.entry, 'npi'), details }
        : { kind: 'exclusion_possible', summary: possibleSummary(hit.entry, hit.stateKnown, party), details };
    plan.raise.push({ entry_key: hit.entry.entry_key, basis: hit.basis, status, entry: hit.entry, alert, reopen: known?.id ?? null });
    standing.push({ entry: hit.entry, basis: hit.basis, status });
  }
  for (const match of recorded) {
    if ((match.status === 'possible' || match.status === 'confirmed') && !hitKeys.has(match.entry_key)) plan.clear.push({ id: match.id, alert_id: match.alert_id });
  }
  plan.status = standing.some((s) => s.status === 'confirmed') ? 'excluded' : standing.length > 0 ? 'possible' : 'clear';
  plan.data.matches = standing.map((s) => matchFacts(s.entry, s.basis, s.status));
  return plan;
}

/** The record's status from its recorded matches (after a person's decision). */
export function statusOf(matches: ReadonlyArray<Pick<RecordedMatch, 'status'>>): ExclusionStatus {
  if (matches.some((m) => m.status === 'confirmed')) return 'excluded';
  return matches.some((m) => m.status === 'possible') ? 'possible' : 'clear';
}
