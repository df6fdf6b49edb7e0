// The laboratory's results reach lis-inbound over HTTPS from its interface engine, signed:
// `x-lis-timestamp` (Unix seconds) and `x-lis-signature: v1=<hex HMAC-SHA-256>` over
// "<timestamp>.<body bytes>" with a shared secret, as Stripe and Slack sign their webhooks.
// The signature binds the body (nothing can be changed on the way) and the time (a captured
// request is refused once it is older than the tolerance; within it, a replay is the same
// message control ID, which the inbox answers with its first answer and never files twice).
// Rotation: the receiver accepts every secret it is given (LIS_INBOUND_SECRETS, comma-
// separated: the old and the new while the engine switches); a sender may sign with
// several at once (`v1=…,v1=…`). Web Crypto only, so Deno and Node run the same code.

export const SIGNATURE_HEADER = 'x-lis-signature';
export const TIMESTAMP_HEADER = 'x-lis-timestamp';
/** How far a signature's time may be from the receiver's clock, either way. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

const encoder = new TextEncoder();

function hex(bytes: ArrayBuffer): string {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function signedPayload(timestamp: string, body: Uint8Array): Uint8Array {
  const prefix = encoder.encode(`${timestamp}.`);
  const payload = new Uint8Array(prefix.length + body.length);
  payload.set(prefix);
  payload.set(body, prefix.length);
  return payload;
}

async function hmac(secret: string, payload: Uint8Array): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return hex(await crypto.subtle.sign('HMAC', key, payload as BufferSource));
}

function bytesOf(body: string | Uint8Array): Uint8Array {
  return typeof body === 'string' ? encoder.encode(body) : body;
}

/** The two headers that sign `body` at `now` with each of `secrets` (the first is the current one). */
export async function signInbound(body: string | Uint8Array, secrets: readonly string[], now: Date = new Date()): Promise<Record<string, string>> {
  if (secrets.length === 0) throw new Error('no secret to sign with');
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const payload = signedPayload(timestamp, bytesOf(body));
  const signatures = await Promise.all(secrets.map((secret) => hmac(secret, payload)));
  return { [TIMESTAMP_HEADER]: timestamp, [SIGNATURE_HEADER]: signatures.map((s) => `v1=${s}`).join(',') };
}

/** Compares in time that does not depend on where two equal-length strings differ. */
function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export type InboundVerdict =
  | { ok: true }
  | { ok: false; status: 401 | 403; code: 'not_signed' | 'stale' | 'bad_signature'; message: string };

/** The secrets lis-inbound accepts: LIS_INBOUND_SECRETS (comma-separated), else LIS_INBOUND_SECRET. */
export function inboundSecrets(get: (name: string) => string | undefined): string[] {
  const list = get('LIS_INBOUND_SECRETS') ?? get('LIS_INBOUND_SECRET') ?? '';
  return [...new Set(list.split(',').map((s) => s.trim()).filter(Boolean))];
}

export async function verifyInbound(
  headers: Headers,
  body: Uint8Array,
  secrets: readonly string[],
  options: { now?: Date; toleranceSeconds?: number } = {},
): Promise<InboundVerdict> {
  const timestamp = headers.get(TIMESTAMP_HEADER)?.trim() ?? '';
  const header = headers.get(SIGNATURE_HEADER)?.trim() ?? '';
  if (!timestamp || !header) {
    return { ok: false, status: 401, code: 'not_signed', message: `The message is not signed: send ${TIMESTAMP_HEADER} and ${SIGNATURE_HEADER} (v1=HMAC-SHA-256 of "<timestamp>.<body>").` };
  }
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now - Number(timestamp)) > tolerance) {
    return { ok: false, status: 401, code: 'stale', message: `The signature's time is more than ${Math.round(tolerance / 60)} minutes from the server's clock: sign each message when it is sent.` };
  }
  const given = header.split(',').map((part) => part.trim()).filter((part) => part.startsWith('v1=')).map((part) => part.slice(3).toLowerCase());
  const payload = signedPayload(timestamp, body);
  for (const secret of secrets) {
    const expected = await hmac(secret, payload);
    if (given.some((signature) => constantTimeEqual(signature, expected))) return { ok: true };
  }
  return { ok: false, status: 403, code: 'bad_signature', message: "The message's signature does not match: wrong secret, or the body was changed on the way." };
}
