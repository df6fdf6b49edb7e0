/**
 * What every simulator's control routes (`/__simulator/...`: fault switches, views of what
 * was received) share: they answer only the service_role key, as the registry simulator's
 * fault switches do, and read a JSON object body with a clear 400 when it is not one.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bearerToken, verifyToken } from '../jwt.ts';
import { BodyTooLargeError, readBody, sendJson } from './respond.ts';

/** True when the request carries the service_role key; otherwise answers 401 and returns false. */
export async function requireServiceRole(req: IncomingMessage, res: ServerResponse, what: string): Promise<boolean> {
  const check = await verifyToken(bearerToken(req.headers));
  if (check.ok && check.claims.role === 'service_role') return true;
  sendJson(res, 401, { message: `${what} needs the service_role key` });
  return false;
}

/** The request's JSON object, or null after answering 400/413. */
export async function readJsonObject(req: IncomingMessage, res: ServerResponse): Promise<Record<string, unknown> | null> {
  let body: unknown;
  try {
    const text = await readBody(req);
    body = text.trim() === '' ? {} : JSON.parse(text);
  } catch (error) {
    if (error instanceof BodyTooLargeError) sendJson(res, 413, { message: error.message });
    else sendJson(res, 400, { message: 'The body must be JSON' });
    return null;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    sendJson(res, 400, { message: 'The body must be a JSON object' });
    return null;
  }
  return body as Record<string, unknown>;
}

export function methodNotAllowed(res: ServerResponse, method: string | undefined): void {
  sendJson(res, 405, { message: `Method ${method ?? '?'} not allowed` });
}
