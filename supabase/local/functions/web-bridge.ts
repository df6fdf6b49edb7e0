/**
 * Node's HTTP objects to and from the WHATWG `Request`/`Response` that Edge Functions use:
 * the request body is streamed in, the response body streamed out, and the CORS headers
 * are added when the function did not set its own.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { CORS_HEADERS } from '../http/respond.ts';

export function toRequest(req: IncomingMessage, url: string, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const init: RequestInit & { duplex?: 'half' } = { method, headers, signal };
  if (hasBody) {
    init.body = Readable.toWeb(req) as unknown as ReadableStream<Uint8Array>;
    init.duplex = 'half'; // Node's fetch needs this for a streamed request body
  }
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
