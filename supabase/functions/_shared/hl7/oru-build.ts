// ORU^R01 (v2.5.1) from typed results: what the LIS simulator sends back and what tests use
// to play a laboratory. Same building blocks as the ORM, so every value is escaped and
// every segment in the order the ORU_R01 structure prescribes: MSH, PID, then per order
// ORC, OBR, NTE*, and OBX with its NTE*.
import { bytesToBase64 } from './base64.ts';
import { formatHl7Date, formatHl7Time } from './datetime.ts';
import { Hl7Error } from './errors.ts';
import { segment, type FieldValue, type Repetition } from './fields.ts';
import type { Hl7Segment } from './library.ts';
import { header, serialize, type Endpoint, type ProcessingId } from './message.ts';
import type { Sex } from './order-types.ts';
import type { AbnormalFlag, Attachment, CodedValue, ObservationStatus, ResultStatus } from './result-types.ts';

export interface ObservationInput {
  valueType: 'NM' | 'ST' | 'TX' | 'FT' | 'CE' | 'CWE' | 'SN' | 'DT' | 'ED';
  code: string;
  codeText: string;
  /** Default LN (LOINC). */
  codeSystem?: string;
  /** Text (NM as its digits, SN as "<5", DT as YYYY-MM-DD), a coded value, or an attachment. */
  value: string | CodedValue | Attachment;
  units?: string | null;
  referenceRange?: string | null;
  abnormalFlags?: readonly AbnormalFlag[];
  status: ObservationStatus;
  observedAt?: Date | string | null;
  comments?: readonly string[];
}

export interface ResultOrderInput {
  placerOrderNumber: string | null;
  /** The placer's namespace in EI.2 (the ordering application), when known. */
  placerNamespace?: string | null;
  fillerOrderNumber: string;
  fillerNamespace?: string | null;
  testCode: string;
  testName: string;
  testCodingSystem?: string;
  orderControl?: string;
  orderStatus?: string | null;
  resultStatus: ResultStatus;
  collectedAt?: Date | string | null;
  resultedAt?: Date | string | null;
  comments?: readonly string[];
  observations: readonly ObservationInput[];
}

export interface OruInput {
  controlId: string;
  sentAt: Date | string;
  sender: Endpoint;
  receiver: Endpoint;
  processingId?: ProcessingId;
  patient: {
    id: string;
    authority?: string | null;
    lastName: string;
    firstName: string;
    middleName?: string | null;
    birthDate?: string | null;
    sex?: Sex | null;
  };
  orders: readonly ResultOrderInput[];
}

const SN = /^(<=|>=|<>|<|>|=)?(-?\d+(?:\.\d+)?)?(?:([-+/.:])(-?\d+(?:\.\d+)?))?$/;

/** LOINC "Laboratory report": how a laboratory codes the OBX that carries its report. */
export const REPORT_LOINC = '11502-2';
/** ED.5 is TX, at most 65,536 characters in v2.5.1: about 48 KB of a file, as Base64. */
export const MAX_ED_DATA = 65_536;

/**
 * ED (v2.5.1 2.A.24) within the standard's tables: type of data AP (table 0191), subtype of
 * table 0291 (which has no PDF: Octet-stream, the reader recognises the PDF by its bytes),
 * encoding Base64 (table 0299), and the data no longer than TX allows.
 */
function encapsulated(value: Attachment, location: string): FieldValue {
  const data = bytesToBase64(value.data);
  if (data.length > MAX_ED_DATA) {
    throw new Hl7Error(`the attachment is ${data.length} characters of Base64, more than the ${MAX_ED_DATA} an ED may carry in v2.5.1`, location);
  }
  const [type = 'application'] = value.mediaType.split('/');
  const subtypes: Record<string, string> = { 'image/jpeg': 'JPEG', 'image/gif': 'GIF', 'image/tiff': 'TIFF', 'text/html': 'HTML', 'text/xml': 'XML', 'application/rtf': 'RTF', 'application/postscript': 'PostScript' };
  return [null, type === 'image' ? 'IM' : type === 'text' ? 'TEXT' : 'AP', subtypes[value.mediaType] ?? 'Octet-stream', 'Base64', data];
}

function isAttachment(value: ObservationInput['value']): value is Attachment {
  return typeof value === 'object' && 'data' in value;
}

function observationValue(obs: ObservationInput, location: string): FieldValue {
  const value = obs.value;
  if (obs.valueType === 'ED') {
    if (!isAttachment(value)) throw new Hl7Error('an ED value must be an attachment', location);
    return encapsulated(value, location);
  }
  if (obs.valueType === 'CE' || obs.valueType === 'CWE') {
    if (typeof value !== 'object' || isAttachment(value)) throw new Hl7Error(`a ${obs.valueType} value must be a coded value`, location);
    return [value.code, value.text, value.system];
  }
  if (typeof value !== 'string') throw new Hl7Error(`a ${obs.valueType} value must be text`, location);
  if (obs.valueType === 'NM' && !/^-?\d+(?:\.\d+)?$/.test(value)) throw new Hl7Error(`"${value}" is not a number`, location);
  if (obs.valueType === 'DT') return formatHl7Date(value, location);
  if (obs.valueType === 'SN') {
    const match = SN.exec(value.replace(/\s+/g, ''));
    if (!match || (!match[2] && !match[4])) throw new Hl7Error(`"${value}" is not a structured numeric value`, location);
    return [match[1] ?? null, match[2] ?? null, match[3] ?? null, match[4] ?? null];
  }
  return value;
}

function observationSegments(order: ResultOrderInput, orderIndex: number, offset: number): Hl7Segment[] {
  const segments: Hl7Segment[] = [];
  order.observations.forEach((obs, i) => {
    const location = `orders[${orderIndex}].observations[${i}]`;
    const observedAt = obs.observedAt ?? order.collectedAt ?? null;
    segments.push(
      segment('OBX', {
        1: String(i + 1),
        2: obs.valueType,
        3: [obs.code, obs.codeText, obs.codeSystem ?? 'LN'],
        5: observationValue(obs, `${location}.value`),
        6: obs.units ? [obs.units, obs.units, 'UCUM'] : null,
        7: obs.referenceRange ?? null,
        8: obs.abnormalFlags?.length ? { repeat: obs.abnormalFlags.map((f): Repetition => [f]) } : null,
        11: obs.status,
        14: observedAt ? formatHl7Time(observedAt, offset) : null,
      }),
    );
    (obs.comments ?? []).forEach((c, j) => segments.push(segment('NTE', { 1: String(j + 1), 2: 'L', 3: c })));
  });
  return segments;
}

export function buildOru(input: OruInput): string {
  if (!input.orders.length) throw new Hl7Error('a result message needs at least one order', 'orders');
  const offset = 0;
  const p = input.patient;
  const segments: Hl7Segment[] = [
    header({
      sender: input.sender,
      receiver: input.receiver,
      time: formatHl7Time(input.sentAt, offset, 'sentAt'),
      type: ['ORU', 'R01', 'ORU_R01'],
      controlId: input.controlId,
      processingId: input.processingId ?? 'P',
    }),
    segment('PID', {
      1: '1',
      3: [p.id, null, null, p.authority ?? null, 'MR'],
      5: [p.lastName, p.firstName, p.middleName ?? null],
      7: p.birthDate ? formatHl7Date(p.birthDate, 'patient.birthDate') : null,
      8: p.sex ?? null,
    }),
  ];
  input.orders.forEach((order, i) => {
    const placer: Repetition | null = order.placerOrderNumber ? [order.placerOrderNumber, order.placerNamespace ?? null] : null;
    const filler: Repetition = [order.fillerOrderNumber, order.fillerNamespace ?? input.sender.application];
    segments.push(
      segment('ORC', { 1: order.orderControl ?? 'RE', 2: placer, 3: filler, 5: order.orderStatus ?? (order.resultStatus === 'F' ? 'CM' : 'IP') }),
      segment('OBR', {
        1: String(i + 1),
        2: placer,
        3: filler,
        4: [order.testCode, order.testName, order.testCodingSystem ?? 'L'],
        7: order.collectedAt ? formatHl7Time(order.collectedAt, offset) : null,
        22: order.resultedAt ? formatHl7Time(order.resultedAt, offset) : null,
        25: order.resultStatus,
      }),
    );
    (order.comments ?? []).forEach((c, j) => segments.push(segment('NTE', { 1: String(j + 1), 2: 'L', 3: c })));
    segments.push(...observationSegments(order, i, offset));
  });
  return serialize(segments);
}
