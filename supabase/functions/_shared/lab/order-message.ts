// From the database rows of an order (the order, its patient, ordering provider, client
// organization and the compendium entries of its tests) to the typed input of the HL7
// builders (_shared/hl7/order-types.ts) and of the FHIR bundle: one mapping, used by the
// lis-deliver function on the server and by the order page on the device (the FHIR
// download works offline). The server's Medicare verdict (server_check) decides each test's
// modifier, never the device's; tests the patient declined (ABN option 3) are not sent.
import type {
  AbnModifier,
  Address,
  Coverage,
  OrderMessageInput,
  OrderTest,
  QuestionAnswer,
  Relationship,
  Sex,
  TestAbn,
} from '../hl7/order-types.ts';
import type { Endpoint } from '../hl7/message.ts';
import { isFastingQuestion, orderFasting, withoutFastingAnswers } from './fasting.ts';
import type { AnswerType } from './reference-types.ts';

export interface OrderRowTest {
  code: string;
  name?: string | null;
  cpt_codes?: readonly string[] | null;
  specimen_type?: string | null;
  container?: string | null;
  declined?: boolean | null;
  modifiers?: ReadonlyArray<{ cpt: string; modifier: string | null }> | null;
}

export interface OrderRow {
  id: string;
  requisition_number: string;
  billing: string;
  coverage_rank: string | null;
  tests: readonly OrderRowTest[];
  answers: ReadonlyArray<{ test: string; question: string; value: string }>;
  diagnoses: readonly string[];
  collected_at: string | null;
  collected_by: string | null;
  fasting: boolean | null;
  priority: string;
  comments: string | null;
  abn: { option: number; signature: string; tests: readonly string[] } | null;
  server_check: { tests?: ReadonlyArray<{ code: string; modifier: string | null }> } | null;
  submitted_at: string | null;
  cancel_reason?: string | null;
}

export interface PatientCoverageRow {
  rank: string;
  payer_type: string;
  payer_name?: string | null;
  member_id?: string | null;
  group_number?: string | null;
  subscriber_name?: string | null;
  relationship?: string | null;
}

export interface PatientRow {
  id: string;
  lab_patient_id: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  date_of_birth: string;
  sex: string;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  phone: string | null;
  medical_record_numbers: ReadonlyArray<{ organization_id: string; mrn: string }>;
  coverages: readonly PatientCoverageRow[];
}

export interface ProviderRow {
  npi: string | null;
  first_name: string;
  last_name: string;
  credential: string | null;
}

export interface OrganizationRow {
  id: string;
  legal_name: string;
  dba_name?: string | null;
  npi?: string | null;
  account_number: string | null;
  practice_address: { line1?: string; line2?: string | null; city?: string; state?: string; zip?: string } | null;
  phone: string | null;
}

export interface CompendiumRow {
  code: string;
  name: string;
  loinc: string | null;
  cpt_codes: readonly string[];
  questions: ReadonlyArray<{ code: string; text: string; type: AnswerType }>;
  specimen_type?: string | null;
  container?: string | null;
}

export interface OrderRows {
  order: OrderRow;
  patient: PatientRow;
  provider: ProviderRow;
  organization: OrganizationRow;
  compendium: readonly CompendiumRow[];
}

/** This product and the laboratory as HL7 endpoints (MSH-3/4 and MSH-5/6). */
export const LABLINK_ENDPOINT: Endpoint = { application: 'LABLINK', facility: 'CLIENTS' };
export const DEFAULT_LIS_ENDPOINT: Endpoint = { application: 'LIS', facility: 'LAB' };

const SEX: Record<string, Sex> = { female: 'F', male: 'M', other: 'O', unknown: 'U' };
const RELATIONSHIP: Record<string, Relationship> = { self: 'SEL', spouse: 'SPO', child: 'CHD', other: 'OTH' };
const PLAN_TYPE: Record<string, string> = { medicare: 'MC', medicaid: 'MD', commercial: 'CI', self_pay: 'SP' };

function address(line1: string | null | undefined, line2: string | null | undefined, city: string | null | undefined, state: string | null | undefined, zip: string | null | undefined): Address | null {
  if (!line1 || !city || !state || !zip) return null;
  return { line1, line2: line2 ?? null, city, state, zip };
}

/** "Last, First Middle" or "First Last" → parts; the patient's name when it is blank. */
function splitName(name: string | null | undefined, fallback: PatientRow): { lastName: string; firstName: string } {
  const text = (name ?? '').trim();
  if (!text) return { lastName: fallback.last_name, firstName: fallback.first_name };
  if (text.includes(',')) {
    const [last = '', first = ''] = text.split(',', 2);
    return { lastName: last.trim(), firstName: first.trim() };
  }
  const parts = text.split(/\s+/);
  return { lastName: parts.at(-1) ?? text, firstName: parts.slice(0, -1).join(' ') };
}

function coverageOf(row: PatientCoverageRow, patient: PatientRow): Coverage {
  const relationship = RELATIONSHIP[row.relationship ?? 'self'] ?? 'SEL';
  const medicare = row.payer_type === 'medicare';
  return {
    payerId: medicare ? 'MEDICARE' : row.payer_type === 'medicaid' ? 'MEDICAID' : (row.payer_name ?? row.payer_type).toUpperCase().replace(/[^A-Z0-9]+/g, '').slice(0, 20) || 'PAYER',
    payerName: row.payer_name?.trim() || (medicare ? 'Medicare Part B' : row.payer_type === 'medicaid' ? 'Medicaid' : 'Insurance'),
    planType: PLAN_TYPE[row.payer_type] ?? 'CI',
    memberId: row.member_id ?? '',
    groupNumber: row.group_number ?? null,
    insured: {
      ...(relationship === 'SEL' ? { lastName: patient.last_name, firstName: patient.first_name } : splitName(row.subscriber_name, patient)),
      relationship,
      birthDate: relationship === 'SEL' ? patient.date_of_birth : null,
    },
  };
}

function answerOf(answer: { question: string; value: string }, question: CompendiumRow['questions'][number] | undefined): QuestionAnswer {
  const base = { code: answer.question, question: question?.text ?? answer.question };
  switch (question?.type) {
    case 'yes-no': {
      const yes = /^(y|yes|true)$/i.test(answer.value.trim());
      return { ...base, valueType: 'CE', value: yes ? 'Y' : 'N', answerText: yes ? 'Yes' : 'No' };
    }
    case 'number':
      return Number.isFinite(Number(answer.value)) ? { ...base, valueType: 'NM', value: answer.value.trim() } : { ...base, valueType: 'ST', value: answer.value };
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(answer.value.trim()) ? { ...base, valueType: 'DT', value: answer.value.trim() } : { ...base, valueType: 'ST', value: answer.value };
    default:
      return { ...base, valueType: 'ST', value: answer.value };
  }
}

/** The test's modifier as the laboratory receives it: the server's verdict when it made one, else the device's. */
export function sentModifier(order: Pick<OrderRow, 'server_check'>, test: OrderRowTest): AbnModifier | null {
  const server = order.server_check?.tests?.find((line) => line.code === test.code);
  const value = server ? server.modifier : (test.modifiers ?? []).map((line) => line.modifier).find((m) => m) ?? null;
  return value === 'GA' || value === 'GZ' || value === 'GY' ? value : null;
}

/** The test's ABN as the laboratory receives it (ABN OBX, modifier): signed, refused, or not obtained. */
export function sentAbn(order: Pick<OrderRow, 'server_check' | 'abn'>, test: OrderRowTest): TestAbn | null {
  const modifier = sentModifier(order, test);
  if (!modifier) return null;
  const abn = order.abn && order.abn.tests.includes(test.code) ? order.abn : null;
  if (!abn) return { status: 'not_obtained', option: null, modifier };
  const option = abn.option === 1 || abn.option === 2 || abn.option === 3 ? abn.option : null;
  return { status: abn.signature === 'signed' ? 'signed' : 'refused', option, modifier };
}

/** The tests sent: every test but those the patient declined. */
export function sentTests(order: OrderRow): OrderRowTest[] {
  return order.tests.filter((test) => !test.declined);
}

export interface MessageOptions {
  version: number;
  sentAt: Date | string;
  receiver?: Endpoint;
  processingId?: 'P' | 'T' | 'D';
}

/** The HL7 builders' input for the order's rows (buildOrm; with a reason, buildCancel). */
export function orderMessageInput(rows: OrderRows, options: MessageOptions): OrderMessageInput {
  const { order, patient, provider, organization } = rows;
  const byCode = new Map(rows.compendium.map((test) => [test.code, test]));
  const mrn = patient.medical_record_numbers.find((item) => item.organization_id === organization.id)?.mrn;
  const medicare = patient.coverages.find((c) => c.payer_type === 'medicare')?.member_id;
  const medicaid = patient.coverages.find((c) => c.payer_type === 'medicaid')?.member_id;
  const billed = order.billing === 'insurance' ? patient.coverages.find((c) => c.rank === order.coverage_rank) : undefined;
  const tests: OrderTest[] = sentTests(order).map((test) => {
    const entry = byCode.get(test.code);
    const questions = new Map((entry?.questions ?? []).map((q) => [q.code, q]));
    return {
      code: test.code,
      name: entry?.name ?? test.name ?? test.code,
      loinc: entry?.loinc ?? null,
      cpt: (test.cpt_codes ?? entry?.cpt_codes ?? [])[0] ?? null,
      // The fasting question's answer is the order's fasting fact, sent once on its own.
      questionAnswers: withoutFastingAnswers(order.answers.filter((a) => a.test === test.code && a.value.trim() !== '')).map((a) => answerOf(a, questions.get(a.question))),
      asksFasting: (entry?.questions ?? []).some((q) => isFastingQuestion(q.code)) || order.answers.some((a) => a.test === test.code && isFastingQuestion(a.question)),
      specimenType: test.specimen_type ?? entry?.specimen_type ?? null,
      container: test.container ?? entry?.container ?? null,
      abn: sentAbn(order, test),
    };
  });
  const org = organization.practice_address;
  return {
    requisitionNumber: order.requisition_number,
    version: options.version,
    sentAt: options.sentAt,
    sender: LABLINK_ENDPOINT,
    receiver: options.receiver ?? DEFAULT_LIS_ENDPOINT,
    processingId: options.processingId ?? 'P',
    patient: {
      id: patient.lab_patient_id,
      lastName: patient.last_name,
      firstName: patient.first_name,
      middleName: patient.middle_name,
      birthDate: patient.date_of_birth,
      sex: SEX[patient.sex] ?? 'U',
      identifiers: [
        ...(mrn ? [{ value: mrn, type: 'PT' as const, authority: organization.account_number ?? undefined }] : []),
        ...(medicare ? [{ value: medicare, type: 'MC' as const, authority: 'CMS' }] : []),
        ...(medicaid ? [{ value: medicaid, type: 'MA' as const }] : []),
      ],
      address: address(patient.address_line1, patient.address_line2, patient.city, patient.state, patient.postal_code),
      phone: patient.phone,
    },
    billTo: order.billing === 'insurance' ? 'insurance' : order.billing === 'patient' ? 'patient' : 'client',
    coverages: billed ? [coverageOf(billed, patient)] : [],
    orderingProvider: { npi: provider.npi ?? '', lastName: provider.last_name, firstName: provider.first_name, credential: provider.credential },
    client: {
      accountNumber: organization.account_number ?? organization.id,
      name: organization.dba_name?.trim() || organization.legal_name,
      address: org ? address(org.line1, org.line2, org.city, org.state, org.zip) : null,
      phone: organization.phone,
    },
    priority: order.priority === 'stat' ? 'stat' : 'routine',
    collection: { collectedAt: order.collected_at, collectedBy: order.collected_by, fasting: orderFasting(order) },
    tests,
    diagnoses: order.diagnoses.map((code) => ({ code })),
    comments: order.comments?.trim() ? [order.comments.trim()] : [],
  };
}
