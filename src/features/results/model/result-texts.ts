/** The words of the results pages (issue 32). */
import { formatDetailDateTime, formatListDateTime } from '../../../lib/format/date.ts';
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

/** A result's moments (collected, received, signed off) in the product's one style. */
export function formatTime(iso: string | null): string {
  return formatListDateTime(iso, '—');
}

/** The same on a result's own page, with the month spelled out (spec §9: detail pages). */
export function formatDetailTime(iso: string | null): string {
  return formatDetailDateTime(iso, '—');
}

/** The words of the result's distribution and critical value notification record. */
export const DISTRIBUTION_TEXT = {
  title: 'Distribution',
  criticalTitle: 'Critical value notification record',
  loading: 'Reading the distribution record…',
  offline: 'The distribution record is read from the server: it shows when you are online.',
  failed: (message: string) => `The distribution record could not be read: ${message}`,
  none: "Not emailed or faxed: the provider's preferences send this result in the app only.",
  noNotices: 'No notices recorded yet.',
  notAcknowledged: 'Not acknowledged yet: the critical value is escalated again until someone acknowledges it.',
  acknowledged: (by: string, at: string) => `Acknowledged by ${by} at ${at}`,
  acknowledge: 'Acknowledge critical value',
  acknowledgedToast: 'Critical value acknowledged',
  acknowledgedDescription: 'The server recorded who acknowledged it and when; it is not escalated again.',
  acknowledgePending: 'Acknowledged on this device: it reaches the laboratory when you are online',
  acknowledgeFailed: 'The critical value could not be acknowledged.',
} as const;

/** The words of the error queue of laboratory messages (/results/queue). */
export const QUEUE_TEXT = {
  title: 'Result queue',
  description: 'Laboratory messages the server did not file: for no order it knows, for another patient than the order’s, for a test the order never asked for, or that could not be read. File each under an order, or reject it with a reason: nothing is dropped.',
  loading: 'Reading the queue…',
  offline: 'The result queue is kept on the server: it shows when you are online.',
  failed: (message: string) => `The result queue could not be read: ${message}`,
  empty: 'No laboratory messages are waiting.',
  open: 'Waiting',
  received: (at: string, controlId: string | null) => `Received ${at}${controlId ? ` · message ${controlId}` : ''}`,
  about: (patient: string | null, placer: string | null) => `Patient: ${patient ?? 'not readable'} · Placer order number: ${placer ?? 'none'}`,
  orderPatient: (requisition: string | null) => `The order${requisition ? ` ${requisition}` : ''} is for`,
  messagePatient: 'The result names',
  identitiesLabel: 'The order’s patient and the result’s patient',
  resent: (times: number, at: string) => `Sent ${times} times by the laboratory, last at ${at}; answered the same way each time.`,
  requisitionLabel: 'Requisition number of the order',
  match: 'File under this order',
  reasonLabel: 'Reason for rejecting',
  reject: 'Reject',
  reasonRequired: 'Give a reason for rejecting the message.',
  requisitionRequired: 'Enter the requisition number of the order to file it under.',
  noSuchOrder: (requisition: string) => `No order has the requisition number ${requisition}.`,
  matched: 'Message filed under the order',
  matchedDescription: (requisition: string) => `Its results are now on ${requisition}.`,
  rejected: 'Message rejected',
  resolvedTitle: 'Recently resolved',
  resolved: (status: string, at: string, placer: string | null, reason: string | null) =>
    `${status === 'matched' ? 'Filed under an order' : `Rejected: ${reason ?? ''}`} · ${at}${placer ? ` · placer ${placer}` : ''}`,
} as const;

/** Why a message waits in the queue, in words (result_inbox_errors.kind). */
export const QUEUE_KIND_LABELS: Record<string, string> = {
  malformed: 'Could not be read',
  unsupported: 'Not accepted on this link',
  unknown_order: 'No such order',
  closed_order: 'Order not open',
  patient_mismatch: 'Another patient',
  test_mismatch: 'Test not ordered',
};
