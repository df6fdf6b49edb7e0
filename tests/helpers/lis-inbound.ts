/**
 * Sends a result message to lis-inbound as the laboratory's interface engine does: the HL7
 * text as the body, signed with the shared secret (x-lis-timestamp, x-lis-signature;
 * supabase/functions/_shared/lis/inbound-signature.ts). `secret: null` sends it unsigned,
 * `at` signs it at another time (a stale or replayed message).
 */
import { signInbound } from '../../supabase/functions/_shared/lis/inbound-signature.ts';
import { LOCAL_LIS_SECRET } from '../../supabase/local/config.ts';

export async function postToInbound(
  stackUrl: string,
  message: string | Uint8Array,
  options: { secret?: string | null; at?: Date; headers?: Record<string, string> } = {},
): Promise<{ status: number; text: string }> {
  const secret = options.secret === undefined ? LOCAL_LIS_SECRET : options.secret;
  const signature = secret === null ? {} : await signInbound(message, [secret], options.at);
  const response = await fetch(`${stackUrl}/functions/v1/lis-inbound`, {
    method: 'POST',
    headers: { 'content-type': 'x-application/hl7-v2+er7; charset=utf-8', ...signature, ...options.headers },
    body: message as BodyInit,
  });
  return { status: response.status, text: await response.text() };
}
