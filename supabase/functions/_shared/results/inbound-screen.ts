// What lis-inbound checks before it reads a laboratory message as results, in the order HL7
// asks a receiver to: a message it cannot process at all (no MSH, not ORU^R01, a processing
// ID or HL7 version it does not take) is answered AR with the table 0357 code (100, 200,
// 201, 202, 203) and kept, never filed; a message with a NUL byte (text columns cannot hold
// one, and no HL7 value may carry it unescaped) is answered AE 102 naming the field, and kept
// with each NUL written as the HL7 hex escape \X00\. And the key that makes every resend of
// one message the same queue row: its sender and MSH-10, else a digest of its bytes.
import type { ErrorCode } from '../hl7/errors.ts';
import { SUPPORTED_VERSIONS } from '../hl7/message.ts';

export type QueueKind = 'malformed' | 'unsupported' | 'unknown_order' | 'closed_order' | 'patient_mismatch' | 'test_mismatch';

export interface Refusal {
  code: 'AE' | 'AR';
  condition: ErrorCode;
  location: string | null;
  text: string;
  kind: QueueKind;
}

export interface ScreenedMessage {
  /** The text with every NUL taken out: what is read and acknowledged. */
  readable: string;
  /** The text as kept in the queue: every NUL written \X00\, every other byte as received. */
  stored: string;
  /** MSH-10, when the header can be read. */
  controlId: string | null;
  /** What the message cannot be taken for, before its content is read; null when it may be. */
  refusal: Refusal | null;
}

const NUL = '\u0000';

/** "PID-5", "OBX[2]-5": where the character at `index` of the message stands. */
export function locate(text: string, index: number): string {
  const before = text.slice(0, index).split(/\r\n|\r|\n/);
  const lines = text.split(/\r\n|\r|\n/);
  const lineIndex = before.length - 1;
  const line = lines[lineIndex] ?? '';
  const name = line.slice(0, 3).replace(NUL, '') || 'segment';
  const occurrence = lines.slice(0, lineIndex + 1).filter((l) => l.startsWith(name)).length;
  const separator = lines[0]?.startsWith('MSH') ? (lines[0].charAt(3) || '|') : '|';
  const column = (before.at(-1) ?? '').split(separator).length - 1;
  const field = name === 'MSH' ? column + 1 : column;
  const base = occurrence > 1 || !['MSH', 'PID', 'PV1'].includes(name) ? `${name}[${occurrence}]` : name;
  return field > 0 ? `${base}-${field}` : base;
}

function headerOf(text: string): { fields: string[]; component: string } | null {
  const first = text.split(/\r\n|\r|\n/).find((line) => line.trim() !== '') ?? '';
  if (!first.startsWith('MSH') || first.length < 8) return null;
  const fields = first.split(first.charAt(3));
  // fields[n - 1] is MSH-n (MSH-1 is the separator itself).
  return { fields, component: first.charAt(4) };
}

export function screenInbound(raw: string): ScreenedMessage {
  const readable = raw.split(NUL).join('');
  const stored = raw.split(NUL).join('\\X00\\');
  const header = headerOf(readable);
  const field = (n: number, component = 1) => (header?.fields[n - 1] ?? '').split(header?.component ?? '^')[component - 1]?.trim() ?? '';
  const controlId = header ? field(10) || null : null;
  const refuse = (code: Refusal['code'], condition: ErrorCode, location: string | null, text: string, kind: QueueKind): ScreenedMessage => ({
    readable,
    stored,
    controlId,
    refusal: { code, condition, location, text, kind },
  });

  if (readable.trim() === '') return refuse('AR', '100', 'MSH', 'The message is empty: there is no MSH segment to read.', 'malformed');
  if (!header) {
    const start = readable.trim().slice(0, 20);
    return refuse('AR', '100', 'MSH', `The message has no MSH segment: it must start with MSH, not "${start}".`, 'malformed');
  }
  const type = field(9);
  const event = field(9, 2);
  if (type !== 'ORU') return refuse('AR', '200', 'MSH-9', `Message type ${type || '(none)'} is not accepted on this interface: results only (ORU^R01).`, 'unsupported');
  if (event !== 'R01') return refuse('AR', '201', 'MSH-9', `Event ${event || '(none)'} is not accepted on this interface: R01 only.`, 'unsupported');
  const processing = field(11);
  if (processing !== 'P' && processing !== 'T') return refuse('AR', '202', 'MSH-11', `Processing ID "${processing}" is not accepted: P (production) or T (training).`, 'unsupported');
  const version = field(12);
  if (!SUPPORTED_VERSIONS.includes(version)) return refuse('AR', '203', 'MSH-12', `HL7 version ${version || '(none)'} is not supported: ${SUPPORTED_VERSIONS[0]} to ${SUPPORTED_VERSIONS.at(-1)}.`, 'unsupported');
  const nul = raw.indexOf(NUL);
  if (nul !== -1) {
    const where = locate(raw, nul);
    return refuse('AE', '102', where, 'The message holds a NUL byte (0x00): send it without control characters.', 'malformed');
  }
  return { readable, stored, controlId, refusal: null };
}

/** One queue row per message: its sender (MSH-3, MSH-4) and MSH-10, else the SHA-256 of its bytes. */
export async function dedupeKey(raw: string): Promise<string> {
  const header = headerOf(raw.split(NUL).join(''));
  const field = (n: number) => (header?.fields[n - 1] ?? '').split(header?.component ?? '^')[0]?.trim() ?? '';
  if (header && field(10)) return `msh:${field(3)}|${field(4)}|${field(10)}`;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(raw));
  return `sha256:${[...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}
