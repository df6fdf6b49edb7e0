/**
 * For the realtime unit tests: an in-memory database with a small RLS-protected table in
 * the publication, the realtime service behind a bare HTTP server (no auth or REST needed),
 * tokens signed with the stack's secret, and a raw Phoenix client for protocol checks.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { ANON_KEY, defaultConfig } from '../config.ts';
import type { StackContext } from '../context.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { signClaims } from '../jwt.ts';
import { Mailbox } from '../mailbox.ts';
import { createRealtimeService, type RealtimeService } from './service.ts';

export const NOTES_SQL = `
create table public.rt_notes (
  id uuid primary key default gen_random_uuid(),
  owner uuid not null,
  body text not null default '',
  n int not null default 0,
  tags text[] not null default '{}',
  data jsonb,
  at timestamptz not null default clock_timestamp()
);
alter table public.rt_notes enable row level security;
create policy rt_notes_owner on public.rt_notes for select to authenticated using (owner = (select auth.uid()));
alter publication supabase_realtime add table public.rt_notes;
`;

export interface Harness {
  url: string;
  db: Database;
  /** Number of `asCaller` transactions so far (the re-selects of the change feed). */
  callerQueries(): number;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const db = await openDatabase({ dataDir: null, reset: false, seed: false, log: () => {} });
  await db.pg.exec(NOTES_SQL);
  let count = 0;
  const counted: Database = {
    ...db,
    asCaller(claims, fn) {
      count += 1;
      return db.asCaller(claims, fn);
    },
  };
  const server = http.createServer((_req, res) => res.writeHead(404).end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const ctx: StackContext = {
    config: defaultConfig({ host: '127.0.0.1', port: 0, dataDir: null, reset: false, seed: false, jwtExpirySeconds: 3600, siteUrl: url, quiet: true, maxRows: null }),
    db: counted,
    log: () => {},
    url,
    mailbox: new Mailbox(() => {}),
  };
  const realtime: RealtimeService = await createRealtimeService(ctx);
  server.on('upgrade', (req, socket, head) => realtime.handleUpgrade(req, socket, head));
  return {
    url,
    db,
    callerQueries: () => count,
    async close() {
      await realtime.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
}

export async function userToken(sub: string = randomUUID(), expiresIn = 3600): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return signClaims({ role: 'authenticated', aud: 'authenticated', sub, iat: now, exp: now + expiresIn });
}

export type Frame = [string | null, string | null, string, string, Record<string, unknown>];

/** A bare vsn 2.0.0 client: send arrays, wait for frames matching a predicate. */
export class RawClient {
  readonly frames: Frame[] = [];
  private waiters: Array<{ match: (frame: Frame) => boolean; resolve: (frame: Frame) => void }> = [];
  private ref = 0;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      const frame = JSON.parse(String(data)) as Frame;
      this.frames.push(frame);
      this.waiters = this.waiters.filter((waiter) => {
        if (!waiter.match(frame)) return true;
        waiter.resolve(frame);
        return false;
      });
    });
  }

  static async connect(base: string, apikey: string = ANON_KEY): Promise<RawClient> {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${apikey}&vsn=2.0.0`);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new RawClient(ws);
  }

  send(joinRef: string | null, topic: string, event: string, payload: Record<string, unknown>): string {
    this.ref += 1;
    const ref = String(this.ref);
    this.ws.send(JSON.stringify([joinRef, ref, topic, event, payload]));
    return ref;
  }

  next(match: (frame: Frame) => boolean, timeoutMs = 3000): Promise<Frame> {
    const seen = this.frames.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no matching frame')), timeoutMs);
      this.waiters.push({ match, resolve: (frame) => (clearTimeout(timer), resolve(frame)) });
    });
  }

  close(): void {
    this.ws.terminate();
  }
}
