/**
 * The results inbox's rules (issue 32): which results a filter shows (in the URL: review
 * state, abnormal only, provider, the search `q`) and their order — unreviewed first, then
 * critical, then abnormal, then newest — like the results inboxes providers know. Results are
 * read whole from the protected database into the one list machinery's in-memory index, as
 * orders are (RESULT_INDEX: that order, each search word matched on its own); the filters
 * apply to its answer.
 */
import { SearchIndex, type IndexSpec } from '../../../lib/list/search-index.ts';
import { joinHaystack } from '../../../lib/list/search-key.ts';
import { choiceFilter, idFilter } from '../../../lib/list/url-filters.ts';

/** `unread`: nobody has opened it yet (not seen; a sign-off also marks it seen). */
export const REVIEW_STATES = ['unreviewed', 'unread', 'reviewed', 'all'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

export const RESULT_FILTERS = {
  review: choiceFilter<ReviewState>('review', REVIEW_STATES, 'unreviewed'),
  flag: choiceFilter<ResultFlagFilter>('flag', ['all', 'abnormal', 'critical', 'unacknowledged'], 'all'),
  provider: idFilter('provider'),
} as const;

/** `unacknowledged`: critical values whose alert nobody has acknowledged yet (the dashboard's loud figure). */
export type ResultFlagFilter = 'all' | 'abnormal' | 'critical' | 'unacknowledged';

export interface ResultFilters {
  review: ReviewState;
  flag: ResultFlagFilter;
  provider: string;
}

export interface ResultListRow {
  id: string;
  testCode: string;
  testName: string;
  requisitionNumber: string;
  status: string;
  abnormal: boolean;
  critical: boolean;
  /** A critical value whose alert is still open (src/lib/alerts/critical-values.ts). */
  criticalOpen: boolean;
  receivedAt: string;
  reviewedAt: string | null;
  seenAt: string | null;
  providerId: string;
  patientName: string;
  patientId: string;
  providerName: string;
}

/** Negative when `a` comes first: unreviewed, critical, abnormal, unseen, then newest. */
export function compareResults(a: ResultListRow, b: ResultListRow): number {
  const rank = (row: ResultListRow) => [row.reviewedAt ? 1 : 0, row.critical ? 0 : 1, row.abnormal ? 0 : 1, row.seenAt ? 1 : 0];
  const [ra, rb] = [rank(a), rank(b)];
  for (let i = 0; i < ra.length; i += 1) {
    const diff = (ra[i] as number) - (rb[i] as number);
    if (diff !== 0) return diff;
  }
  return b.receivedAt.localeCompare(a.receivedAt) || a.id.localeCompare(b.id);
}

/** The inbox's order (compareResults), searched by test, requisition, patient and provider. */
export const RESULT_INDEX: IndexSpec<ResultListRow, ResultListRow> = {
  includes: () => true,
  sortKeys: (row) => row,
  compare: compareResults,
  haystack: (_keys, row) => joinHaystack([row.testName, row.testCode, row.requisitionNumber, row.patientName, row.patientId, row.providerName]),
  matchWords: true,
};

const REVIEW_TESTS: Readonly<Record<ReviewState, (row: ResultListRow) => boolean>> = {
  unreviewed: (row) => row.reviewedAt === null,
  unread: (row) => row.seenAt === null && row.reviewedAt === null,
  reviewed: (row) => row.reviewedAt !== null,
  all: () => true,
};

/**
 * The rows the filters keep. Whether a critical value's alert is still open changes apart
 * from the result (someone acknowledges it): `criticalOpen` tells it from the alerts.
 */
export function resultFilterPredicate(filters: ResultFilters, criticalOpen: (row: ResultListRow) => boolean = (row) => row.criticalOpen): (row: ResultListRow) => boolean {
  const review = REVIEW_TESTS[filters.review];
  const flag: (row: ResultListRow) => boolean =
    filters.flag === 'abnormal' ? (row) => row.abnormal : filters.flag === 'critical' ? (row) => row.critical : filters.flag === 'unacknowledged' ? criticalOpen : () => true;
  return (row) => review(row) && flag(row) && (!filters.provider || row.providerId === filters.provider);
}

/** What the inbox shows: the search's answer in the inbox's order, filtered. */
export function filterResults(rows: readonly ResultListRow[], filters: ResultFilters, search: string): ResultListRow[] {
  return new SearchIndex(RESULT_INDEX, rows).query(search).filter(resultFilterPredicate(filters));
}

/** The count the header shows: results not yet signed off. */
export function unreviewedCount(rows: ReadonlyArray<{ reviewed_at: string | null }>): number {
  return rows.filter((row) => row.reviewed_at === null).length;
}
