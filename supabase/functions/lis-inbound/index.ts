// lis-inbound: the laboratory's results (ORU^R01) over HTTPS, for hosted projects where
// nothing can listen on MLLP (an interface engine in front forwards them here), and for the
// local stack's MLLP listener, which forwards each framed message to this same function.
// Each message is signed by the sender: HMAC-SHA-256 over "<timestamp>.<body>" with a shared
// secret (x-lis-timestamp, x-lis-signature; _shared/lis/inbound-signature.ts), refused outside
// five minutes; LIS_INBOUND_SECRETS holds every secret accepted (two while one replaces the
// other). The body is the HL7 text. The answer is the HL7 ACK (AA; AE or AR with the reason,
// the message then kept in the result queue): HTTP 200 whenever the message was taken;
// 401/403/405/413 when it was not.
import { corsHeaders } from '../_shared/cors.ts';
import { readConfig } from '../_shared/env.ts';
import { errorResponse, preflight } from '../_shared/http.ts';
import { inboundSecrets, verifyInbound } from '../_shared/lis/inbound-signature.ts';
import { ingestResultMessage } from '../_shared/results/ingest.ts';
import { serviceClient } from '../_shared/supabase.ts';

const MAX_MESSAGE_BYTES = 20 * 1024 * 1024;

async function handle(req: Request): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return errorResponse(405, 'method_not_allowed', 'POST the HL7 message as the body.');
  const secrets = inboundSecrets((name) => Deno.env.get(name));
  if (secrets.length === 0) return errorResponse(503, 'not_configured', 'LIS_INBOUND_SECRETS is not set: the laboratory link is off.');
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > MAX_MESSAGE_BYTES) return errorResponse(413, 'too_large', 'The message is larger than 20 MB.');
  const body = new Uint8Array(await req.arrayBuffer());
  if (body.length > MAX_MESSAGE_BYTES) return errorResponse(413, 'too_large', 'The message is larger than 20 MB.');
  const verdict = await verifyInbound(req.headers, body, secrets);
  if (!verdict.ok) return errorResponse(verdict.status, verdict.code, verdict.message);
  // Bytes that are not UTF-8 are read as U+FFFD rather than refused: the message is still kept and answered.
  const message = new TextDecoder().decode(body);
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
