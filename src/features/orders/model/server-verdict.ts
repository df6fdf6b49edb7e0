/**
 * When the server's Medicare verdict (orders.server_check) differs from the one this device
 * made at entry, the laboratory received the server's (the ORM's modifiers and ABN status:
 * _shared/lab/order-message.ts), and paper printed from the device's says something else.
 * This says, in words, what changed, and which printed documents are out of date: the
 * requisition prints each test's modifiers and ABN status, the ABN the tests it covers.
 * Labels print neither. Pure: the order page renders it from the synced row, offline too.
 */
import { sentAbn, sentModifier } from '../../../lib/lab/order-verdict.ts';
import type { OrderTestEntry } from './order-draft.ts';
import { ELIGIBILITY_LABELS } from './order-texts.ts';

export type PrintedDocument = 'requisition' | 'abn';

export interface ServerCheck {
  medicare?: boolean;
  eligibility?: { status: string; reason: string | null } | null;
  tests?: Array<{ code: string; status: string; modifier: string | null }>;
  disagreements?: string[];
}

export interface VerdictOrder {
  tests: ReadonlyArray<Partial<OrderTestEntry> & Pick<OrderTestEntry, 'code'>>;
  abn: { option: number; signature: string; tests: readonly string[] } | null;
  server_check: ServerCheck | null;
  medicare_check?: { eligibility?: { status: string } | null } | null;
}

export const MODIFIER_WORDS: Record<string, string> = {
  GA: 'modifier GA (a signed ABN is on file)',
  GZ: 'modifier GZ (no ABN obtained: Medicare is expected to deny it)',
  GY: 'modifier GY (never covered by Medicare: no ABN needed)',
};
const NO_MODIFIER = 'no modifier (Medicare is expected to pay)';

/** The device's modifier of a test: the first its lines set (the server compares the same). */
function deviceModifier(test: VerdictOrder['tests'][number]): string | null {
  return [...(test.modifiers ?? [])].map((line) => line.modifier).filter((m): m is 'GA' | 'GZ' | 'GY' => !!m).sort()[0] ?? null;
}

/** The tests the laboratory received as covered by the patient's ABN (signed or refused). */
export function testsUnderAbn(order: VerdictOrder): string[] {
  return order.tests.filter((test) => !test.declined && ['signed', 'refused'].includes(sentAbn(order, test)?.status ?? '')).map((test) => test.code);
}

export interface VerdictChanges {
  /** What the server decided otherwise, one sentence each. */
  changes: string[];
  /** The printed documents that no longer say what the laboratory received. */
  outOfDate: PrintedDocument[];
}

export function verdictChanges(order: VerdictOrder): VerdictChanges {
  const check = order.server_check;
  if (!check?.tests) return { changes: [], outOfDate: [] };
  const changes: string[] = [];
  let requisition = false;
  for (const test of order.tests) {
    if (test.declined || !check.tests.some((line) => line.code === test.code)) continue;
    const device = deviceModifier(test);
    const server = sentModifier(order, test);
    if (device === server) continue;
    requisition = true;
    const name = test.name ? `${test.name} (${test.code})` : test.code;
    changes.push(`${name}: the laboratory received ${server ? MODIFIER_WORDS[server] : NO_MODIFIER}; this device had set ${device ? MODIFIER_WORDS[device] : NO_MODIFIER}.`);
  }
  const covered = testsUnderAbn(order);
  const signedFor = order.abn ? [...order.abn.tests].filter((code) => order.tests.some((t) => t.code === code && !t.declined)) : [];
  const abnChanged = order.abn !== null && (covered.length !== signedFor.length || covered.some((code) => !signedFor.includes(code)));
  if (abnChanged) {
    requisition = true;
    changes.push(covered.length
      ? `The patient’s ABN now covers ${covered.join(', ')} for the laboratory, not ${signedFor.join(', ') || 'no test'}.`
      : 'The laboratory found no test that needs the patient’s ABN.');
  }
  const eligibility = check.eligibility;
  if (check.medicare && eligibility && eligibility.status !== order.medicare_check?.eligibility?.status) {
    const label = ELIGIBILITY_LABELS[eligibility.status as keyof typeof ELIGIBILITY_LABELS] ?? 'PECOS and Part B: not known';
    changes.push(`The laboratory’s check of the ordering provider: ${label}${eligibility.reason ? ` (${eligibility.reason})` : ''}.`);
  }
  const outOfDate: PrintedDocument[] = [];
  if (requisition) outOfDate.push('requisition');
  if (abnChanged) outOfDate.push('abn');
  return { changes, outOfDate };
}

const DOCUMENT_NAMES: Record<PrintedDocument, string> = { requisition: 'requisition', abn: 'ABN' };

/** "Out of date: the printed requisition and ABN. Print them again: …" */
export function outOfDateText(documents: readonly PrintedDocument[]): string | null {
  if (documents.length === 0) return null;
  const names = documents.map((doc) => DOCUMENT_NAMES[doc]).join(' and ');
  return `Out of date: the printed ${names}, made from this device’s check. Print ${documents.length === 1 ? 'it' : 'them'} again: ${documents.length === 1 ? 'it now shows' : 'they now show'} what the laboratory received.`;
}

/** The server's other differences (questions, compendium): those the sentences above do not say already. */
export function otherDisagreements(check: ServerCheck | null): string[] {
  return (check?.disagreements ?? []).filter((text) => !/: the device (found|set) |^Medicare is billed but the ordering provider/.test(text));
}
