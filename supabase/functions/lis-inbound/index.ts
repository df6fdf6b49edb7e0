// lis-inbound: the laboratory's results (ORU^R01) over HTTPS, for hosted projects where
// nothing can listen on MLLP (an interface engine in front forwards them here), and for the
// local stack's MLLP listener, which forwards each framed message to this same function.
// Authenticated by a shared secret (env LIS_INBOUND_SECRET, header x-lis-secret), compared
// in constant time; the body is the HL7 text. The answer is the HL7 ACK (AA, or AE with the
// reason, the message then kept in result_inbox_errors): HTTP 200 either way, because the
// message was taken; 401/403/405/413 when it was not.
import { corsHeaders } from '../_shared/cors.ts';
import { readConfig } from '../_shared/env.ts';
import { errorResponse, preflight } from '../_shared/http.ts';
import { ingestResultMessage } from '../_shared/results/ingest.ts';
import { isServiceKey } from '../_shared/scheduled-key.ts';
import { serviceClient } from '../_shared/supabase.ts';

const LIS_SECRET_HEADER = 'x-lis-secret';
const MAX_MESSAGE_BYTES = 20 * 1024 * 1024;

async function handle(req: Request): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return errorResponse(405, 'method_not_allowed', 'POST the HL7 message as the body.');
  const secret = Deno.env.get('LIS_INBOUND_SECRET');
  if (!secret) return errorResponse(503, 'not_configured', 'LIS_INBOUND_SECRET is not set: the laboratory link is off.');
  const given = req.headers.get(LIS_SECRET_HEADER);
  if (!given) return errorResponse(401, 'not_authenticated', `The laboratory's shared secret (${LIS_SECRET_HEADER}) is missing.`);
  if (!isServiceKey(given, [secret])) return errorResponse(403, 'forbidden', "The laboratory's shared secret is wrong.");
  const message = await req.text();
  if (new TextEncoder().encode(message).length > MAX_MESSAGE_BYTES) {
    return errorResponse(413, 'too_large', 'The message is larger than 20 MB.');
  }
  try {
    const outcome = await ingestResultMessage(serviceClient(readConfig()), message);
    return new Response(outcome.ack, { status: 200, headers: { ...corsHeaders, 'Content-Type': 'x-application/hl7-v2+er7; charset=utf-8' } });
  } catch (error) {
    // Nothing was lost: without a 2xx the laboratory keeps the message and sends it again.
    console.error('lis-inbound failed', error);
    return errorResponse(500, 'internal_error', 'The lis-inbound Edge Function failed unexpectedly (HTTP 500).');
  }
}

Deno.serve(handle);
