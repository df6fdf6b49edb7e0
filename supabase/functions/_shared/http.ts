// JSON answers with CORS for every function, and the one error shape the client reads:
// `{ error: <message>, code: <machine code> }` (the wrappers in src/lib/functions read
// `error` from FunctionsHttpError.context). No answer is kept by an HTTP cache (`no-store`:
// answers may carry patient data; a function whose answer may be cached says so itself).
import { corsHeaders } from './cors.ts';

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });
}

export function errorResponse(status: number, code: string, message: string, extra: Record<string, unknown> = {}): Response {
  return json(status, { ...extra, error: message, code });
}

/** The answer to a CORS preflight, or null for any other method. */
export function preflight(req: Request): Response | null {
  return req.method === 'OPTIONS' ? new Response('ok', { headers: corsHeaders }) : null;
}

export type BodyRead = { ok: true; body: Record<string, unknown> } | { ok: false; response: Response };

/** The request's JSON object body, or a 400/405 answer that says what is wrong. */
export async function readJsonObject(req: Request): Promise<BodyRead> {
  if (req.method !== 'POST') {
    return { ok: false, response: errorResponse(405, 'method_not_allowed', 'Use POST with a JSON body.') };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(await req.text());
  } catch {
    return { ok: false, response: errorResponse(400, 'invalid_json', 'The request body must be a JSON object.') };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ok: false, response: errorResponse(400, 'invalid_json', 'The request body must be a JSON object.') };
  }
  return { ok: true, body: parsed as Record<string, unknown> };
}
