// MLLP sockets for Supabase Edge Functions (Deno): Deno.connect for plain TCP and
// Deno.connectTls for MLLP over TLS. Edge Functions may open outbound TCP connections (not
// to port 25 or 587) but cannot listen: see docs/integrations.md for the inbound side.
import { tlsOptions, withConnectTimeout, type MllpConnector, type MllpSocket, type MllpTarget } from './transport.ts';

function wrap(conn: Deno.Conn): MllpSocket {
  let closed = false;
  return {
    async write(bytes) {
      let written = 0;
      while (written < bytes.length) written += await conn.write(bytes.subarray(written));
    },
    chunks: (async function* () {
      try {
        for await (const chunk of conn.readable) yield chunk;
      } catch {
        // A reset ends the stream like a close.
      }
    })(),
    close() {
      if (closed) return;
      closed = true;
      try {
        conn.close();
      } catch {
        // Already closed by the peer.
      }
    },
  };
}

export const denoConnector: MllpConnector = (target: MllpTarget) => {
  const secure = tlsOptions(target.tls);
  const connecting: Promise<Deno.Conn> = secure
    ? Deno.connectTls({ hostname: target.host, port: target.port, ...(secure.caCerts ? { caCerts: [...secure.caCerts] } : {}) })
    : Deno.connect({ hostname: target.host, port: target.port });
  return withConnectTimeout(target, connecting, (late) => late.close()).then(wrap);
};
