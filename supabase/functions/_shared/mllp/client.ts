// The MLLP client that delivers a message and waits for its acknowledgement: one message
// in flight per connection (HL7 original mode), the ACK matched by MSA-2 to the message's
// MSH-10 (a late ACK of an earlier attempt is recognised and ignored), a timeout per
// attempt, and retries with exponential backoff on a new connection after a timeout or a
// dropped connection. A retry sends the very same message, so its control ID is the same
// and the receiver answers it as a duplicate instead of taking the order twice. AE and AR
// are answers, not failures: they are returned, never retried.
import { parseAck, type ParsedAck } from '../hl7/ack.ts';
import { parseMessage } from '../hl7/message.ts';
import { DEFAULT_MAX_FRAME_BYTES, encodeFrame, MllpDecoder } from './framing.ts';
import type { MllpConnector, MllpSocket, MllpTlsOptions } from './transport.ts';

export interface MllpBackoff {
  /** Pause before the first retry. */
  initialMs: number;
  /** Each further pause is this many times the last… */
  factor: number;
  /** …up to this. */
  maxMs: number;
}

export interface MllpClientOptions {
  host: string;
  port: number;
  tls?: MllpTlsOptions | boolean | null;
  connector: MllpConnector;
  /** Time to wait for the ACK of one attempt; default 10 s. */
  ackTimeoutMs?: number;
  /** Time to wait for a connection; default 5 s. */
  connectTimeoutMs?: number;
  /** Attempts after the first; default 3. */
  retries?: number;
  backoff?: MllpBackoff;
  maxFrameBytes?: number;
  /** For tests: how to wait between attempts. */
  sleep?: (ms: number) => Promise<void>;
  /** Connection events, ACKs that matched nothing, retries: for logs. */
  onEvent?: (event: MllpClientEvent) => void;
}

export type MllpClientEvent =
  | { type: 'connected'; host: string; port: number }
  | { type: 'disconnected'; reason: string }
  | { type: 'retry'; controlId: string; attempt: number; delayMs: number; reason: string }
  | { type: 'unmatched-frame'; text: string };

export interface MllpDelivery {
  ack: ParsedAck;
  /** The ACK's wire text, to keep with the order. */
  ackText: string;
  /** 1 when the first attempt was answered. */
  attempts: number;
}

export type MllpFailureReason = 'timeout' | 'connection';

export class MllpDeliveryError extends Error {
  constructor(
    readonly controlId: string,
    readonly reason: MllpFailureReason,
    readonly attempts: number,
    detail: string,
  ) {
    super(`Message ${controlId} was not acknowledged after ${attempts} attempt${attempts === 1 ? '' : 's'}: ${detail}`);
    this.name = 'MllpDeliveryError';
  }
}

export const DEFAULT_BACKOFF: MllpBackoff = { initialMs: 500, factor: 2, maxMs: 10_000 };

/** The pause before retry number `retry` (1 = first retry). */
export function backoffDelay(backoff: MllpBackoff, retry: number): number {
  return Math.min(backoff.maxMs, Math.round(backoff.initialMs * backoff.factor ** (retry - 1)));
}

interface Waiter {
  controlId: string;
  resolve(delivery: { ack: ParsedAck; text: string }): void;
  reject(error: Error): void;
}

class AttemptFailed extends Error {
  constructor(
    readonly reason: MllpFailureReason,
    message: string,
  ) {
    super(message);
  }
}

interface Connection {
  socket: MllpSocket;
  closed: boolean;
}

export interface MllpClient {
  send(message: string): Promise<MllpDelivery>;
  close(): void;
}

export function createMllpClient(options: MllpClientOptions): MllpClient {
  const ackTimeoutMs = options.ackTimeoutMs ?? 10_000;
  const retries = options.retries ?? 3;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const emit = options.onEvent ?? (() => {});
  let connection: Connection | null = null;
  let waiter: Waiter | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  function drop(conn: Connection, reason: string) {
    if (conn.closed) return;
    conn.closed = true;
    conn.socket.close();
    if (connection === conn) connection = null;
    emit({ type: 'disconnected', reason });
    waiter?.reject(new AttemptFailed('connection', reason));
  }

  async function readLoop(conn: Connection) {
    const decoder = new MllpDecoder(options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES);
    try {
      for await (const chunk of conn.socket.chunks) {
        for (const text of decoder.push(chunk)) {
          let ack: ParsedAck | null = null;
          try {
            ack = parseAck(text);
          } catch {
            ack = null;
          }
          if (ack && waiter && ack.acknowledgedControlId === waiter.controlId) waiter.resolve({ ack, text });
          else emit({ type: 'unmatched-frame', text });
        }
      }
      drop(conn, 'the receiver closed the connection');
    } catch (error) {
      drop(conn, error instanceof Error ? error.message : String(error));
    }
  }

  async function connected(): Promise<Connection> {
    if (connection && !connection.closed) return connection;
    let socket: MllpSocket;
    try {
      socket = await options.connector({ host: options.host, port: options.port, tls: options.tls ?? null, connectTimeoutMs: options.connectTimeoutMs ?? 5_000 });
    } catch (error) {
      throw new AttemptFailed('connection', error instanceof Error ? error.message : String(error));
    }
    const conn: Connection = { socket, closed: false };
    connection = conn;
    emit({ type: 'connected', host: options.host, port: options.port });
    void readLoop(conn);
    return conn;
  }

  async function attempt(frame: Uint8Array, controlId: string): Promise<{ ack: ParsedAck; text: string }> {
    const conn = await connected();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        waiter = null;
        // The connection may hold a late ACK for this message: start the next attempt afresh.
        drop(conn, `no acknowledgement within ${ackTimeoutMs} ms`);
        reject(new AttemptFailed('timeout', `no acknowledgement within ${ackTimeoutMs} ms`));
      }, ackTimeoutMs);
      const settle = (fn: () => void) => {
        clearTimeout(timer);
        waiter = null;
        fn();
      };
      waiter = {
        controlId,
        resolve: (delivery) => settle(() => resolve(delivery)),
        reject: (error) => settle(() => reject(error)),
      };
      conn.socket.write(frame).catch((error: unknown) => {
        drop(conn, `write failed: ${error instanceof Error ? error.message : String(error)}`);
      });
    });
  }

  async function deliver(message: string): Promise<MllpDelivery> {
    const controlId = parseMessage(message).controlId;
    const frame = encodeFrame(message);
    let last: AttemptFailed | null = null;
    for (let number = 1; number <= retries + 1; number += 1) {
      if (last) {
        const delayMs = backoffDelay(backoff, number - 1);
        emit({ type: 'retry', controlId, attempt: number, delayMs, reason: last.message });
        await sleep(delayMs);
      }
      try {
        const { ack, text } = await attempt(frame, controlId);
        return { ack, ackText: text, attempts: number };
      } catch (error) {
        if (!(error instanceof AttemptFailed)) throw error;
        last = error;
      }
    }
    const failure = last as AttemptFailed;
    throw new MllpDeliveryError(controlId, failure.reason, retries + 1, failure.message);
  }

  return {
    send(message) {
      const result = queue.then(() => deliver(message));
      queue = result.catch(() => {});
      return result;
    },
    close() {
      if (connection) drop(connection, 'closed by the client');
    },
  };
}
