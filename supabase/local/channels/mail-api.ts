/**
 * The mail catcher's front: an HTTP email API with Resend's shape at
 * `/__simulator/mail/emails`, so the product's email sender (`_shared/notify/email-resend.ts`,
 * EMAIL_API_URL pointed here by default) is exercised for real; every email lands in the
 * stack's Mailbox. Answers as Resend does: 200 {id}, 401 missing key, 403 wrong key, 422
 * validation errors, and the armed faults (500, 429, 503) for retry tests.
 *   POST   /__simulator/mail/emails            Bearer EMAIL_API_KEY (locally re_local_development_key)
 *   GET    /__simulator/mail/messages?email=   what was sent (service_role key)
 *   POST   /__simulator/mail/faults            {failNext?: n, status?: 500, recipient?: "a@b"} (service_role)
 *   DELETE /__simulator/mail/faults            (service_role)
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LOCAL_EMAIL_API_KEY } from '../config.ts';
import type { HttpService, StackContext } from '../context.ts';
import { methodNotAllowed, readJsonObject, requireServiceRole } from '../http/control.ts';
import { sendJson } from '../http/respond.ts';
import type { MailAttachment } from '../mailbox.ts';
import { parseSendFault, SendFaults } from './send-faults.ts';

export const MAIL_PREFIX = '/__simulator/mail';

const FAULT_BODIES: Record<number, { name: string; message: string }> = {
  429: { name: 'rate_limit_exceeded', message: 'Too many requests. You can only make 2 requests per second. See rate limit response headers for more information. Or contact support to increase rate limit.' },
  500: { name: 'application_error', message: 'An unexpected error occurred.' },
};

function resendError(res: ServerResponse, statusCode: number, name: string, message: string): void {
  sendJson(res, statusCode, { statusCode, name, message });
}

const ADDRESS = /^(?:[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+|[^<>]*<[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+>)$/;

function recipientsOf(value: unknown): string[] | null {
  const list = typeof value === 'string' ? [value] : Array.isArray(value) ? value : null;
  if (!list || list.length === 0 || list.length > 50 || list.some((v) => typeof v !== 'string')) return null;
  return (list as string[]).map((v) => v.trim());
}

async function acceptEmail(ctx: Pick<StackContext, 'mailbox'>, faults: SendFaults, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const auth = req.headers.authorization;
  if (!auth || !/^Bearer\s+\S/.test(auth)) {
    return resendError(res, 401, 'missing_api_key', 'Missing API key in the authorization header. Include the following header in the request: Authorization: Bearer YOUR_API_KEY');
  }
  if (auth.replace(/^Bearer\s+/, '') !== (process.env.EMAIL_API_KEY || LOCAL_EMAIL_API_KEY)) return resendError(res, 403, 'invalid_api_key', 'API key is invalid');
  const body = await readJsonObject(req, res);
  if (!body) return;
  for (const field of ['from', 'to', 'subject']) {
    if (body[field] === undefined || body[field] === '') return resendError(res, 422, 'missing_required_field', `Missing \`${field}\` field.`);
  }
  const recipients = recipientsOf(body.to);
  if (!recipients || recipients.some((r) => !ADDRESS.test(r))) {
    return resendError(res, 422, 'validation_error', 'Invalid `to` field. The email address needs to follow the `email@example.com` or `Name <email@example.com>` format.');
  }
  if (typeof body.from !== 'string' || !ADDRESS.test(body.from)) {
    return resendError(res, 422, 'validation_error', 'Invalid `from` field. The email address needs to follow the `email@example.com` or `Name <email@example.com>` format.');
  }
  if (body.text === undefined && body.html === undefined) return resendError(res, 422, 'validation_error', 'Missing `html` or `text` field.');
  const fault = faults.take(recipients);
  if (fault !== null) {
    const known = FAULT_BODIES[fault] ?? { name: 'application_error', message: `Simulated failure (HTTP ${fault})` };
    return resendError(res, fault, known.name, known.message);
  }
  const attachments: MailAttachment[] = (Array.isArray(body.attachments) ? body.attachments : []).map((a: { filename?: unknown; content?: unknown; content_type?: unknown }) => {
    const content = typeof a.content === 'string' ? a.content : '';
    return { filename: String(a.filename ?? 'attachment'), contentType: typeof a.content_type === 'string' ? a.content_type : null, size: Buffer.from(content, 'base64').length, content };
  });
  const key = req.headers['idempotency-key'];
  const item = ctx.mailbox.receive({
    from: body.from,
    recipients,
    subject: String(body.subject),
    text: typeof body.text === 'string' ? body.text : null,
    html: typeof body.html === 'string' ? body.html : null,
    attachments,
    idempotencyKey: typeof key === 'string' && key ? key : null,
  });
  sendJson(res, 200, { id: item.id });
}

export function createMailService(ctx: Pick<StackContext, 'mailbox'>): HttpService & { faults: SendFaults } {
  const faults = new SendFaults();
  return {
    faults,
    async handle(req, res, url) {
      const path = url.pathname.slice(MAIL_PREFIX.length) || '/';
      if (path === '/emails') return req.method === 'POST' ? acceptEmail(ctx, faults, req, res) : methodNotAllowed(res, req.method);
      if (!(await requireServiceRole(req, res, 'The mail catcher'))) return;
      if (path === '/messages' && req.method === 'GET') return sendJson(res, 200, ctx.mailbox.list(url.searchParams.get('email') ?? undefined));
      if (path === '/faults') {
        if (req.method === 'GET') return sendJson(res, 200, faults.list());
        if (req.method === 'DELETE') {
          faults.clear();
          return sendJson(res, 200, []);
        }
        if (req.method !== 'POST') return methodNotAllowed(res, req.method);
        const body = await readJsonObject(req, res);
        if (!body) return;
        const parsed = parseSendFault(body);
        if (!parsed.ok) return sendJson(res, 400, { message: parsed.message });
        faults.arm(parsed.fault);
        return sendJson(res, 200, faults.list());
      }
      sendJson(res, 404, { message: `No mail catcher route at ${url.pathname}` });
    },
  };
}
