/** Small HTTP helpers shared by the stack's services: CORS, JSON bodies and answers. */
import type { IncomingMessage, ServerResponse } from 'node:http';

export const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS, HEAD',
  'Access-Control-Allow-Headers':
    'authorization, x-client-info, apikey, content-type, x-retry-count, x-supabase-api-version, ' +
    'accept-profile, content-profile, prefer, range, traceparent, tracestate, baggage, x-idempotency-key, ' +
    // Storage's uploads (storage-js): without them the browser's preflight fails and no upload leaves.
    'x-upsert, cache-control, x-metadata',
  'Access-Control-Expose-Headers': 'content-range, x-supabase-api-version, range-unit',
  'Access-Control-Max-Age': '86400',
};

/**
 * Largest request body the stack accepts (a 500-row push of providers is a few MB).
 * Supabase publishes no figure for the hosted API gateway's limit; the answer past it is
 * the gateway's (Kong's request-size limit): 413 with a JSON body, `tooLarge` below.
 */
export const MAX_BODY_BYTES = 32 * 1024 * 1024;

export class BodyTooLargeError extends Error {}

/**
 * The gateway's answer to a body over MAX_BODY_BYTES, for every service. The rest of the
 * body is still read (and dropped, stack.ts): closing the connection under a client that
 * is still sending resets it before it reads this answer.
 */
export function sendTooLarge(res: ServerResponse): void {
  sendJson(res, 413, { message: 'Request size limit exceeded' });
}

/** True when the request announces a body over MAX_BODY_BYTES (checked before reading it). */
export function announcesTooLarge(req: IncomingMessage): boolean {
  const length = Number(req.headers['content-length']);
  return Number.isFinite(length) && length > MAX_BODY_BYTES;
}

export async function readBodyBytes(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new BodyTooLargeError('Request body too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

export async function readBody(req: IncomingMessage): Promise<string> {
  return (await readBodyBytes(req)).toString('utf8');
}

export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(',') : value;
}

export function send(
  res: ServerResponse,
  status: number,
  body: string | null,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) return;
  res.writeHead(status, { ...CORS_HEADERS, ...headers });
  res.end(body ?? undefined);
}

export function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  send(res, status, JSON.stringify(value), { 'Content-Type': 'application/json; charset=utf-8', ...headers });
}

/**
 * True when a service failed only because its caller hung up before the answer was
 * written (a closed tab, an aborted download): nothing went wrong on the server's side,
 * and there is nobody left to answer.
 */
export function callerHungUp(res: Pick<ServerResponse, 'destroyed'>, error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return res.destroyed || code === 'ERR_STREAM_PREMATURE_CLOSE';
}
