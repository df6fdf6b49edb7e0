// MLLP sockets for Node (the local stack, tests, an interface engine of our own): net for
// plain TCP, tls for MLLP over TLS. Edge Functions use
// supabase/functions/_shared/mllp/deno-connector.ts, the runtime's own API.
import net from 'node:net';
import tls from 'node:tls';
import { tlsOptions, withConnectTimeout, type MllpConnector, type MllpSocket, type MllpTarget } from '../../functions/_shared/mllp/transport.ts';

function wrap(socket: net.Socket): MllpSocket {
  return {
    write: (bytes) =>
      new Promise<void>((resolve, reject) => {
        if (socket.destroyed) return reject(new Error('The connection is closed'));
        socket.write(bytes, (error) => (error ? reject(error) : resolve()));
      }),
    chunks: (async function* () {
      try {
        for await (const chunk of socket) yield new Uint8Array(chunk as Buffer);
      } catch {
        // A reset ends the stream like a close: the client sees the connection gone.
      }
    })(),
    close: () => socket.destroy(),
  };
}

export const nodeConnector: MllpConnector = (target: MllpTarget) => {
  const secure = tlsOptions(target.tls);
  const connecting = new Promise<net.Socket>((resolve, reject) => {
    const socket = secure
      ? tls.connect({ host: target.host, port: target.port, servername: secure.serverName ?? target.host, ...(secure.caCerts ? { ca: [...secure.caCerts] } : {}) })
      : net.connect({ host: target.host, port: target.port });
    socket.once(secure ? 'secureConnect' : 'connect', () => {
      socket.removeAllListeners('error');
      socket.on('error', () => {});
      resolve(socket);
    });
    socket.once('error', (error) => {
      socket.destroy();
      reject(error);
    });
  });
  return withConnectTimeout(target, connecting, (late) => late.destroy()).then(wrap);
};
