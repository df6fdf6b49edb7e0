/**
 * CORS for every Edge Function: the PWA calls the functions from another origin. Starts
 * from supabase-js' canonical list (kept in sync with the headers the SDK sends) and adds
 * `x-idempotency-key`, which the outbox sends with queued calls.
 */
import { corsHeaders as supabaseCorsHeaders } from '@supabase/supabase-js/cors';

export const corsHeaders: Record<string, string> = {
  ...supabaseCorsHeaders,
  'Access-Control-Allow-Headers': `${supabaseCorsHeaders['Access-Control-Allow-Headers']}, x-idempotency-key`,
};

/** The answer to a CORS preflight, or `null` when the request is not one. */
export function preflight(req: Request): Response | null {
  return req.method === 'OPTIONS' ? new Response('ok', { headers: corsHeaders }) : null;
}

/** A JSON answer with the CORS headers, kept by no HTTP cache (it may carry patient data). */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers },
  });
}
