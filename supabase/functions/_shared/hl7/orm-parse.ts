// parseOrm: an ORM^O01 read back into what a laboratory needs from it, with the checks a
// receiving engine makes (required segments and fields, ORC per OBR, ordering provider
// with NPI, coverage and diagnoses when a third party pays). The LIS simulator validates
// every order with it; tests use it to read what buildOrm wrote.
import { hasValidCheckDigit } from '../npi.ts';
import { parseHl7Date, parseHl7Time } from './datetime.ts';
import { Hl7Error } from './errors.ts';
import type { SegmentView } from './fields.ts';
import { parseMessage, type Endpoint, type ParsedMessage } from './message.ts';

export interface ReceivedTest {
  orderControl: 'NW' | 'CA';
  placerOrderNumber: string;
  code: string;
  name: string;
  loinc: string | null;
  priority: 'routine' | 'stat';
  collectedAt: string | null;
  orderingProviderNpi: string;
  diagnosisCodes: string[];
  answers: Array<{ code: string; valueType: string; value: string }>;
  modifiers: string[];
  comments: string[];
  cancelReason: string | null;
}

export interface ReceivedOrder {
  controlId: string;
  sentAt: string | null;
  sender: Endpoint;
  receiver: Endpoint;
  processingId: string;
  version: string;
  patient: { id: string; lastName: string; firstName: string; birthDate: string; sex: string };
  /** PV1-20: C client, P patient, T third party (insurance). */
  financialClass: string | null;
  coverages: Array<{ payerId: string; payerName: string; memberId: string }>;
  clientAccount: string | null;
  tests: ReceivedTest[];
}

function required(view: SegmentView, field: number, what: string, component = 1): string {
  const value = view.text(field, component);
  if (!value) throw new Hl7Error(`${what} is missing`, view.location(field, component), '101');
  return value;
}

function readTest(orc: SegmentView, obr: SegmentView, after: SegmentView[]): ReceivedTest {
  const control = required(orc, 1, 'the order control code');
  if (control !== 'NW' && control !== 'CA') {
    throw new Hl7Error(`order control "${control}" is not supported (NW new or CA cancel)`, orc.location(1), '103');
  }
  const placer = obr.text(2) || required(orc, 2, 'the placer order number');
  const npi = obr.text(16) || orc.text(12);
  if (!npi) throw new Hl7Error('the ordering provider is missing', obr.location(16), '101');
  if (!hasValidCheckDigit(npi)) throw new Hl7Error(`the ordering provider's NPI "${npi}" is not valid`, obr.location(16), '102');
  const collected = obr.text(7);
  const priority = obr.text(27, 6);
  if (priority && priority !== 'S' && priority !== 'R') {
    throw new Hl7Error(`priority "${priority}" is not S (stat) or R (routine)`, obr.location(27, 6), '103');
  }
  const modifiers = Array.from({ length: obr.repetitionCount(45) }, (_, r) => obr.text(45, 1, undefined, r)).filter(Boolean);
  return {
    orderControl: control,
    placerOrderNumber: placer,
    code: required(obr, 4, 'the universal service identifier (order code)'),
    name: obr.text(4, 2),
    loinc: obr.text(4, 6) === 'LN' ? obr.text(4, 4) : null,
    priority: priority === 'S' ? 'stat' : 'routine',
    collectedAt: collected ? parseHl7Time(collected, obr.location(7)) : null,
    orderingProviderNpi: npi,
    diagnosisCodes: after.filter((s) => s.name === 'DG1').map((dg1) => required(dg1, 3, 'the diagnosis code')),
    answers: after
      .filter((s) => s.name === 'OBX')
      .map((obx) => ({ code: required(obx, 3, 'the question code'), valueType: required(obx, 2, 'the value type'), value: obx.text(5) })),
    modifiers,
    comments: after.filter((s) => s.name === 'NTE').map((nte) => nte.text(3)),
    cancelReason: orc.text(16, 2) || orc.text(16, 1) || null,
  };
}

export function parseOrm(text: string): ReceivedOrder {
  return readOrm(parseMessage(text));
}

/** parseOrm of a message already parsed (a receiver that read its header first parses once). */
export function readOrm(parsed: ParsedMessage): ReceivedOrder {
  if (parsed.messageCode !== 'ORM' || parsed.triggerEvent !== 'O01') {
    throw new Hl7Error(`expected an ORM^O01, got ${parsed.messageCode}^${parsed.triggerEvent}`, 'MSH-9', '200');
  }
  const segments = parsed.segments;
  const pid = segments.find((s) => s.name === 'PID');
  if (!pid) throw new Hl7Error('the message has no PID segment', null, '100');
  const pv1 = segments.find((s) => s.name === 'PV1');
  const financialClass = pv1?.text(20) || null;
  const coverages = segments
    .filter((s) => s.name === 'IN1')
    .map((in1) => ({ payerId: required(in1, 3, "the insurer's id"), payerName: in1.text(4), memberId: required(in1, 36, 'the policy number') }));
  if (financialClass === 'T' && coverages.length === 0) {
    throw new Hl7Error('third-party billing (PV1-20 T) needs an IN1 segment', pv1?.location(20) ?? null, '101');
  }

  const tests: ReceivedTest[] = [];
  let clientAccount: string | null = null;
  for (let i = 0; i < segments.length; i += 1) {
    const view = segments[i] as SegmentView;
    if (view.name === 'OBR') throw new Hl7Error('an OBR must follow its ORC', view.location(), '100');
    if (view.name !== 'ORC') continue;
    const obr = segments[i + 1];
    if (!obr || obr.name !== 'OBR') throw new Hl7Error('an ORC must be followed by its OBR', view.location(), '100');
    const next = segments.findIndex((s, j) => j > i + 1 && s.name === 'ORC');
    const after = segments.slice(i + 2, next === -1 ? segments.length : next);
    const test = readTest(view, obr, after);
    if (financialClass === 'T' && test.orderControl === 'NW' && test.diagnosisCodes.length === 0) {
      throw new Hl7Error(`test ${test.code} billed to insurance has no diagnosis (DG1)`, obr.location(), '101');
    }
    clientAccount ??= view.text(21, 10) || null;
    tests.push(test);
    i += 1 + after.length;
  }
  if (tests.length === 0) throw new Hl7Error('the message has no ORC/OBR order', null, '100');

  return {
    controlId: parsed.controlId,
    sentAt: parsed.sentAt,
    sender: parsed.sender,
    receiver: parsed.receiver,
    processingId: parsed.processingId,
    version: parsed.version,
    patient: {
      id: required(pid, 3, "the patient's identifier"),
      lastName: required(pid, 5, "the patient's last name"),
      firstName: pid.text(5, 2),
      birthDate: parseHl7Date(required(pid, 7, "the patient's date of birth"), pid.location(7)),
      sex: required(pid, 8, "the patient's sex"),
    },
    financialClass,
    coverages,
    clientAccount,
    tests,
  };
}
