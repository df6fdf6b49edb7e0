// Whole messages: the MSH header every message starts with, serialising segments into the
// wire text (segments joined by CR), and parsing wire text into segment views with the
// header's essentials checked. Every parser in this folder starts here, so a message that
// is not HL7 at all fails the same way everywhere, with a message that says why.
import { Hl7Error } from './errors.ts';
import { CONTEXT, segment, segmentViews, type SegmentView } from './fields.ts';
import { Hl7Message, type Hl7Segment } from './library.ts';
import { parseHl7Time } from './datetime.ts';

export const HL7_VERSION = '2.5.1';
/** The versions whose ORM and ORU this product and its laboratory read (MSH-12). */
export const SUPPORTED_VERSIONS: readonly string[] = ['2.3', '2.3.1', '2.4', '2.5', '2.5.1'];
/**
 * MSH-18: the character set of every message this product writes. Names carry é and ñ;
 * without MSH-18 a receiver must assume 7-bit ASCII (v2.5.1, 2.15.9.18).
 */
export const CHARACTER_SET = 'UNICODE UTF-8';

export interface Endpoint {
  /** MSH-3 / MSH-5: the application, e.g. "LABLINK" or "LIS". */
  application: string;
  /** MSH-4 / MSH-6: the facility, e.g. the laboratory's CLIA number or a short code. */
  facility: string;
}

export interface HeaderInput {
  sender: Endpoint;
  receiver: Endpoint;
  /** MSH-7, already formatted (formatHl7Time). */
  time: string;
  /** MSH-9: message code, trigger event, message structure. */
  type: readonly [string, string, string];
  /** MSH-10: the message control ID, echoed by the receiver in MSA-2. */
  controlId: string;
  /** MSH-11: P production, T training, D debugging. */
  processingId: ProcessingId;
  /** MSH-12; 2.5.1 unless answering a message of another version. */
  version?: string;
}

export type ProcessingId = 'P' | 'T' | 'D';

/** MSH-10 is ST(20) in v2.5.1. */
export const MAX_CONTROL_ID_LENGTH = 20;

export function header(input: HeaderInput): Hl7Segment {
  if (!input.controlId || input.controlId.length > MAX_CONTROL_ID_LENGTH) {
    throw new Hl7Error(`the message control ID must be 1 to ${MAX_CONTROL_ID_LENGTH} characters, got "${input.controlId}"`, 'MSH-10');
  }
  return segment('MSH', {
    3: input.sender.application,
    4: input.sender.facility,
    5: input.receiver.application,
    6: input.receiver.facility,
    7: input.time,
    9: input.type,
    10: input.controlId,
    11: input.processingId,
    12: input.version ?? HL7_VERSION,
    18: CHARACTER_SET,
  });
}

/** The wire text of a message: segments separated by CR, none after the last. */
export function serialize(segments: readonly Hl7Segment[]): string {
  return new Hl7Message([...segments], CONTEXT).toString();
}

export interface ParsedMessage {
  segments: SegmentView[];
  header: SegmentView;
  /** MSH-9.1, MSH-9.2, MSH-9.3 (the structure may be empty in older versions). */
  messageCode: string;
  triggerEvent: string;
  structure: string;
  controlId: string;
  processingId: string;
  version: string;
  sender: Endpoint;
  receiver: Endpoint;
  /** MSH-7 as an ISO instant, or null when the sender left it out. */
  sentAt: string | null;
}

const SEGMENT_NAME = /^[A-Z][A-Z0-9]{2}$/;

/**
 * Parses wire text (CR, LF or CRLF between segments; no MLLP framing) and checks what
 * every message needs: an MSH first, valid delimiters and segment names, MSH-9, MSH-10
 * and MSH-12.
 */
export function parseMessage(text: string): ParsedMessage {
  if (typeof text !== 'string' || text.trim() === '') throw new Hl7Error('the message is empty');
  const lines = text.split(/\r\n|\r|\n/).filter((line) => line.trim() !== '');
  const first = lines[0] ?? '';
  if (!first.startsWith('MSH')) throw new Hl7Error(`the message must start with an MSH segment, not "${first.slice(0, 20)}"`);
  const encoding = first.slice(3, 8);
  const after = first.charAt(8);
  if (encoding.length < 5 || new Set(encoding).size !== 5 || /[A-Za-z0-9\s]/.test(encoding) || (after !== '' && after !== encoding.charAt(0))) {
    throw new Hl7Error('MSH-1 and MSH-2 must give five distinct delimiter characters (normally |^~\\&)', 'MSH-2');
  }
  lines.forEach((line, index) => {
    const name = line.split(encoding.charAt(0), 1)[0] ?? '';
    if (!SEGMENT_NAME.test(name)) {
      throw new Hl7Error(`segment ${index + 1} has no valid segment name ("${line.slice(0, 20)}")`);
    }
  });
  const message = Hl7Message.parse(lines.join('\r'));
  const segments = segmentViews(message);
  const msh = segments[0] as SegmentView;
  const required = (field: number, what: string) => {
    const value = msh.text(field);
    if (!value) throw new Hl7Error(`${what} is missing`, `MSH-${field}`, '101');
    return value;
  };
  const messageCode = required(9, 'the message type');
  const controlId = required(10, 'the message control ID');
  const version = required(12, 'the version ID');
  const time = msh.text(7);
  return {
    segments,
    header: msh,
    messageCode,
    triggerEvent: msh.text(9, 2),
    structure: msh.text(9, 3),
    controlId,
    processingId: msh.text(11),
    version,
    sender: { application: msh.text(3), facility: msh.text(4) },
    receiver: { application: msh.text(5), facility: msh.text(6) },
    sentAt: time ? parseHl7Time(time, 'MSH-7') : null,
  };
}
