/**
 * The LIS simulator's fault switches, so tests can drive every failure of the laboratory
 * link: `drop` closes the connection without an answer (the message is not taken),
 * `delay-ack` answers late, `ae` answers AE with a given text, and `lose-ack` takes the
 * order but never answers (the sender's retry then meets the duplicate check). A switch
 * counts down over the next `times` messages (default 1), and may be scoped to one
 * requisition number so test files running in parallel on one stack do not trip each other.
 */
export const LIS_FAULT_KINDS = ['drop', 'delay-ack', 'ae', 'lose-ack'] as const;
export type LisFaultKind = (typeof LIS_FAULT_KINDS)[number];

export interface LisFault {
  kind: LisFaultKind;
  requisition: string | null;
  remaining: number;
  delayMs: number | null;
  text: string | null;
}

export function parseLisFault(body: unknown): { ok: true; fault: LisFault } | { ok: false; message: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, message: 'Expected a JSON object like {"kind":"ae","text":"Unknown test"}' };
  const record = body as Record<string, unknown>;
  const unknown = Object.keys(record).filter((key) => !['kind', 'requisition', 'times', 'delayMs', 'text'].includes(key));
  if (unknown.length) return { ok: false, message: `Unknown field(s): ${unknown.join(', ')}` };
  if (!(LIS_FAULT_KINDS as readonly unknown[]).includes(record.kind)) return { ok: false, message: `kind must be one of ${LIS_FAULT_KINDS.join(', ')}` };
  const kind = record.kind as LisFaultKind;
  const times = record.times ?? 1;
  if (!Number.isInteger(times) || (times as number) < 1) return { ok: false, message: 'times must be a positive integer' };
  if (record.requisition !== undefined && (typeof record.requisition !== 'string' || !record.requisition)) return { ok: false, message: 'requisition must be a non-empty string' };
  if (kind === 'delay-ack' && (!Number.isInteger(record.delayMs) || (record.delayMs as number) < 1)) return { ok: false, message: 'delay-ack needs delayMs, a positive integer' };
  if (kind === 'ae' && (typeof record.text !== 'string' || !record.text.trim())) return { ok: false, message: 'ae needs the text of the error' };
  return {
    ok: true,
    fault: {
      kind,
      requisition: (record.requisition as string | undefined) ?? null,
      remaining: times as number,
      delayMs: kind === 'delay-ack' ? (record.delayMs as number) : null,
      text: kind === 'ae' ? (record.text as string) : null,
    },
  };
}

export class LisFaults {
  private armed: LisFault[] = [];

  arm(fault: LisFault): void {
    this.armed.push(fault);
  }

  clear(requisition: string | null = null): void {
    this.armed = requisition ? this.armed.filter((f) => f.requisition !== requisition) : [];
  }

  list(): LisFault[] {
    return this.armed.map((fault) => ({ ...fault }));
  }

  /** The fault for the next message (about `requisition` when it names one): scoped first, then global. */
  take(requisition: string | null): LisFault | null {
    const fault = this.armed.find((f) => requisition !== null && f.requisition === requisition) ?? this.armed.find((f) => f.requisition === null);
    if (!fault) return null;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.armed = this.armed.filter((f) => f !== fault);
    return { ...fault };
  }
}
