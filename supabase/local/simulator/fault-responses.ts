/**
 * How each simulated failure looks on the wire, modelled on what clients of the real
 * registries meet: a gateway's 500 (an HTML page in front of NPPES, a JSON message in
 * front of the CMS API), a 200 whose JSON is cut short, a 200 with no body at all, a
 * connection reset, and a response so slow that the caller's timeout fires first.
 * Registry answers carry no CORS headers: the live NPPES API sends none.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FaultKind, Registry } from './fault-control.ts';

export interface RegistryAnswer {
  status: number;
  body: string;
  contentType: string;
  /** Further response headers (a CMS dataset's Last-Modified). */
  headers?: Record<string, string>;
}

export const JSON_TYPE = 'application/json';

const NPPES_500_PAGE =
  '<!DOCTYPE HTML PUBLIC "-//IETF//DTD HTML 2.0//EN">\n<html><head>\n<title>500 Internal Server Error</title>\n' +
  '</head><body>\n<h1>Internal Server Error</h1>\n<p>The server encountered an internal error or misconfiguration ' +
  'and was unable to complete your request.</p>\n</body></html>\n';
const CMS_500_BODY = JSON.stringify({ message: 'Internal server error' });

/** Writes an answer without the stack's CORS headers. */
export function writeAnswer(res: ServerResponse, answer: RegistryAnswer): void {
  if (res.headersSent || res.destroyed) return;
  const body = Buffer.from(answer.body, 'utf8');
  res.writeHead(answer.status, { ...answer.headers, 'Content-Type': answer.contentType, 'Content-Length': String(body.length) });
  res.end(body);
}

/** What a non-slow fault turns the normal answer into; null for `reset` (no answer at all). */
export function faultyAnswer(kind: Exclude<FaultKind, 'slow'>, registry: Registry, normal: RegistryAnswer): RegistryAnswer | null {
  switch (kind) {
    case 'error500':
      return registry === 'nppes'
        ? { status: 500, body: NPPES_500_PAGE, contentType: 'text/html; charset=iso-8859-1' }
        : { status: 500, body: CMS_500_BODY, contentType: JSON_TYPE };
    case 'malformed':
      // Cut the real body short: always invalid JSON, still looks like the registry's answer.
      return { status: 200, body: normal.body.slice(0, Math.max(1, Math.floor(normal.body.length / 2))), contentType: normal.contentType };
    case 'empty':
      return { status: 200, body: '', contentType: normal.contentType };
    case 'reset':
      return null;
  }
}

/** Drops the connection abruptly (RST where the platform allows), as a failing gateway does. */
export function resetConnection(req: IncomingMessage): void {
  const socket = req.socket as Socket & { resetAndDestroy?: () => Socket };
  if (typeof socket.resetAndDestroy === 'function') socket.resetAndDestroy();
  else socket.destroy();
}

/**
 * Waits `ms`, unless the client goes away or the simulator closes first.
 * Resolves true when the full delay passed and the client is still there.
 */
export function waitUnlessGone(ms: number, res: ServerResponse, closing: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (closing.aborted || res.destroyed) return resolve(false);
    const finish = (waited: boolean) => {
      clearTimeout(timer);
      res.off('close', onGone);
      closing.removeEventListener('abort', onGone);
      resolve(waited && !res.destroyed);
    };
    const onGone = () => finish(false);
    const timer = setTimeout(() => finish(true), ms);
    res.on('close', onGone);
    closing.addEventListener('abort', onGone, { once: true });
  });
}
