/**
 * An MLLP listener for Node (the LIS simulator, and the product's own MLLP inbound where
 * it runs beside an interface engine): accepts TCP (or TLS) connections, decodes frames and
 * hands each message to `onMessage`, one at a time per connection as original-mode HL7
 * expects, then writes back what the handler decides: an ACK (optionally after a delay),
 * nothing at all (a lost ACK), or a dropped connection. Port 0 picks a free port.
 */
import net from 'node:net';
import tls from 'node:tls';
import { encodeFrame, MllpDecoder } from '../../functions/_shared/mllp/framing.ts';

export type MllpReply = { ack: string; delayMs?: number } | { drop: true } | { none: true };

export interface MllpPeer {
  remoteAddress: string;
  remotePort: number;
}

export interface MllpListenerOptions {
  host?: string;
  port: number;
  /** PEM key and certificate to listen with TLS. */
  tls?: { key: string; cert: string } | null;
  onMessage(message: string, peer: MllpPeer): Promise<MllpReply>;
  maxFrameBytes?: number;
  log?: (line: string) => void;
}

export interface MllpListener {
  host: string;
  port: number;
  /** Connections open now (tests check that a drop really dropped). */
  connectionCount(): number;
  close(): Promise<void>;
}

export async function startMllpListener(options: MllpListenerOptions): Promise<MllpListener> {
  const sockets = new Set<net.Socket>();
  const log = options.log ?? (() => {});
  const closing = new AbortController();

  const onConnection = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    const peer = { remoteAddress: socket.remoteAddress ?? '', remotePort: socket.remotePort ?? 0 };
    const decoder = new MllpDecoder(options.maxFrameBytes);
    let chain: Promise<void> = Promise.resolve();
    socket.on('data', (chunk: Buffer) => {
      let messages: string[];
      try {
        messages = decoder.push(new Uint8Array(chunk));
      } catch (error) {
        log(`mllp: ${(error as Error).message}; closing ${peer.remoteAddress}:${peer.remotePort}`);
        socket.destroy();
        return;
      }
      for (const message of messages) {
        chain = chain.then(async () => {
          if (socket.destroyed) return;
          const reply = await options.onMessage(message, peer).catch((error: unknown) => {
            log(`mllp: handler failed: ${String(error)}`);
            return { drop: true } as const;
          });
          if ('drop' in reply) {
            socket.destroy();
            return;
          }
          if ('none' in reply) return;
          if (reply.delayMs) await delay(reply.delayMs, closing.signal);
          if (!socket.destroyed) socket.write(encodeFrame(reply.ack));
        });
      }
    });
  };

  const server = options.tls ? tls.createServer({ key: options.tls.key, cert: options.tls.cert }, onConnection) : net.createServer(onConnection);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as net.AddressInfo;
  return {
    host: address.address,
    port: address.port,
    connectionCount: () => sockets.size,
    async close() {
      closing.abort();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });
}
