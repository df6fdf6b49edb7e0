/**
 * Fault switches of the mail catcher and the fax simulator, for retry tests: fail the next
 * N sends with a given status (500 by default; 429 or 503 as a provider would under load),
 * optionally only sends to one recipient so parallel test files do not trip each other.
 */
export interface SendFault {
  status: number;
  remaining: number;
  recipient: string | null;
}

export function parseSendFault(body: Record<string, unknown>): { ok: true; fault: SendFault } | { ok: false; message: string } {
  const unknown = Object.keys(body).filter((key) => !['failNext', 'status', 'recipient'].includes(key));
  if (unknown.length) return { ok: false, message: `Unknown field(s): ${unknown.join(', ')}` };
  const count = body.failNext ?? 1;
  const status = body.status ?? 500;
  if (!Number.isInteger(count) || (count as number) < 1) return { ok: false, message: 'failNext must be a positive integer' };
  if (!Number.isInteger(status) || (status as number) < 400 || (status as number) > 599) return { ok: false, message: 'status must be an HTTP error status (400-599)' };
  if (body.recipient !== undefined && (typeof body.recipient !== 'string' || !body.recipient)) return { ok: false, message: 'recipient must be a non-empty string' };
  return { ok: true, fault: { status: status as number, remaining: count as number, recipient: (body.recipient as string | undefined)?.toLowerCase() ?? null } };
}

export class SendFaults {
  private armed: SendFault[] = [];

  arm(fault: SendFault): void {
    this.armed.push(fault);
  }

  clear(): void {
    this.armed = [];
  }

  list(): SendFault[] {
    return this.armed.map((f) => ({ ...f }));
  }

  /** The status to fail this send with (to any of `recipients`), or null to accept it. */
  take(recipients: readonly string[]): number | null {
    const lower = recipients.map((r) => r.toLowerCase());
    const fault = this.armed.find((f) => f.recipient !== null && lower.includes(f.recipient)) ?? this.armed.find((f) => f.recipient === null);
    if (!fault) return null;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.armed = this.armed.filter((f) => f !== fault);
    return fault.status;
  }
}
