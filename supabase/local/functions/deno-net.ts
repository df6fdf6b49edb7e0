/**
 * `Deno.connect` and `Deno.connectTls` for the Edge Functions that run in-process under Node
 * (deno-shim.ts): outbound TCP, as the hosted Edge Runtime allows it, so lis-deliver speaks
 * MLLP to the LIS simulator through the same `denoConnector` it uses when deployed. Only
 * what a `Deno.Conn` client needs: `write`, `readable`, `close`.
 */
import net from 'node:net';
import { Readable } from 'node:stream';
import tls from 'node:tls';

export interface ShimConn {
  write(bytes: Uint8Array): Promise<number>;
  readonly readable: ReadableStream<Uint8Array>;
  close(): void;
}

function wrap(socket: net.Socket): ShimConn {
  const readable = Readable.toWeb(socket) as unknown as ReadableStream<Uint8Array>;
  return {
    write: (bytes) =>
      new Promise<number>((resolve, reject) => {
        if (socket.destroyed) return reject(new Error('The connection is closed'));
        socket.write(bytes, (error) => (error ? reject(error) : resolve(bytes.length)));
      }),
    readable,
    close() {
      if (socket.destroyed) throw new Error('Bad resource ID');
      socket.destroy();
    },
  };
}

function connected(socket: net.Socket, event: 'connect' | 'secureConnect'): Promise<ShimConn> {
  return new Promise((resolve, reject) => {
    socket.once(event, () => {
      socket.off('error', reject);
      resolve(wrap(socket));
    });
    socket.once('error', reject);
  });
}

export function connect(options: { hostname?: string; port: number }): Promise<ShimConn> {
  return connected(net.connect({ host: options.hostname ?? '127.0.0.1', port: options.port }), 'connect');
}

export function connectTls(options: { hostname?: string; port: number; caCerts?: string[] }): Promise<ShimConn> {
  const host = options.hostname ?? '127.0.0.1';
  return connected(tls.connect({ host, port: options.port, servername: host, ...(options.caCerts ? { ca: options.caCerts } : {}) }), 'secureConnect');
}
