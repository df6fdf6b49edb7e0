/**
 * A fault-injecting HTTP + WebSocket proxy between the clients under test and the local
 * stack, so the reliability tests can show that flaky clinic connections lose nothing.
 * Loopback only (binds 127.0.0.1), seeded (the same seed gives the same fault sequence for
 * the same request sequence), and bounded: after `maxRequests` requests or `maxLifetimeMs`
 * it closes itself, so a forgotten proxy never outlives its test.
 *
 * Fault kinds, each counted:
 * - drop: the request is never forwarded; the connection hangs briefly and is destroyed;
 * - delay: forwarded after a random delay (then answered normally);
 * - reset: forwarded (the server applies it) and the client's connection is reset before
 *   any answer arrives — the client cannot know whether its write landed;
 * - error5xx: a 502/503/504 answer; half of them before forwarding, half after (applied);
 * - truncate: forwarded, answered with the full Content-Length but only part of the body,
 *   then the connection is destroyed;
 * - wsClose: an open realtime WebSocket is closed abruptly (per message relayed).
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';

export const FAULT_KINDS = ['drop', 'delay', 'reset', 'error5xx', 'truncate', 'wsClose'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];
export type FaultRates = Record<FaultKind, number>;

export interface FaultProxyOptions {
  /** Where requests go, e.g. the stack's `http://127.0.0.1:54321`. */
  target: string;
  /** Port on 127.0.0.1 (0: any free port). */
  port?: number;
  seed?: number;
  /** Probability of each fault per request (wsClose: per relayed WebSocket message). */
  rates?: Partial<FaultRates>;
  /** Range of the delay fault, ms. */
  delayMs?: readonly [number, number];
  /** How long a dropped request hangs before its connection is destroyed, ms. */
  dropHangMs?: number;
  /** Only requests whose path passes are eligible for faults (default: all). */
  eligible?: (method: string, path: string) => boolean;
  /** Hard caps after which the proxy closes itself. */
  maxRequests?: number;
  maxLifetimeMs?: number;
}

/** mulberry32: a small, fast, seedable PRNG (the same one fast-check's examples use). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer']);

interface Upstream {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export class FaultProxy {
  readonly counts: Record<FaultKind, number> = { drop: 0, delay: 0, reset: 0, error5xx: 0, truncate: 0, wsClose: 0 };
  requests = 0;
  /** Requests forwarded to the target (including those whose answer was then faulted). */
  forwarded = 0;
  closed = false;
  /** While false, requests pass untouched (e.g. to let clients drain at the end). */
  faultsEnabled = true;
  rates: FaultRates;

  private readonly random: () => number;
  private readonly sockets = new Set<Socket>();
  private readonly webSockets = new Set<WebSocket>();
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly lifetime: NodeJS.Timeout;
  private closing: Promise<void> | null = null;

  private constructor(
    private readonly server: http.Server,
    private readonly options: FaultProxyOptions,
  ) {
    this.random = seededRandom(options.seed ?? 1);
    this.rates = { drop: 0, delay: 0, reset: 0, error5xx: 0, truncate: 0, wsClose: 0, ...options.rates };
    this.lifetime = setTimeout(() => void this.close(), options.maxLifetimeMs ?? 10 * 60_000);
    this.lifetime.unref();
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    server.on('request', (req, res) => void this.handle(req, res));
    server.on('upgrade', (req, socket, head) => this.upgrade(req, socket as Socket, head));
  }

  static async start(options: FaultProxyOptions): Promise<FaultProxy> {
    const server = http.createServer();
    const proxy = new FaultProxy(server, options);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
    });
    proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return proxy;
  }

  /** The proxy's base URL (kept after it closed). */
  url = '';

  get totalFaults(): number {
    return FAULT_KINDS.reduce((sum, kind) => sum + this.counts[kind], 0);
  }

  /** Close the listener and every open connection; idempotent. */
  close(): Promise<void> {
    this.closing ??= new Promise<void>((resolve) => {
      this.closed = true;
      clearTimeout(this.lifetime);
      for (const ws of this.webSockets) ws.terminate();
      this.wss.close();
      this.server.close(() => resolve());
      for (const socket of this.sockets) socket.destroy();
    });
    return this.closing;
  }

  private pick(path: string, method: string): Exclude<FaultKind, 'wsClose'> | null {
    if (!this.faultsEnabled) return null;
    if (this.options.eligible && !this.options.eligible(method, path)) return null;
    const roll = this.random();
    let edge = 0;
    for (const kind of ['drop', 'reset', 'error5xx', 'truncate', 'delay'] as const) {
      edge += this.rates[kind];
      if (roll < edge) return kind;
    }
    return null;
  }

  private countRequest(): boolean {
    this.requests += 1;
    if (this.requests > (this.options.maxRequests ?? 100_000)) {
      void this.close();
      return false;
    }
    return true;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!this.countRequest()) {
      res.socket?.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const path = new URL(req.url ?? '/', 'http://proxy').pathname;
    const fault = this.pick(path, req.method ?? 'GET');
    try {
      if (fault === 'drop') {
        this.counts.drop += 1;
        await new Promise((resolve) => setTimeout(resolve, this.options.dropHangMs ?? 50));
        res.socket?.destroy();
        return;
      }
      if (fault === 'error5xx' && this.random() < 0.5) {
        this.counts.error5xx += 1;
        this.answer5xx(res);
        return;
      }
      if (fault === 'delay') {
        this.counts.delay += 1;
        const [min, max] = this.options.delayMs ?? [50, 400];
        await new Promise((resolve) => setTimeout(resolve, min + this.random() * (max - min)));
      }
      const upstream = await this.forward(req, body);
      if (fault === 'reset') {
        this.counts.reset += 1;
        res.socket?.resetAndDestroy();
        return;
      }
      if (fault === 'error5xx') {
        this.counts.error5xx += 1;
        this.answer5xx(res);
        return;
      }
      const headers = { ...upstream.headers };
      for (const name of HOP_BY_HOP) delete headers[name];
      headers['content-length'] = String(upstream.body.length);
      if (fault === 'truncate' && upstream.body.length > 1) {
        this.counts.truncate += 1;
        res.writeHead(upstream.status, headers);
        res.write(upstream.body.subarray(0, Math.floor(upstream.body.length / 2)), () => res.socket?.destroy());
        return;
      }
      res.writeHead(upstream.status, headers);
      res.end(upstream.body);
    } catch {
      // The target went away (or the client did): end this exchange like a dead network.
      res.socket?.destroy();
    }
  }

  private answer5xx(res: ServerResponse): void {
    const status = [502, 503, 504][Math.floor(this.random() * 3)] ?? 503;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ message: 'fault-proxy: injected gateway error' }));
  }

  private forward(req: IncomingMessage, body: Buffer): Promise<Upstream> {
    this.forwarded += 1;
    const target = new URL(req.url ?? '/', this.options.target);
    const headers = { ...req.headers, host: target.host };
    delete headers.connection;
    return new Promise<Upstream>((resolve, reject) => {
      const upstream = http.request(target, { method: req.method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 502, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      });
      upstream.on('error', reject);
      upstream.end(body);
    });
  }

  private upgrade(req: IncomingMessage, socket: Socket, head: Buffer): void {
    if (!this.countRequest()) {
      socket.destroy();
      return;
    }
    const target = new URL(req.url ?? '/', this.options.target);
    target.protocol = target.protocol === 'https:' ? 'wss:' : 'ws:';
    const upstream = new WebSocket(target);
    const pending: Array<{ data: WebSocket.RawData; binary: boolean }> = [];
    upstream.on('error', () => socket.destroy());
    this.wss.handleUpgrade(req, socket, head, (client) => {
      this.webSockets.add(client);
      this.webSockets.add(upstream);
      const closeBoth = () => {
        client.terminate();
        upstream.terminate();
        this.webSockets.delete(client);
        this.webSockets.delete(upstream);
      };
      const maybeFault = (): boolean => {
        if (!this.faultsEnabled || this.random() >= this.rates.wsClose) return false;
        this.counts.wsClose += 1;
        closeBoth();
        return true;
      };
      client.on('message', (data, binary) => {
        if (maybeFault()) return;
        if (upstream.readyState === WebSocket.OPEN) upstream.send(data, { binary });
        else pending.push({ data, binary });
      });
      upstream.on('open', () => {
        for (const message of pending.splice(0)) upstream.send(message.data, { binary: message.binary });
      });
      upstream.on('message', (data, binary) => {
        if (maybeFault()) return;
        if (client.readyState === WebSocket.OPEN) client.send(data, { binary });
      });
      client.on('close', closeBoth);
      upstream.on('close', closeBoth);
      client.on('error', closeBoth);
      upstream.on('error', closeBoth);
    });
  }
}
