// General acknowledgements (ACK) in original mode: MSA-1 AA (accepted), AE (error: the
// content is wrong, fix and resend) or AR (rejected: the message itself cannot be taken,
// e.g. wrong type, version or processing ID), MSA-2 the acknowledged MSH-10, MSA-3 a text,
// and for AE/AR an ERR segment with an HL7 table 0357 code. A receiver that sees a message
// control ID again repeats its first answer and marks it with an informational ERR (205,
// "duplicate key identifier"), which parseAck reports as `duplicate`.
import { formatHl7Time } from './datetime.ts';
import { ERROR_CODES, Hl7Error, type ErrorCode } from './errors.ts';
import { segment } from './fields.ts';
import { Hl7Message } from './library.ts';
import { header, parseMessage, serialize, type ProcessingId } from './message.ts';

export type AckCode = 'AA' | 'AE' | 'AR';
const ACK_CODES: readonly string[] = ['AA', 'AE', 'AR'];


export type Severity = 'E' | 'W' | 'I';

export interface AckOptions {
  /** ERR-3; default 207 for AE and AR. */
  errorCode?: ErrorCode;
  /** ERR-2 as "SEG[n]-field", e.g. "OBR[1]-4". */
  errorLocation?: string | null;
  /** ERR-4; default E (I for the duplicate marker). */
  severity?: Severity;
  /** MSH-10 of the ACK itself; default a fresh one. */
  controlId?: string;
  now?: Date;
}

function freshControlId(now: Date): string {
  const random = Math.floor(Math.random() * 36 ** 4).toString(36).padStart(4, '0');
  return `A${now.getTime().toString(36)}${random}`.toUpperCase();
}

function errLocation(location: string | null | undefined): string[] | null {
  const match = location ? /^([A-Z][A-Z0-9]{2})(?:\[(\d+)\])?(?:-(\d+))?/.exec(location) : null;
  if (!match) return null;
  return [match[1] as string, match[2] ?? '1', match[3] ?? ''];
}

/**
 * The ACK to `message` (its wire text): sender and receiver swapped, MSA-2 its control ID.
 * Works on a message too broken for parseMessage as long as it starts with MSH, so a
 * receiver can always answer AR with the reason.
 */
export function buildAck(message: string, code: AckCode, text?: string | null, options: AckOptions = {}): string {
  if (!ACK_CODES.includes(code)) throw new Hl7Error(`"${code}" is not AA, AE or AR`, 'MSA-1');
  const normalized = message.split(/\r\n|\r|\n/).filter((l) => l.trim() !== '').join('\r');
  if (!normalized.startsWith('MSH')) throw new Hl7Error('cannot acknowledge a message without an MSH segment');
  const original = Hl7Message.parse(normalized);
  // The library's ACK gives the swapped endpoints and the ACK message type; fields are read
  // back from it so this module does not repeat that logic.
  const skeleton = original.buildAck({ ackCode: code });
  const msh = skeleton.getSegment('MSH');
  const now = options.now ?? new Date();
  const field = (n: number, c = 1) => msh?.getComponent(n, c) ?? '';
  const processing = (original.getSegment('MSH')?.getComponent(11, 1) || 'P') as ProcessingId;
  const segments = [
    header({
      sender: { application: field(3), facility: field(4) },
      receiver: { application: field(5), facility: field(6) },
      time: formatHl7Time(now),
      type: ['ACK', field(9, 2), field(9, 3)],
      controlId: options.controlId ?? freshControlId(now),
      processingId: processing,
      version: original.getSegment('MSH')?.getComponent(12, 1) || undefined,
    }),
    segment('MSA', { 1: code, 2: original.getSegment('MSH')?.getComponent(10, 1) ?? '', 3: text ?? null }),
  ];
  const errorCode = options.errorCode ?? (code === 'AA' ? null : '207');
  if (errorCode) {
    segments.push(
      segment('ERR', {
        2: errLocation(options.errorLocation),
        3: [errorCode, ERROR_CODES[errorCode], 'HL70357'],
        4: options.severity ?? 'E',
        8: text ?? null,
      }),
    );
  }
  return serialize(segments);
}

export interface AckError {
  code: string;
  severity: string;
  location: string | null;
  message: string;
}

export interface ParsedAck {
  code: AckCode;
  /** MSA-2: the control ID of the message this acknowledges. */
  acknowledgedControlId: string;
  /** MSA-3, or the first ERR-8 when MSA-3 is empty. */
  text: string;
  /** MSH-10 of the ACK itself. */
  controlId: string;
  errors: AckError[];
  /** The receiver had seen this control ID before and repeated its first answer. */
  duplicate: boolean;
}

export function parseAck(text: string): ParsedAck {
  const parsed = parseMessage(text);
  if (parsed.messageCode !== 'ACK') throw new Hl7Error(`expected an ACK, got ${parsed.messageCode}`, 'MSH-9');
  const msa = parsed.segments.find((s) => s.name === 'MSA');
  if (!msa) throw new Hl7Error('the ACK has no MSA segment');
  const code = msa.text(1);
  if (!ACK_CODES.includes(code)) throw new Hl7Error(`"${code}" is not AA, AE or AR`, 'MSA-1');
  const acknowledged = msa.text(2);
  if (!acknowledged) throw new Hl7Error('the acknowledged message control ID is missing', 'MSA-2');
  const errors: AckError[] = parsed.segments
    .filter((s) => s.name === 'ERR')
    .map((err) => {
      const seg = err.text(2, 1);
      return {
        code: err.text(3, 1),
        severity: err.text(4) || 'E',
        location: seg ? `${seg}[${err.text(2, 2) || '1'}]${err.text(2, 3) ? `-${err.text(2, 3)}` : ''}` : null,
        message: err.text(8),
      };
    });
  return {
    code: code as AckCode,
    acknowledgedControlId: acknowledged,
    text: msa.text(3) || errors.find((e) => e.message)?.message || '',
    controlId: parsed.controlId,
    errors,
    duplicate: errors.some((e) => e.code === '205' && e.severity === 'I'),
  };
}

/** The first ACK repeated for a message seen again: same MSA, plus the duplicate marker. */
export function markDuplicate(originalAck: string, now: Date = new Date()): string {
  const parsed = parseMessage(originalAck);
  const kept = parsed.segments.filter((s) => s.name !== 'MSH');
  const msa = kept.find((s) => s.name === 'MSA');
  const segments = [
    header({
      sender: parsed.sender,
      receiver: parsed.receiver,
      time: formatHl7Time(now),
      type: ['ACK', parsed.triggerEvent, parsed.structure],
      controlId: freshControlId(now),
      processingId: (parsed.processingId || 'P') as ProcessingId,
      version: parsed.version,
    }),
    segment('MSA', { 1: msa?.text(1) ?? 'AA', 2: msa?.text(2) ?? '', 3: msa?.text(3) ?? null }),
    ...parsed.segments
      .filter((s) => s.name === 'ERR')
      .map((e) => segment('ERR', { 2: e.text(2, 1) ? [e.text(2, 1), e.text(2, 2), e.text(2, 3)] : null, 3: [e.text(3, 1), e.text(3, 2), e.text(3, 3)], 4: e.text(4), 8: e.text(8) || null })),
    segment('ERR', {
      3: ['205', ERROR_CODES['205'], 'HL70357'],
      4: 'I',
      8: `Duplicate message control ID ${msa?.text(2) ?? ''}: already processed, first acknowledgement repeated`,
    }),
  ];
  return serialize(segments);
}
