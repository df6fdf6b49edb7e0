// Fax through an HTTP fax API with Telnyx Programmable Fax's shape (`POST {base}/faxes`,
// Bearer key, JSON {connection_id, to, from, media_url}; 202 {data:{id,status:"queued"}};
// errors {errors:[{code,title,detail}]}). The provider downloads the PDF from media_url, so
// the document goes to Storage first and a signed URL is sent. The local stack's fax
// simulator speaks the same API.
// Env: FAX_API_URL (default https://api.telnyx.com/v2), FAX_API_KEY, FAX_CONNECTION_ID, FAX_FROM.
import { networkFailure, resultFrom, type FaxMessage, type Sender, type SendResult } from './sender.ts';

export interface FaxOptions {
  apiUrl: string;
  apiKey: string;
  connectionId: string;
  /** The laboratory's fax number, E.164. */
  from: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

export const DEFAULT_FAX_API_URL = 'https://api.telnyx.com/v2';
const E164 = /^\+[1-9]\d{6,14}$/;

export function faxOptionsFromEnv(get: (name: string) => string | undefined): FaxOptions {
  const missing = ['FAX_API_KEY', 'FAX_CONNECTION_ID', 'FAX_FROM'].find((name) => !get(name));
  if (missing) throw new Error(`Missing environment variable ${missing}`);
  return { apiUrl: get('FAX_API_URL') || DEFAULT_FAX_API_URL, apiKey: get('FAX_API_KEY')!, connectionId: get('FAX_CONNECTION_ID')!, from: get('FAX_FROM')! };
}

/** "(518) 555-0143" or "518-555-0143" as +15185550143 (US numbers), or null when it is not a fax number. */
export function toE164(value: string): string | null {
  const digits = value.replace(/[^\d+]/g, '');
  if (E164.test(digits)) return digits;
  const bare = digits.replace(/\D/g, '');
  if (bare.length === 10) return `+1${bare}`;
  if (bare.length === 11 && bare.startsWith('1')) return `+${bare}`;
  return null;
}

export function createFaxSender(options: FaxOptions): Sender<FaxMessage> {
  const fetchImpl = options.fetchImpl ?? fetch;
  return {
    channel: 'fax',
    async send(message): Promise<SendResult> {
      if (!E164.test(message.to)) return { ok: false, retryable: false, status: null, error: `"${message.to}" is not a fax number in E.164 form` };
      const headers: Record<string, string> = { Authorization: `Bearer ${options.apiKey}`, 'Content-Type': 'application/json' };
      if (message.idempotencyKey) headers['Idempotency-Key'] = message.idempotencyKey;
      try {
        const response = await fetchImpl(`${options.apiUrl.replace(/\/+$/, '')}/faxes`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ connection_id: options.connectionId, to: message.to, from: options.from, media_url: message.mediaUrl }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
        return await resultFrom(
          response,
          (b) => {
            const data = (b as { data?: { id?: unknown } } | null)?.data;
            return typeof data?.id === 'string' ? data.id : null;
          },
          (b) => {
            const first = (b as { errors?: Array<{ title?: string; detail?: string }> } | null)?.errors?.[0];
            return first ? [first.title, first.detail].filter(Boolean).join(': ') : null;
          },
        );
      } catch (error) {
        return networkFailure(error);
      }
    },
  };
}
