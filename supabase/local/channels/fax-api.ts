/**
 * The fax simulator: an HTTP fax API with Telnyx Programmable Fax's shape at
 * `/__simulator/fax/faxes`, so the product's fax sender (`_shared/notify/fax-telnyx.ts`,
 * FAX_API_URL pointed here by default) is exercised for real. It downloads the document
 * from `media_url` as the provider does (a failed download is a failed fax), keeps every
 * fax with its PDF, and answers with the provider's statuses and error bodies.
 *   POST   /__simulator/fax/faxes              Bearer FAX_API_KEY (locally local-fax-api-key)
 *   GET    /__simulator/fax/faxes/{id}         the fax's status (Bearer FAX_API_KEY)
 *   GET    /__simulator/fax/messages?to=       every fax sent, with its document (service_role)
 *   POST   /__simulator/fax/faults             {failNext?: n, status?: 500, recipient?: "+1…"} (service_role)
 *   DELETE /__simulator/fax/faults             (service_role)
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LOCAL_FAX_API_KEY } from '../config.ts';
import type { HttpService, StackContext } from '../context.ts';
import { methodNotAllowed, readJsonObject, requireServiceRole } from '../http/control.ts';
import { sendJson } from '../http/respond.ts';
import { parseSendFault, SendFaults } from './send-faults.ts';

export const FAX_PREFIX = '/__simulator/fax';
const E164 = /^\+[1-9]\d{6,14}$/;

export interface Fax {
  record_type: 'fax';
  id: string;
  direction: 'outbound';
  connection_id: string;
  to: string;
  from: string;
  media_url: string;
  status: 'queued' | 'delivered' | 'failed';
  failure_reason: string | null;
  page_count: number | null;
  idempotency_key: string | null;
  created_at: string;
  updated_at: string;
  /** The document as downloaded (Base64), kept by the simulator for tests. */
  document: { content_type: string | null; size: number; content: string } | null;
}

function telnyxError(res: ServerResponse, status: number, code: string, title: string, detail: string, pointer?: string): void {
  sendJson(res, status, { errors: [{ code, title, detail, ...(pointer ? { source: { pointer } } : {}) }] });
}

function public_(fax: Fax): Omit<Fax, 'document' | 'idempotency_key'> {
  const { document: _document, idempotency_key: _key, ...rest } = fax;
  return rest;
}

export function createFaxService(_ctx: Pick<StackContext, 'log'>): HttpService & { faults: SendFaults; faxes: Fax[] } {
  const faults = new SendFaults();
  const faxes: Fax[] = [];

  function authorized(req: IncomingMessage, res: ServerResponse): boolean {
    const key = req.headers.authorization?.replace(/^Bearer\s+/, '');
    if (key && key === (process.env.FAX_API_KEY || LOCAL_FAX_API_KEY)) return true;
    telnyxError(res, 401, '10009', 'Authentication failed', 'Could not understand the provided credentials.');
    return false;
  }

  async function transmit(fax: Fax): Promise<void> {
    try {
      const response = await fetch(fax.media_url, { signal: AbortSignal.timeout(10_000) });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const bytes = Buffer.from(await response.arrayBuffer());
      fax.document = { content_type: response.headers.get('content-type'), size: bytes.length, content: bytes.toString('base64') };
      fax.status = 'delivered';
      fax.page_count = Math.max(1, (bytes.toString('latin1').match(/\/Type\s*\/Page\b/g) ?? []).length);
    } catch (error) {
      fax.status = 'failed';
      fax.failure_reason = `media_download_failed: ${(error as Error).message}`;
    }
    fax.updated_at = new Date().toISOString();
  }

  async function create(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!authorized(req, res)) return;
    const body = await readJsonObject(req, res);
    if (!body) return;
    for (const field of ['connection_id', 'to', 'from', 'media_url']) {
      if (typeof body[field] !== 'string' || !body[field]) return telnyxError(res, 422, '10015', 'Invalid parameter', `The '${field}' parameter is required.`, `/${field}`);
    }
    for (const field of ['to', 'from']) {
      if (!E164.test(body[field] as string)) return telnyxError(res, 422, '10015', 'Invalid parameter', `The '${field}' parameter must be a phone number in E.164 format.`, `/${field}`);
    }
    if (!/^https?:\/\//.test(body.media_url as string)) return telnyxError(res, 422, '10015', 'Invalid parameter', "The 'media_url' parameter must be a URL.", '/media_url');
    const fault = faults.take([body.to as string]);
    if (fault !== null) {
      return fault === 429
        ? telnyxError(res, 429, '10011', 'Too many requests', 'You have exceeded the rate limit.')
        : telnyxError(res, fault, '10007', 'Unexpected error', 'An unexpected error occured.');
    }
    const key = req.headers['idempotency-key'];
    const earlier = typeof key === 'string' && key ? faxes.find((f) => f.idempotency_key === key) : undefined;
    if (earlier) return sendJson(res, 202, { data: public_(earlier) });
    const now = new Date().toISOString();
    const fax: Fax = {
      record_type: 'fax',
      id: randomUUID(),
      direction: 'outbound',
      connection_id: body.connection_id as string,
      to: body.to as string,
      from: body.from as string,
      media_url: body.media_url as string,
      status: 'queued',
      failure_reason: null,
      page_count: null,
      idempotency_key: typeof key === 'string' && key ? key : null,
      created_at: now,
      updated_at: now,
      document: null,
    };
    faxes.push(fax);
    sendJson(res, 202, { data: public_(fax) });
    await transmit(fax);
  }

  return {
    faults,
    faxes,
    async handle(req, res, url) {
      const path = url.pathname.slice(FAX_PREFIX.length) || '/';
      if (path === '/faxes') return req.method === 'POST' ? create(req, res) : methodNotAllowed(res, req.method);
      const one = /^\/faxes\/([^/]+)$/.exec(path);
      if (one) {
        if (!authorized(req, res)) return;
        const fax = faxes.find((f) => f.id === one[1]);
        if (!fax) return telnyxError(res, 404, '10005', 'Resource not found', 'The requested resource or URL could not be found.');
        return sendJson(res, 200, { data: public_(fax) });
      }
      if (!(await requireServiceRole(req, res, 'The fax simulator'))) return;
      if (path === '/messages' && req.method === 'GET') {
        const to = url.searchParams.get('to');
        return sendJson(res, 200, faxes.filter((f) => !to || f.to === to).slice().reverse());
      }
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
      sendJson(res, 404, { message: `No fax simulator route at ${url.pathname}` });
    },
  };
}
