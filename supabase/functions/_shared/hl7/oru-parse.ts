// parseOru: an ORU^R01 from the laboratory, read into typed results, or an Hl7Error that
// names the segment and field at fault (the receiver puts it in its AE answer and in the
// error queue). One patient per message; several orders, each with its observations.
import { base64ToBytes } from './base64.ts';
import { parseHl7Date, parseHl7Time } from './datetime.ts';
import { Hl7Error } from './errors.ts';
import type { SegmentView } from './fields.ts';
import { parseMessage } from './message.ts';
import type { Sex } from './order-types.ts';
import {
  ABNORMAL_FLAGS, OBSERVATION_STATUSES, type AbnormalFlag, type Attachment, type Observation, type ObservationStatus,
  type ResultMessage, type ResultOrder, type ResultPatient, type ResultStatus,
} from './result-types.ts';

const NUMBER = /^[+-]?\d+(?:\.\d+)?$/;
const RESULT_STATUSES = new Set(['O', 'I', 'S', 'A', 'P', 'C', 'R', 'F', 'X', 'Y', 'Z']);

function optionalTime(view: SegmentView, field: number): string | null {
  const text = view.text(field);
  return text ? parseHl7Time(text, view.location(field)) : null;
}

function readPatient(pid: SegmentView): ResultPatient {
  const identifiers = Array.from({ length: pid.repetitionCount(3) }, (_, r) => ({
    value: pid.text(3, 1, undefined, r),
    type: pid.text(3, 5, undefined, r),
    authority: pid.text(3, 4, undefined, r),
  })).filter((id) => id.value);
  const first = identifiers[0];
  if (!first) throw new Hl7Error("the patient's identifier is missing", pid.location(3), '101');
  const lastName = pid.text(5, 1);
  if (!lastName) throw new Hl7Error("the patient's name is missing", pid.location(5), '101');
  const birth = pid.text(7);
  const sex = pid.text(8);
  return {
    id: first.value,
    identifiers,
    lastName,
    firstName: pid.text(5, 2),
    middleName: pid.text(5, 3) || null,
    // Only the date part of a birth time is kept.
    birthDate: birth ? parseHl7Date(birth.slice(0, 8), pid.location(7)) : null,
    sex: sex ? ((['F', 'M', 'O', 'U'].includes(sex) ? sex : 'U') as Sex) : null,
  };
}

function readAttachment(obx: SegmentView): Attachment {
  const type = obx.text(5, 2).toUpperCase();
  const subtype = obx.text(5, 3).toLowerCase();
  const encoding = obx.text(5, 4);
  if (encoding.toLowerCase() !== 'base64') {
    throw new Hl7Error(`encapsulated data must be Base64, not "${encoding}"`, obx.location(5, 4), '102');
  }
  const data = base64ToBytes(obx.text(5, 5));
  if (!data || data.length === 0) throw new Hl7Error('the encapsulated data is not valid Base64', obx.location(5, 5), '102');
  // A PDF is a PDF by its bytes, whatever the subtype says (table 0291 of v2.5.1 has none for it).
  if (new TextDecoder().decode(data.subarray(0, 5)) === '%PDF-') return { mediaType: 'application/pdf', data };
  const major = type === 'AP' || type === 'APPLICATION' || type === '' ? 'application' : type === 'IM' ? 'image' : type.toLowerCase();
  return { mediaType: `${major}/${subtype || 'octet-stream'}`, data };
}

function readObservation(obx: SegmentView, collectedAt: string | null): Observation {
  const valueType = obx.text(2);
  if (!valueType) throw new Hl7Error('the value type is missing', obx.location(2), '101');
  const code = obx.text(3, 1);
  if (!code) throw new Hl7Error('the observation identifier is missing', obx.location(3), '101');
  const status = obx.text(11);
  if (!status) throw new Hl7Error('the observation result status is missing', obx.location(11), '101');
  if (!(status in OBSERVATION_STATUSES)) throw new Hl7Error(`"${status}" is not a result status of HL7 table 0085`, obx.location(11), '103');
  const abnormalFlags = Array.from({ length: obx.repetitionCount(8) }, (_, r) => obx.text(8, 1, undefined, r)).filter(Boolean);
  for (const flag of abnormalFlags) {
    if (!(flag in ABNORMAL_FLAGS)) throw new Hl7Error(`"${flag}" is not an abnormal flag of HL7 table 0078`, obx.location(8), '103');
  }

  let value: string | null = null;
  let numericValue: number | null = null;
  let coded: Observation['coded'] = null;
  let attachment: Attachment | null = null;
  const first = obx.text(5);
  if (valueType === 'ED') {
    attachment = readAttachment(obx);
  } else if (valueType === 'NM') {
    if (first && !NUMBER.test(first.trim())) throw new Hl7Error(`"${first}" is not a number (value type NM)`, obx.location(5), '102');
    value = first ? first.trim() : null;
    numericValue = value === null ? null : Number(value);
  } else if (valueType === 'CE' || valueType === 'CWE' || valueType === 'CNE') {
    coded = first || obx.text(5, 2) ? { code: first, text: obx.text(5, 2), system: obx.text(5, 3) } : null;
    value = coded ? coded.text || coded.code : null;
  } else if (valueType === 'SN') {
    const [comparator, num1, separator, num2] = [1, 2, 3, 4].map((c) => obx.text(5, c));
    for (const [n, c] of [[num1, 2], [num2, 4]] as const) {
      if (n && !NUMBER.test(n)) throw new Hl7Error(`"${n}" is not a number (value type SN)`, obx.location(5, c), '102');
    }
    value = `${comparator}${num1}${separator}${num2}` || null;
    numericValue = num1 && !comparator && !separator ? Number(num1) : null;
  } else if (valueType === 'DT') {
    value = first ? parseHl7Date(first, obx.location(5)) : null;
  } else if (valueType === 'TS' || valueType === 'DTM') {
    value = first ? parseHl7Time(first, obx.location(5)) : null;
  } else {
    // ST, TX, FT and the rest: text; repetitions are lines.
    const lines = Array.from({ length: obx.repetitionCount(5) }, (_, r) => obx.text(5, 1, undefined, r));
    value = lines.length ? lines.join('\n') : null;
  }
  const units = obx.text(6, 1) || obx.text(6, 2);
  return {
    setId: Number(obx.text(1)) || obx.occurrence,
    valueType,
    code,
    codeText: obx.text(3, 2),
    codeSystem: obx.text(3, 3),
    subId: obx.text(4) || null,
    value,
    numericValue,
    coded,
    attachment,
    units: units || null,
    referenceRange: obx.text(7) || null,
    abnormalFlags: abnormalFlags as AbnormalFlag[],
    status: status as ObservationStatus,
    observedAt: optionalTime(obx, 14) ?? collectedAt,
    comments: [],
  };
}

function readOrder(obr: SegmentView, orc: SegmentView | null): ResultOrder {
  const testCode = obr.text(4, 1);
  if (!testCode) throw new Hl7Error('the universal service identifier (test code) is missing', obr.location(4), '101');
  const resultStatus = obr.text(25);
  if (resultStatus && !RESULT_STATUSES.has(resultStatus)) {
    throw new Hl7Error(`"${resultStatus}" is not a result status of HL7 table 0123`, obr.location(25), '103');
  }
  return {
    placerOrderNumber: obr.text(2) || orc?.text(2) || null,
    fillerOrderNumber: obr.text(3) || orc?.text(3) || null,
    testCode,
    testName: obr.text(4, 2),
    testCodingSystem: obr.text(4, 3),
    orderControl: orc?.text(1) || null,
    orderStatus: orc?.text(5) || null,
    resultStatus: (resultStatus || null) as ResultStatus | null,
    collectedAt: optionalTime(obr, 7),
    resultedAt: optionalTime(obr, 22),
    observations: [],
    comments: [],
  };
}

/** Reads an ORU^R01 into typed results; throws Hl7Error for anything malformed. */
export function parseOru(text: string): ResultMessage {
  const parsed = parseMessage(text);
  if (parsed.messageCode !== 'ORU' || parsed.triggerEvent !== 'R01') {
    throw new Hl7Error(`expected an ORU^R01, got ${parsed.messageCode}^${parsed.triggerEvent}`, 'MSH-9', '200');
  }
  const pids = parsed.segments.filter((s) => s.name === 'PID');
  if (pids.length === 0) throw new Hl7Error('the message has no PID segment', null, '100');
  if (pids.length > 1) throw new Hl7Error('one patient per message is supported; this one has several PID segments');
  const patient = readPatient(pids[0] as SegmentView);

  const orders: ResultOrder[] = [];
  let pendingOrc: SegmentView | null = null;
  let order: ResultOrder | null = null;
  let observation: Observation | null = null;
  for (const view of parsed.segments.slice(1)) {
    if (view.name === 'ORC') {
      pendingOrc = view;
    } else if (view.name === 'OBR') {
      order = readOrder(view, pendingOrc);
      pendingOrc = null;
      observation = null;
      orders.push(order);
    } else if (view.name === 'OBX') {
      if (!order) throw new Hl7Error('an OBX must follow an OBR', view.location(), '100');
      observation = readObservation(view, order.collectedAt);
      order.observations.push(observation);
    } else if (view.name === 'NTE') {
      const note = view.text(3);
      if (observation) observation.comments.push(note);
      else if (order) order.comments.push(note);
    }
  }
  if (orders.length === 0) throw new Hl7Error('the message has no OBR segment', null, '100');
  return {
    controlId: parsed.controlId,
    sentAt: parsed.sentAt,
    sender: parsed.sender,
    receiver: parsed.receiver,
    version: parsed.version,
    patient,
    orders,
  };
}
