/**
 * How the simulated laboratory sends its results back, as a real one is configured to:
 * over MLLP to the product's listener (or the interface engine in front of it), or as an
 * HTTPS POST of the HL7 text to the product's inbound endpoint, signed with the shared
 * secret (HMAC-SHA-256 over the time and the body; the hosted deployment, where nothing can
 * listen on MLLP). Both retry with backoff; each HTTPS attempt is signed afresh.
 */
import { parseAck } from '../../functions/_shared/hl7/ack.ts';
import { signInbound } from '../../functions/_shared/lis/inbound-signature.ts';
import { backoffDelay, createMllpClient, type MllpBackoff } from '../../functions/_shared/mllp/client.ts';
import type { MllpTlsOptions } from '../../functions/_shared/mllp/transport.ts';
import { nodeConnector } from '../mllp/node-connector.ts';

/** The media type of HL7 v2 in its usual (ER7, pipe-delimited) encoding. */
export const HL7_MEDIA_TYPE = 'x-application/hl7-v2+er7; charset=utf-8';

export type LisDestination =
  | { kind: 'mllp'; host: string; port: number; tls?: MllpTlsOptions | boolean | null }
  | { kind: 'https'; url: string; secret: string }
  | null;

export interface DeliveryOutcome {
  ok: boolean;
  attempts: number;
  /** MSA-1 of the receiver's ACK when it sent one. */
  ackCode: string | null;
  ackText: string | null;
  error: string | null;
}

export interface DeliveryOptions {
  retries: number;
  backoff: MllpBackoff;
  timeoutMs: number;
}

export function describeDestination(destination: LisDestination): string {
  if (!destination) return 'none (results are kept, not sent)';
  return destination.kind === 'mllp' ? `mllp://${destination.host}:${destination.port}${destination.tls ? ' (TLS)' : ''}` : destination.url;
}

async function overMllp(destination: Extract<LisDestination, { kind: 'mllp' }>, text: string, options: DeliveryOptions): Promise<DeliveryOutcome> {
  const client = createMllpClient({
    host: destination.host,
    port: destination.port,
    tls: destination.tls ?? null,
    connector: nodeConnector,
    ackTimeoutMs: options.timeoutMs,
    retries: options.retries,
    backoff: options.backoff,
  });
  try {
    const delivery = await client.send(text);
    return { ok: delivery.ack.code === 'AA', attempts: delivery.attempts, ackCode: delivery.ack.code, ackText: delivery.ack.text, error: delivery.ack.code === 'AA' ? null : delivery.ack.text };
  } catch (error) {
    const attempts = (error as { attempts?: number }).attempts ?? options.retries + 1;
    return { ok: false, attempts, ackCode: null, ackText: null, error: (error as Error).message };
  } finally {
    client.close();
  }
}

async function overHttps(destination: Extract<LisDestination, { kind: 'https' }>, text: string, options: DeliveryOptions): Promise<DeliveryOutcome> {
  let last: DeliveryOutcome = { ok: false, attempts: 0, ackCode: null, ackText: null, error: 'not sent' };
  for (let attempt = 1; attempt <= options.retries + 1; attempt += 1) {
    if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, backoffDelay(options.backoff, attempt - 1)));
    try {
      const response = await fetch(destination.url, {
        method: 'POST',
        headers: { 'content-type': HL7_MEDIA_TYPE, ...(await signInbound(text, [destination.secret])) },
        body: text,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      const body = await response.text();
      let ack: { code: string; text: string } | null = null;
      try {
        ack = parseAck(body);
      } catch {
        ack = null;
      }
      last = {
        ok: response.ok && (!ack || ack.code === 'AA'),
        attempts: attempt,
        ackCode: ack?.code ?? null,
        ackText: ack?.text ?? null,
        error: response.ok ? (ack && ack.code !== 'AA' ? ack.text : null) : `HTTP ${response.status}: ${body.slice(0, 200)}`,
      };
      // A 4xx other than 429 is the receiver refusing this message: sending it again does not help.
      if (response.ok || (response.status < 500 && response.status !== 429)) return last;
    } catch (error) {
      last = { ok: false, attempts: attempt, ackCode: null, ackText: null, error: (error as Error).message };
    }
  }
  return last;
}

export function deliver(destination: Exclude<LisDestination, null>, text: string, options: DeliveryOptions): Promise<DeliveryOutcome> {
  return destination.kind === 'mllp' ? overMllp(destination, text, options) : overHttps(destination, text, options);
}
