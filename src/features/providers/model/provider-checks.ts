/**
 * The verification health of a provider (issue 27), one rule per figure, applied both by
 * the dashboard's counts and by the provider list's URL filters (`/providers?pecos=stale`),
 * so a figure and the list it links to count the same rows by construction:
 * - PECOS: enrolled, not enrolled, never verified (with an NPI), last check older than 90 days;
 * - Medicare Part B ordering: eligible or not (from the stored Order and Referring evidence);
 * - NPPES: the registry record not updated for over a year (its `basic.last_updated`), or
 *   the NPI deactivated (the stored answer has no record, or a record whose status is not A).
 *   "Updated" is the date the detail page shows as "Last NPPES Refresh" (nppesLastUpdated).
 * Each rule reads only what the list keeps of a row (first-page-snapshot.ts's slimRow).
 */
import { isJsonObject, parseJsonObject, textOrNull } from '../../../lib/provider/json-field.ts';
import { firstNppesResult, nppesLastUpdated } from '../../../lib/provider/nppes.ts';
import { choiceFilter } from '../../../lib/list/url-filters.ts';
import { medicareLabOrdering, pecosStatus, type PecosFields } from './pecos-status.ts';

export const PECOS_STALE_DAYS = 90;
export const NPPES_STALE_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface CheckedProvider extends PecosFields {
  nppes_data?: unknown;
}

export const PECOS_FILTERS = ['all', 'enrolled', 'not_enrolled', 'never_verified', 'stale'] as const;
export type PecosFilter = (typeof PECOS_FILTERS)[number];
export const PART_B_FILTERS = ['all', 'eligible', 'not_eligible'] as const;
export type PartBFilter = (typeof PART_B_FILTERS)[number];
export const NPPES_FILTERS = ['all', 'stale', 'deactivated'] as const;
export type NppesFilter = (typeof NPPES_FILTERS)[number];

/** `?pecos=`, `?part_b=`, `?nppes=` on the provider lists. */
export const PROVIDER_LIST_FILTERS = {
  pecos: choiceFilter('pecos', PECOS_FILTERS, 'all'),
  part_b: choiceFilter('part_b', PART_B_FILTERS, 'all'),
  nppes: choiceFilter('nppes', NPPES_FILTERS, 'all'),
};

/** What each filter value shows, in the list's "Showing only" line and on the dashboard. */
export const CHECK_LABELS = {
  pecos: {
    enrolled: 'Enrolled in PECOS',
    not_enrolled: 'Not enrolled in PECOS',
    never_verified: 'PECOS never verified',
    stale: `PECOS last checked over ${PECOS_STALE_DAYS} days ago`,
  },
  part_b: {
    eligible: 'May order Medicare lab tests (Part B)',
    not_eligible: 'Not eligible to order Medicare lab tests',
  },
  nppes: {
    stale: 'NPPES record not updated for over a year',
    deactivated: 'NPI deactivated in NPPES',
  },
} as const;

/** What the NPPES rules read of a stored registry answer (null: no answer stored). */
function nppesRecord(data: unknown): { found: boolean; status: string | null; lastUpdated: string | null } | null {
  const doc = parseJsonObject(data);
  if (!doc) return null;
  const result = firstNppesResult(doc);
  if (!result) return Array.isArray(doc.results) || typeof doc.result_count === 'number' ? { found: false, status: null, lastUpdated: null } : null;
  const basic = isJsonObject(result.basic) ? result.basic : {};
  return { found: true, status: textOrNull(basic.status), lastUpdated: nppesLastUpdated(doc) };
}

/** What the list keeps of the stored NPPES answer: enough for the NPPES rules, nothing else. */
export function slimNppesData(data: unknown): unknown {
  const record = nppesRecord(data);
  if (!record) return null;
  if (!record.found) return { result_count: 0, results: [] };
  return { result_count: 1, results: [{ basic: { status: record.status, last_updated: record.lastUpdated } }] };
}

function olderThan(iso: string | null | undefined, days: number, now: number): boolean {
  if (!iso) return false;
  const time = Date.parse(iso);
  return Number.isFinite(time) && now - time > days * DAY_MS;
}

export function matchesPecos(provider: CheckedProvider, filter: PecosFilter, now: number): boolean {
  if (filter === 'all') return true;
  const state = pecosStatus(provider).state;
  if (filter === 'enrolled') return state === 'enrolled';
  if (filter === 'not_enrolled') return state === 'not_enrolled';
  if (filter === 'never_verified') return state === 'not_verified';
  return (state === 'enrolled' || state === 'not_enrolled') && olderThan(provider.pecos_verification_date, PECOS_STALE_DAYS, now);
}

export function matchesPartB(provider: CheckedProvider, filter: PartBFilter): boolean {
  if (filter === 'all') return true;
  const ordering = medicareLabOrdering(provider);
  return filter === 'eligible' ? ordering === 'yes' : ordering === 'no';
}

export function matchesNppes(provider: CheckedProvider, filter: NppesFilter, now: number): boolean {
  if (filter === 'all') return true;
  const record = nppesRecord(provider.nppes_data);
  if (!record) return false;
  if (filter === 'deactivated') return !record.found || (record.status !== null && record.status.toUpperCase() !== 'A');
  return record.found && olderThan(record.lastUpdated, NPPES_STALE_DAYS, now);
}

export interface ProviderCheckFilters {
  pecos: PecosFilter;
  part_b: PartBFilter;
  nppes: NppesFilter;
}

/** The list's predicate for the URL's filters, or null when none is set (every row). */
export function providerCheckPredicate(filters: ProviderCheckFilters, now: number): ((row: CheckedProvider) => boolean) | null {
  const { pecos, part_b, nppes } = filters;
  if (pecos === 'all' && part_b === 'all' && nppes === 'all') return null;
  return (row) => matchesPecos(row, pecos, now) && matchesPartB(row, part_b) && matchesNppes(row, nppes, now);
}

/** The "Showing only" labels of the filters set, in order. */
export function activeCheckLabels(filters: ProviderCheckFilters): string[] {
  const labels: string[] = [];
  if (filters.pecos !== 'all') labels.push(CHECK_LABELS.pecos[filters.pecos]);
  if (filters.part_b !== 'all') labels.push(CHECK_LABELS.part_b[filters.part_b]);
  if (filters.nppes !== 'all') labels.push(CHECK_LABELS.nppes[filters.nppes]);
  return labels;
}
