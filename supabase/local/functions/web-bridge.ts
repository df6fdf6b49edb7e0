/**
 * Node's HTTP objects to and from the WHATWG `Request`/`Response` that Edge Functions use:
 * the request body is read first (so a body over the limit is refused, and a function
 * that answers without reading it leaves no half-read connection behind), the response
 * body streamed out, and the CORS headers added when the function did not set its own.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { CORS_HEADERS } from '../http/respond.ts';

export function toRequest(req: IncomingMessage, url: string, signal: AbortSignal, body: Buffer | null): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const method = req.method ?? 'GET';
  const init: RequestInit = { method, headers, signal };
  if (body && method !== 'GET' && method !== 'HEAD') init.body = new Uint8Array(body);
  return new Request(url, init);
}

export async function sendResponse(res: ServerResponse, response: Response, method: string): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  if (!response.headers.has('access-control-allow-origin')) {
    for (const [name, value] of Object.entries(CORS_HEADERS)) headers[name.toLowerCase()] ??= value;
  }
  res.writeHead(response.status, response.statusText, headers);
  if (!response.body || method === 'HEAD') {
    res.end();
    return;
  }
  await pipeline(Readable.fromWeb(response.body as unknown as NodeReadableStream<Uint8Array>), res);
}
