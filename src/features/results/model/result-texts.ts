/** The words of the results pages (issue 32). */
export const RESULT_TEXT = {
  inboxTitle: 'Results',
  inboxDescription: 'Results from the laboratory: unreviewed, critical and abnormal first.',
  signOff: 'Sign off',
  signOffSelected: 'Sign off selected',
  markSeen: 'Mark as seen',
  markSeenSelected: 'Mark selected as seen',
  signedOff: (n: number) => (n === 1 ? 'Result signed off' : `${n} results signed off`),
  markedSeen: (n: number) => (n === 1 ? 'Result marked as seen' : `${n} results marked as seen`),
  onlyProvider: 'Only the ordering provider can sign off a result.',
  critical: 'Critical value',
  criticalBanner: 'Critical value: the laboratory flagged this result as outside the panic limits. Act on it now.',
  openReport: "Open the laboratory's report",
  reportOffline: "The laboratory's report opens when you are online.",
  reportFailed: "The laboratory's report could not be opened.",
  history: 'Results over time',
  noHistory: 'No earlier numeric results for this patient.',
  notFound: 'This result is not on this device.',
  empty: 'No results match.',
} as const;

export const RESULT_STATUS_LABELS: Record<string, string> = {
  preliminary: 'Preliminary',
  final: 'Final',
  corrected: 'Corrected',
};

export const REVIEW_LABELS = { unreviewed: 'Not signed off', unread: 'Not opened yet', reviewed: 'Signed off', all: 'All results' } as const;

export const FORMAT_LABELS: Record<string, string> = {
  summary: 'Summary',
  comprehensive: 'Comprehensive',
  summary_plus: 'Summary Plus',
  comprehensive_plus: 'Comprehensive Plus',
};

export function formatTime(iso: string | null): string {
  return iso ? iso.slice(0, 16).replace('T', ' ') : '—';
}
