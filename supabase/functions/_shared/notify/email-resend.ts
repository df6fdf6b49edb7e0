// Email through an HTTP email API with Resend's shape (`POST {base}/emails`, Bearer key,
// `Idempotency-Key`), the transport for hosted use: Supabase Edge Functions may not open
// SMTP connections on ports 25 and 587, so an HTTP API is the way out. Resend-compatible
// APIs are common (Resend itself; the local stack's mail catcher speaks it too).
// Env: EMAIL_API_URL (default https://api.resend.com), EMAIL_API_KEY, EMAIL_FROM.
import { bytesToBase64 } from '../hl7/base64.ts';
import { networkFailure, resultFrom, type EmailMessage, type Sender, type SendResult } from './sender.ts';

export interface ResendOptions {
  apiUrl: string;
  apiKey: string;
  /** "Name <address>" of the sender, on a domain verified with the provider. */
  from: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

export const DEFAULT_EMAIL_API_URL = 'https://api.resend.com';

export function emailOptionsFromEnv(get: (name: string) => string | undefined): ResendOptions {
  const apiKey = get('EMAIL_API_KEY');
  const from = get('EMAIL_FROM');
  if (!apiKey) throw new Error('Missing environment variable EMAIL_API_KEY');
  if (!from) throw new Error('Missing environment variable EMAIL_FROM');
  return { apiUrl: get('EMAIL_API_URL') || DEFAULT_EMAIL_API_URL, apiKey, from };
}

export function createEmailSender(options: ResendOptions): Sender<EmailMessage> {
  const fetchImpl = options.fetchImpl ?? fetch;
  return {
    channel: 'email',
    async send(message): Promise<SendResult> {
      const headers: Record<string, string> = { Authorization: `Bearer ${options.apiKey}`, 'Content-Type': 'application/json' };
      if (message.idempotencyKey) headers['Idempotency-Key'] = message.idempotencyKey;
      const body = {
        from: options.from,
        to: [...message.to],
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.attachments?.length
          ? { attachments: message.attachments.map((a) => ({ filename: a.filename, content: bytesToBase64(a.content), content_type: a.contentType })) }
          : {}),
      };
      try {
        const response = await fetchImpl(`${options.apiUrl.replace(/\/+$/, '')}/emails`, {
          method: 'POST',
          headers,
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
        return await resultFrom(
          response,
          (b) => (b && typeof (b as { id?: unknown }).id === 'string' ? (b as { id: string }).id : null),
          (b) => (b && typeof (b as { message?: unknown }).message === 'string' ? (b as { message: string }).message : null),
        );
      } catch (error) {
        return networkFailure(error);
      }
    },
  };
}
