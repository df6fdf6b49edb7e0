/** The words of the order pages: statuses, Medicare verdicts, billing, and the entry's messages. */
import type { NecessityStatus } from '../../../lib/lab/medical-necessity.ts';
import type { BadgeTone } from '../../../components/list/list-badge.tsx';
import type { EligibilityStatus } from '../../../lib/lab/medicare-eligibility.ts';

export const ORDER_STATUSES = ['draft', 'submitted', 'received', 'in_progress', 'resulted', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const STATUS_LABELS: Record<OrderStatus, string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  received: 'Received by the laboratory',
  in_progress: 'In progress',
  resulted: 'Resulted',
  cancelled: 'Cancelled',
};

export const STATUS_PALETTE: Record<OrderStatus, BadgeTone> = {
  draft: 'gray',
  submitted: 'blue',
  received: 'purple',
  in_progress: 'orange',
  resulted: 'green',
  cancelled: 'red',
};

export const NECESSITY_LABELS: Record<NecessityStatus, string> = {
  'not-governed': 'No NCD applies',
  supported: 'Supported',
  'needs-diagnosis': 'Needs a diagnosis',
  'not-supported': 'Not supported',
  'frequency-exceeded': 'Not supported: too frequent',
  'never-covered': 'Never covered (GY)',
};

export const NECESSITY_PALETTE: Record<NecessityStatus, string> = {
  'not-governed': 'gray',
  supported: 'green',
  'needs-diagnosis': 'orange',
  'not-supported': 'red',
  'frequency-exceeded': 'red',
  'never-covered': 'purple',
};

export const ELIGIBILITY_LABELS: Record<EligibilityStatus, string> = {
  eligible: 'PECOS and Part B: eligible',
  'not-eligible': 'PECOS and Part B: not eligible',
  'needs-check': 'PECOS and Part B: check due',
};

export const BILLING_LABELS = { client: 'Client (the organization)', patient: 'Patient (self-pay)', insurance: 'The patient’s insurance' } as const;

export const ABN_OPTION_LABELS = {
  1: 'Option 1: do the test and bill Medicare; the patient pays if Medicare does not',
  2: 'Option 2: do the test, do not bill Medicare; the patient pays',
  3: 'Option 3: do not do the test',
} as const;

export const ORDER_TEXT = {
  entryTitle: 'Order Entry',
  entryDescription: 'Enter a laboratory order step by step: Enter takes a choice and goes on to the next step. It is checked against Medicare’s rules as you go and works offline.',
  listTitle: 'Orders',
  waitingToSend: 'Waiting to send',
  sent: 'Sent',
  submit: 'Submit order',
  submitted: 'Order saved on this device',
  notRegistered: 'This device has no device number yet. Connect to the internet once so the server can give it one.',
  saveFailed: 'The order could not be saved on this device.',
  cancelStart: 'Cancel order…',
  cancel: 'Cancel order',
  keepOrder: 'Keep order',
  cancelReason: 'Reason for cancelling',
  cancelled: 'Order cancelled',
  laboratory: 'Laboratory',
  resend: 'Resend to laboratory',
  resendQueued: 'The order will be sent to the laboratory again',
  resendHint: 'An administrator can correct the order and resend it.',
  fhirDownload: 'Download FHIR bundle',
} as const;
