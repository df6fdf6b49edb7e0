/**
 * The product's MLLP inbound in the local stack: what an interface engine does in front of a
 * hosted project. It listens for the laboratory's ORU^R01 on MLLP and forwards each message
 * to the lis-inbound Edge Function over HTTPS, signed with the shared secret (HMAC-SHA-256
 * over the time and the body, _shared/lis/inbound-signature.ts), answering with the ACK the
 * function gives. When the function does not answer 200, the connection is dropped without
 * an ACK, so the laboratory keeps the message and sends it again.
 */
import { signInbound } from '../../functions/_shared/lis/inbound-signature.ts';
import { startMllpListener, type MllpListener } from './listener.ts';

export interface ResultsListenerOptions {
  host: string;
  /** 0 = a free port. */
  port: number;
  /** The lis-inbound function's URL. */
  inboundUrl: string;
  /** The secret it signs with (the engine's current one). */
  secret: string;
  log?: (line: string) => void;
}

export function startResultsListener(options: ResultsListenerOptions): Promise<MllpListener> {
  const log = options.log ?? (() => {});
  return startMllpListener({
    host: options.host,
    port: options.port,
    log,
    async onMessage(message) {
      try {
        const response = await fetch(options.inboundUrl, {
          method: 'POST',
          headers: { 'content-type': 'x-application/hl7-v2+er7; charset=utf-8', ...(await signInbound(message, [options.secret])) },
          body: message,
          signal: AbortSignal.timeout(30_000),
        });
        const body = await response.text();
        if (response.status !== 200) {
          log(`results listener: lis-inbound answered ${response.status}; dropping so the laboratory resends`);
          return { drop: true };
        }
        return { ack: body };
      } catch (error) {
        log(`results listener: lis-inbound failed (${(error as Error).message}); dropping so the laboratory resends`);
        return { drop: true };
      }
    },
  });
}
