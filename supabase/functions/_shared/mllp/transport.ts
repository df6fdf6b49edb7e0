// The one small interface between the MLLP client and a runtime's sockets, so the same
// client runs in an Edge Function (Deno.connect / Deno.connectTls, deno-connector.ts) and in
// Node (net / tls, supabase/local/mllp/node-connector.ts): connect to a host and port, optionally over TLS,
// write bytes, read chunks until the peer closes, close.

export interface MllpTlsOptions {
  /** PEM certificates to trust besides the system's (a private interface engine's CA). */
  caCerts?: readonly string[];
  /** The name the certificate must carry, when it differs from `host` (Node only: Deno checks `host`). */
  serverName?: string;
}

export interface MllpTarget {
  host: string;
  port: number;
  /** Connect over TLS (MLLP over TLS, as interface engines offer it); off by default. */
  tls?: MllpTlsOptions | boolean | null;
  /** Give up connecting after this long. */
  connectTimeoutMs: number;
}

export interface MllpSocket {
  /** Resolves once the bytes are handed to the operating system; rejects when the connection is gone. */
  write(bytes: Uint8Array): Promise<void>;
  /** The bytes the peer sends, chunk by chunk; ends when the peer closes. */
  readonly chunks: AsyncIterable<Uint8Array>;
  close(): void;
}

export type MllpConnector = (target: MllpTarget) => Promise<MllpSocket>;

export class MllpConnectError extends Error {
  constructor(target: Pick<MllpTarget, 'host' | 'port'>, detail: string) {
    super(`Could not connect to ${target.host}:${target.port}: ${detail}`);
    this.name = 'MllpConnectError';
  }
}

export function tlsOptions(tls: MllpTarget['tls']): MllpTlsOptions | null {
  if (!tls) return null;
  return tls === true ? {} : tls;
}

/** Rejects with MllpConnectError when `connecting` takes longer than the target allows. */
export function withConnectTimeout<T>(target: MllpTarget, connecting: Promise<T>, onLate: (value: T) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => {
      settled = true;
      reject(new MllpConnectError(target, `timed out after ${target.connectTimeoutMs} ms`));
    }, target.connectTimeoutMs);
    connecting.then(
      (value) => {
        clearTimeout(timer);
        if (settled) onLate(value);
        else resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        if (!settled) reject(new MllpConnectError(target, error instanceof Error ? error.message : String(error)));
      },
    );
  });
}
