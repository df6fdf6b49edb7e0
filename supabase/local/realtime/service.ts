/**
 * The stack's Realtime: WebSocket upgrades under /realtime/v1/websocket speak Supabase
 * Realtime's Phoenix protocol (socket-session.ts); database changes come from NOTIFY
 * triggers on the `supabase_realtime` publication (change-triggers.ts) and are delivered
 * per subscriber under RLS (change-feed.ts). Broadcast and presence stay in memory.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { StackContext } from '../context.ts';
import { installChangeTriggers } from './change-triggers.ts';
import { ChangeFeed } from './change-feed.ts';
import { ChannelHub } from './channel-hub.ts';
import type { Vsn } from './frames.ts';
import { SocketSession } from './socket-session.ts';
import { checkRealtimeToken } from './tokens.ts';

export interface RealtimeService {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): Promise<void>;
}

export async function createRealtimeService(ctx: StackContext): Promise<RealtimeService> {
  const tables = await installChangeTriggers(ctx.db.pg);
  const hub = new ChannelHub();
  const feed = new ChangeFeed(ctx.db, hub, tables, ctx.log);
  await feed.start();
  const wss = new WebSocketServer({ noServer: true });
  const sessions = new Set<SocketSession>();
  let closed = false;

  return {
    handleUpgrade(req, socket, head) {
      const url = new URL(req.url ?? '/', ctx.url);
      if (closed || url.pathname !== '/realtime/v1/websocket') return refuse(socket, 404, 'Not Found');
      const header = req.headers['apikey'];
      const apiKey = url.searchParams.get('apikey') ?? (Array.isArray(header) ? header[0] : header) ?? '';
      const vsn: Vsn = url.searchParams.get('vsn') === '1.0.0' ? '1.0.0' : '2.0.0';
      // Realtime's UserSocket refuses a connection whose apikey is not a valid project JWT.
      checkRealtimeToken(apiKey)
        .then((checked) => {
          if (!checked.ok) return refuse(socket, 403, 'Forbidden');
          wss.handleUpgrade(req, socket, head, (ws) => {
            const session = new SocketSession(ws, vsn, apiKey, hub, tables, ctx.log);
            sessions.add(session);
            ws.on('close', () => sessions.delete(session));
          });
        })
        .catch(() => socket.destroy());
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const client of wss.clients) client.terminate();
      for (const session of sessions) session.closeAll();
      sessions.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await feed.stop();
    },
  };
}

function refuse(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
