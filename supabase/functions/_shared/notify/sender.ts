// The one small interface every outbound channel implements, so the code that distributes
// results (issue 32) says what to send and a sender says how: email through an HTTP email
// API (email-resend.ts), fax through an HTTP fax API (fax-telnyx.ts). A send never throws
// for a failure of the other side: it reports whether trying again can help, so the caller
// can retry with backoff and show what failed. Web APIs only: runs in Deno and in Node.

export interface Attachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface EmailMessage {
  to: readonly string[];
  subject: string;
  text: string;
  html?: string | null;
  attachments?: readonly Attachment[];
  /** The same key on a retry makes the provider send once (Resend honours it for 24 hours). */
  idempotencyKey?: string | null;
}

export interface FaxMessage {
  /** E.164, e.g. +15185550143. */
  to: string;
  /** A URL the provider downloads the PDF from (a Storage signed URL). */
  mediaUrl: string;
  idempotencyKey?: string | null;
}

export type SendResult =
  | { ok: true; providerId: string }
  | {
      ok: false;
      /** 429, 5xx, a timeout or a network failure: trying again later can succeed. */
      retryable: boolean;
      status: number | null;
      error: string;
    };

export interface Sender<M> {
  readonly channel: 'email' | 'fax';
  send(message: M): Promise<SendResult>;
}

/** How a provider's HTTP answer turns into a SendResult (shared by the senders). */
export async function resultFrom(response: Response, id: (body: unknown) => string | null, message: (body: unknown) => string | null): Promise<SendResult> {
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (response.ok) {
    const providerId = id(body);
    if (providerId) return { ok: true, providerId };
    return { ok: false, retryable: false, status: response.status, error: 'The provider accepted the message but returned no id' };
  }
  const retryable = response.status === 429 || response.status >= 500;
  return { ok: false, retryable, status: response.status, error: message(body) ?? `HTTP ${response.status}${text ? `: ${text.slice(0, 200)}` : ''}` };
}

export function networkFailure(error: unknown): SendResult {
  const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
  return { ok: false, retryable: true, status: null, error: timedOut ? 'The provider did not answer in time' : `The provider could not be reached: ${error instanceof Error ? error.message : String(error)}` };
}
