// ORM^O01 (v2.5.1) for a new order and for its cancellation, built segment by segment from
// the typed order: MSH, PID, PV1, IN1 per coverage, GT1, then per test ORC + OBR with its
// NTE comments, DG1 diagnoses and OBX answers (order questions, fasting, ABN), in the order
// the ORM_O01 structure prescribes. The message control ID is derived from the requisition
// number and the order's version (controlIdFor), so a resend of the same version carries
// the same ID and the receiver recognises it as a duplicate: that is what makes delivery
// exactly-once over an at-least-once transport.
import { formatHl7Date, formatHl7Time } from './datetime.ts';
import { Hl7Error } from './errors.ts';
import { segment, type FieldValue, type Repetition } from './fields.ts';
import type { Hl7Segment } from './library.ts';
import { header, MAX_CONTROL_ID_LENGTH, serialize } from './message.ts';
import { FASTING_LOINC } from '../lab/fasting.ts';
import { degreeOf } from './degree.ts';
import { checkCancelInput, checkOrderInput, dottedIcd10 } from './order-check.ts';
import type { Address, CancelMessageInput, OrderMessageInput, OrderTest, PersonName } from './order-types.ts';

/** N: the order (ORC NW); C: its cancellation (ORC CA). */
export type OrderEvent = 'N' | 'C';

export { FASTING_LOINC };
/** The local code of the OBX that carries a test's ABN status. */
export const ABN_OBSERVATION_CODE = 'ABN';
/** The OID of the NPI as an assigning authority (XCN.9). */
const NPI_AUTHORITY: readonly string[] = ['NPI', '2.16.840.1.113883.4.6', 'ISO'];

/**
 * The message control ID (MSH-10) of an order's message: `<requisition>-<N|C><version>`,
 * e.g. "R24A7K9QX-N1". The same order, version and event always give the same ID.
 */
export function controlIdFor(requisitionNumber: string, version: number, event: OrderEvent): string {
  const id = `${requisitionNumber}-${event}${version}`;
  if (id.length > MAX_CONTROL_ID_LENGTH) {
    throw new Hl7Error(
      `the message control ID "${id}" would be longer than ${MAX_CONTROL_ID_LENGTH} characters: shorten the requisition number`,
      'requisitionNumber',
    );
  }
  return id;
}

function address(value: Address | null | undefined): FieldValue {
  if (!value) return null;
  return [value.line1, value.line2 ?? null, value.city, value.state, value.zip, value.country ?? 'USA'];
}

function name(person: PersonName): Repetition {
  return [person.lastName, person.firstName, person.middleName ?? null];
}

function phone(value: string | null | undefined): FieldValue {
  return value ? [value, 'WPN', 'PH'] : null;
}

/**
 * XCN of the ordering provider with the NPI as identifier type and authority; XCN-7 the
 * degree as a code of table 0360, XCN-21 the credential as written ("M.D.", "PA-C").
 */
function providerXcn(input: OrderMessageInput): Repetition {
  const p = input.orderingProvider;
  const degree = degreeOf(p.credential);
  const xcn: Array<Repetition[number]> = [p.npi, p.lastName, p.firstName, p.middleName ?? null, null, null, degree.code, null, NPI_AUTHORITY, null, null, null, 'NPI'];
  // The text as written, where the code does not already say it.
  if (degree.text && degree.text !== degree.code) xcn[20] = degree.text;
  return xcn;
}

function patientSegments(input: OrderMessageInput): Hl7Segment[] {
  const p = input.patient;
  const ids: Repetition[] = [[p.id, null, null, input.sender.application, 'MR']];
  for (const id of p.identifiers ?? []) ids.push([id.value, null, null, id.authority ?? null, id.type]);
  const billCode = { client: 'C', patient: 'P', insurance: 'T' }[input.billTo];
  const segments: Hl7Segment[] = [
    segment('PID', {
      1: '1',
      3: { repeat: ids },
      5: name(p),
      7: formatHl7Date(p.birthDate, 'patient.birthDate'),
      8: p.sex,
      11: address(p.address),
      13: p.phone ? [p.phone, 'PRN', 'PH'] : null,
    }),
    // PV1-2 O: an outpatient; PV1-20 the financial class: C client, P patient, T third party.
    segment('PV1', { 1: '1', 2: 'O', 20: billCode }),
  ];
  if (input.billTo === 'insurance') {
    (input.coverages ?? []).forEach((c, i) => {
      segments.push(
        segment('IN1', {
          1: String(i + 1),
          2: [c.planType],
          3: [c.payerId],
          4: c.payerName,
          5: address(c.payerAddress),
          8: c.groupNumber ?? null,
          15: c.planType,
          16: name(c.insured),
          17: [c.insured.relationship],
          18: c.insured.birthDate ? formatHl7Date(c.insured.birthDate) : null,
          36: c.memberId,
        }),
      );
    });
  }
  if (input.billTo !== 'client') {
    const g = input.guarantor ?? { ...p, relationship: 'SEL' as const };
    segments.push(
      segment('GT1', {
        1: '1',
        3: name(g),
        5: address(g.address ?? null),
        6: g.phone ? [g.phone, 'PRN', 'PH'] : null,
        11: [g.relationship],
      }),
    );
  }
  return segments;
}

interface OrderSegmentOptions {
  control: 'NW' | 'CA';
  reason: string | null;
  time: string;
}

function obx(setId: number, valueType: string, code: Repetition, value: FieldValue, units: string | null = null): Hl7Segment {
  return segment('OBX', { 1: String(setId), 2: valueType, 3: code, 5: value, 6: units ? [units] : null, 11: 'F' });
}

/** The test whose OBR carries the fasting fact: the first that asks for it, else the first. */
function fastingTest(input: OrderMessageInput): OrderTest | undefined {
  return input.tests.find((test) => test.asksFasting) ?? input.tests[0];
}

function answerSegments(input: OrderMessageInput, test: OrderTest): Hl7Segment[] {
  const segments: Hl7Segment[] = [];
  const answers = test.questionAnswers ?? [];
  for (const answer of answers) {
    const value: FieldValue =
      answer.valueType === 'CE'
        ? [answer.value, answer.answerText ?? null, 'L']
        : answer.valueType === 'DT'
          ? formatHl7Date(answer.value)
          : answer.value;
    segments.push(obx(segments.length + 1, answer.valueType, [answer.code, answer.question, answer.codingSystem ?? 'L'], value, answer.units ?? null));
  }
  // One fact, sent once: under the OBR of the (first) test that asks for it.
  const fasting = input.collection?.fasting;
  if (typeof fasting === 'boolean' && test === fastingTest(input) && !answers.some((a) => a.code === FASTING_LOINC)) {
    const yn: Repetition = fasting ? ['Y', 'Yes', 'HL70136'] : ['N', 'No', 'HL70136'];
    segments.push(obx(segments.length + 1, 'CE', [FASTING_LOINC, 'Fasting status - Reported', 'LN'], yn));
  }
  if (test.abn) {
    const { status, option, modifier } = test.abn;
    const label = status === 'signed' ? `Signed, option ${option ?? 1}` : status === 'refused' ? 'Refused to sign' : 'Not obtained';
    const code = status === 'signed' ? `SIGNED-${option ?? 1}` : status.toUpperCase();
    segments.push(obx(segments.length + 1, 'CE', [ABN_OBSERVATION_CODE, 'Advance Beneficiary Notice', 'L'], [code, `${label}; modifier ${modifier}`, 'L']));
  }
  return segments;
}

function orderSegments(input: OrderMessageInput, test: OrderTest, setId: number, options: OrderSegmentOptions): Hl7Segment[] {
  const placer: Repetition = [input.requisitionNumber, input.sender.application];
  const provider = providerXcn(input);
  const offset = input.utcOffsetMinutes ?? 0;
  const collectedAt = input.collection?.collectedAt;
  const allDiagnoses = (input.diagnoses ?? []).map((d, i) => ({ ...d, code: dottedIcd10(d.code, `diagnoses[${i}].code`) }));
  const wanted = test.diagnosisCodes?.map((c) => dottedIcd10(c, 'diagnosisCodes'));
  const diagnoses = wanted ? allDiagnoses.filter((d) => wanted.includes(d.code)) : allDiagnoses;
  const service: Repetition = test.loinc ? [test.code, test.name, 'L', test.loinc, test.name, 'LN'] : [test.code, test.name, 'L'];
  const segments: Hl7Segment[] = [
    segment('ORC', {
      1: options.control,
      2: placer,
      4: placer,
      9: options.time,
      12: provider,
      16: options.reason ? [null, options.reason] : null,
      21: [input.client.name, 'L', null, null, null, null, null, null, null, input.client.accountNumber],
      22: address(input.client.address),
      23: phone(input.client.phone),
    }),
    segment('OBR', {
      1: String(setId),
      2: placer,
      4: service,
      7: collectedAt ? formatHl7Time(collectedAt, offset) : null,
      10: input.collection?.collectedBy ? [null, input.collection.collectedBy] : null,
      // O: collected by the client's staff; L: the laboratory is to collect it.
      11: collectedAt ? 'O' : 'L',
      16: provider,
      27: [null, null, null, null, null, input.priority === 'stat' ? 'S' : 'R'],
      44: test.cpt ? [test.cpt, null, 'C4'] : null,
      45: test.abn ? [test.abn.modifier, null, 'HCPCS'] : null,
    }),
  ];
  const comments = [...(setId === 1 ? (input.comments ?? []) : []), ...(test.comments ?? [])];
  comments.forEach((comment, i) => segments.push(segment('NTE', { 1: String(i + 1), 2: 'L', 3: comment })));
  diagnoses.forEach((d, i) => segments.push(segment('DG1', { 1: String(i + 1), 3: [d.code, d.description ?? null, 'I10'], 6: 'W' })));
  if (options.control === 'NW') segments.push(...answerSegments(input, test));
  return segments;
}

/** The ORM^O01 (ORC NW per test) that sends a new order to the laboratory. */
export function buildOrm(input: OrderMessageInput): string {
  checkOrderInput(input);
  const time = formatHl7Time(input.sentAt, input.utcOffsetMinutes ?? 0);
  const segments = [
    header({
      sender: input.sender,
      receiver: input.receiver,
      time,
      type: ['ORM', 'O01', 'ORM_O01'],
      controlId: controlIdFor(input.requisitionNumber, input.version, 'N'),
      processingId: input.processingId ?? 'P',
    }),
    ...patientSegments(input),
  ];
  input.tests.forEach((test, i) => segments.push(...orderSegments(input, test, i + 1, { control: 'NW', reason: null, time })));
  return serialize(segments);
}

/** The ORM^O01 (ORC CA per test) that cancels an order, or some of its tests, before receipt. */
export function buildCancel(input: CancelMessageInput): string {
  checkCancelInput(input);
  const time = formatHl7Time(input.sentAt, input.utcOffsetMinutes ?? 0);
  const tests = input.testCodes?.length ? input.tests.filter((t) => input.testCodes?.includes(t.code)) : input.tests;
  const segments = [
    header({
      sender: input.sender,
      receiver: input.receiver,
      time,
      type: ['ORM', 'O01', 'ORM_O01'],
      controlId: controlIdFor(input.requisitionNumber, input.version, 'C'),
      processingId: input.processingId ?? 'P',
    }),
    ...patientSegments(input),
  ];
  tests.forEach((test, i) => segments.push(...orderSegments(input, test, i + 1, { control: 'CA', reason: input.reason, time })));
  return serialize(segments);
}
