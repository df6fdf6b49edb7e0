/**
 * What the printed documents of an order say (requisition, specimen labels, ABN), gathered
 * from the records on the device: the order row, its patient (protected database), its
 * provider and organization (the directory). Once the server's Medicare verdict is on the
 * row, the paper says what the laboratory received: each test's modifier and ABN status as
 * the ORM carried them (model/server-verdict.ts says when earlier prints are out of date).
 * The fasting fact is printed once, in the collection. Pure, so the documents are tested
 * without a browser and made offline.
 */
import type { OrderDoc, OrganizationDoc, PatientDoc, ProviderDoc } from '../../../db/index.ts';
import { formatPaperDateTime } from '../../../lib/format/date.ts';
import { formatMbi } from '../../../lib/lab/mbi.ts';
import type { AbnFormData } from './abn-pdf.ts';
import { orderFasting, sentAbn, sentModifier, withoutFastingAnswers, type SentOrder } from '../../../lib/lab/order-verdict.ts';
import { parseCost, type Coverage, type OrderAnswer, type OrderDraft, type OrderEvaluation, type OrderTestEntry } from '../model/order-draft.ts';
import { ABN_OPTION_LABELS, BILLING_LABELS } from '../model/order-texts.ts';
import { testsUnderAbn, type ServerCheck } from '../model/server-verdict.ts';
import { providerListName } from '../../../lib/provider/provider-name.ts';

export interface OrderAbn {
  option: 1 | 2 | 3;
  signature: 'signed' | 'refused';
  tests: string[];
  recorded_at?: string;
  /** Estimated cost per test code, in US dollars (entered at the keyboard). */
  estimated_costs?: Record<string, number>;
  /** Why Medicare may not pay, per test code. */
  reasons?: Record<string, string>;
}

export interface OrderDocumentData {
  requisitionNumber: string;
  status: string;
  stat: boolean;
  enteredAt: string;
  patient: { name: string; dateOfBirth: string; sex: string; labPatientId: string; address: string; phone: string };
  billing: string;
  coverage: { payer: string; memberId: string } | null;
  provider: { name: string; npi: string };
  organization: { name: string; address: string; phone: string; account: string };
  tests: OrderTestEntry[];
  answers: OrderAnswer[];
  /** Question code → its words, where the compendium on the device knows them. */
  questionTexts: Record<string, string>;
  diagnoses: string[];
  abn: OrderAbn | null;
  /** The tests the ABN covers as the laboratory received them (the server's verdict, once made). */
  abnTests: string[];
  abnText: string;
  collection: { at: string; by: string; fasting: string; comments: string };
}

/** A timestamp as staff read it on paper, in the device's time zone: 2026-11-20 08:30. */
export function paperDateTime(iso: string | null | undefined): string {
  return formatPaperDateTime(iso);
}

interface Address {
  line1?: string | null;
  line2?: string | null;
  city?: string | null;
  state?: string | null;
  postal_code?: string | null;
  zip?: string | null;
}

function addressText(address: Address | null | undefined): string {
  if (!address) return '';
  const place = [address.city, [address.state, address.postal_code ?? address.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [address.line1, address.line2, place].filter(Boolean).join(', ');
}

export function patientName(patient: Pick<PatientDoc, 'first_name' | 'middle_name' | 'last_name'>): string {
  return `${patient.last_name}, ${patient.first_name}${patient.middle_name ? ` ${patient.middle_name}` : ''}`;
}

/** Each test's modifiers as the laboratory received them: the server's verdict where it made one. */
function sentTests(order: OrderDoc): OrderTestEntry[] {
  const tests = (order.tests ?? []) as unknown as OrderTestEntry[];
  const check = order.server_check as ServerCheck | null;
  return tests.map((test) => {
    if (test.declined || !check?.tests?.some((line) => line.code === test.code)) return test;
    const modifier = sentModifier(order as unknown as SentOrder, test);
    const cpts = test.modifiers?.length ? test.modifiers.map((line) => line.cpt) : test.cpt_codes;
    return { ...test, modifiers: cpts.map((cpt) => ({ cpt, modifier })) };
  });
}

const ABN_STATUS_WORDS = { signed: 'signed', refused: 'the patient refused to sign', not_obtained: 'not obtained' } as const;

/** The ABN line of the requisition: as entered, or (after the server's verdict) per test as the ORM says it. */
function abnLine(order: OrderDoc, abn: OrderAbn | null, tests: readonly OrderTestEntry[]): string {
  const check = order.server_check as ServerCheck | null;
  if (!check?.tests) return abn ? `${ABN_OPTION_LABELS[abn.option]}; ${abn.signature === 'signed' ? 'signed' : 'refused to sign'}; for ${abn.tests.join(', ')}` : 'None needed';
  const lines = tests.filter((test) => !test.declined).flatMap((test) => {
    const sent = sentAbn(order as unknown as SentOrder, test);
    if (!sent) return [];
    const status = sent.status === 'signed' ? `signed, option ${sent.option ?? 1}` : ABN_STATUS_WORDS[sent.status];
    return [`${test.code}: ${sent.modifier === 'GY' ? 'never covered, no ABN needed' : status}; modifier ${sent.modifier}`];
  });
  return lines.length ? lines.join('; ') : 'None needed';
}

export function orderDocumentData(input: {
  order: OrderDoc;
  patient: PatientDoc;
  provider: ProviderDoc | null;
  organization: OrganizationDoc | null;
  questionTexts?: Record<string, string>;
}): OrderDocumentData {
  const { order, patient, provider, organization } = input;
  const coverages = (Array.isArray(patient.coverages) ? patient.coverages : []) as unknown as Coverage[];
  const billed = order.billing === 'insurance' ? (coverages.find((coverage) => coverage.rank === order.coverage_rank) ?? null) : null;
  const abn = (order.abn ?? null) as unknown as OrderAbn | null;
  const tests = sentTests(order);
  const check = order.server_check as ServerCheck | null;
  const fasting = orderFasting({ fasting: order.fasting, answers: (order.answers ?? []) as unknown as OrderAnswer[] });
  return {
    requisitionNumber: order.requisition_number,
    status: order.status,
    stat: order.priority === 'stat',
    enteredAt: paperDateTime(order.created_at),
    patient: {
      name: patientName(patient),
      dateOfBirth: patient.date_of_birth,
      sex: patient.sex,
      labPatientId: patient.lab_patient_id,
      address: addressText({ line1: patient.address_line1, line2: patient.address_line2, city: patient.city, state: patient.state, postal_code: patient.postal_code }),
      phone: patient.phone ?? '',
    },
    billing: BILLING_LABELS[order.billing as keyof typeof BILLING_LABELS] ?? order.billing,
    coverage: billed
      ? {
          payer: `${billed.payer_name || billed.payer_type} (${billed.rank})`,
          memberId: billed.member_id ? (billed.payer_type === 'medicare' ? formatMbi(billed.member_id) : billed.member_id) : '',
        }
      : null,
    provider: provider
      ? { name: providerListName(provider), npi: provider.npi ?? '' }
      : { name: '', npi: '' },
    organization: organization
      ? {
          name: organization.dba_name ? `${organization.legal_name} (${organization.dba_name})` : organization.legal_name,
          address: addressText(organization.practice_address as Address | null),
          phone: organization.phone ?? '',
          account: organization.account_number ?? '',
        }
      : { name: '', address: '', phone: '', account: '' },
    tests,
    // The fasting question's answer is the one fasting fact, printed once in the collection.
    answers: withoutFastingAnswers((order.answers ?? []) as unknown as OrderAnswer[]),
    questionTexts: input.questionTexts ?? {},
    diagnoses: (order.diagnoses ?? []) as unknown as string[],
    abn,
    abnTests: abn ? (check?.tests ? testsUnderAbn({ tests, abn, server_check: check }) : abn.tests) : [],
    abnText: abnLine(order, abn, tests),
    collection: {
      at: paperDateTime(order.collected_at),
      by: order.collected_by ?? '',
      fasting: fasting === null ? 'Not stated' : fasting ? 'Yes' : 'No',
      comments: order.comments ?? '',
    },
  };
}

/** The containers to label: one label per distinct container of the tests that are done. */
export function labelContainers(tests: readonly OrderTestEntry[]): Array<{ container: string; specimen: string; tests: string[] }> {
  const byContainer = new Map<string, { container: string; specimen: string; tests: string[] }>();
  for (const test of tests) {
    if (test.declined) continue;
    const key = test.container || test.specimen_type;
    const entry = byContainer.get(key) ?? { container: test.container, specimen: test.specimen_type, tests: [] };
    entry.tests.push(test.code);
    byContainer.set(key, entry);
  }
  return [...byContainer.values()];
}

/** The ABN's content for an order already entered (the order page prints it again). */
export function abnFormOfOrder(data: OrderDocumentData): AbnFormData | null {
  if (!data.abn) return null;
  const abn = data.abn;
  return {
    notifier: [data.organization.name, data.organization.address, data.organization.phone].filter(Boolean).join(', '),
    patientName: data.patient.name,
    identification: `${data.patient.labPatientId} · ${data.requisitionNumber}`,
    items: data.tests
      .filter((test) => data.abnTests.includes(test.code))
      .map((test) => ({ test: test.name, reason: abn.reasons?.[test.code] || test.reason || '', cost: abn.estimated_costs?.[test.code] ?? null })),
  };
}

/** The ABN's content while the order is entered (printed for the patient to sign before it is submitted). */
export function entryAbnForm(draft: OrderDraft, evaluation: OrderEvaluation, patient: PatientDoc, organization: OrganizationDoc | null): AbnFormData {
  return {
    notifier: organization
      ? [organization.legal_name, addressText(organization.practice_address as Address | null), organization.phone].filter(Boolean).join(', ')
      : '',
    patientName: patientName(patient),
    identification: patient.lab_patient_id,
    items: evaluation.tests
      .filter((verdict) => verdict.coveredByAbn)
      .map((verdict) => ({ test: verdict.test.name, reason: verdict.necessity?.reason ?? '', cost: parseCost(draft.abnCosts[verdict.test.code]) })),
  };
}
