/**
 * The local Supabase stack: one HTTP server on 127.0.0.1 that serves /auth/v1, /rest/v1,
 * /storage/v1, /realtime/v1 and /functions/v1 over one PGlite database, plus the simulators
 * of the outside world under /__simulator (registries, laboratory, mail, fax, LEIE). `startStack` is what `npm run stack` and the tests call.
 */
import http from 'node:http';
import type { Duplex } from 'node:stream';
import { defaultConfig, LOCAL_EMAIL_API_KEY, LOCAL_FAX_API_KEY, LOCAL_LIS_SECRET, SERVICE_ROLE_KEY, type StackConfig, type StackOverrides } from './config.ts';
import type { HttpService, StackContext } from './context.ts';
import { openDatabase, type Database } from './db/database.ts';
import { announcesTooLarge, callerHungUp, send, sendJson, sendTooLarge } from './http/respond.ts';
import { Mailbox } from './mailbox.ts';
import { bearerToken } from './jwt.ts';
import { createAuthService } from './auth/service.ts';
import { createRestService } from './rest/service.ts';
import { createFunctionsService } from './functions/service.ts';
import { createSimulatorService } from './simulator/service.ts';
import { createRealtimeService } from './realtime/service.ts';
import { createLisSimulator, LIS_PREFIX, type LisSimulator } from './lis/service.ts';
import { lisSettings } from './lis/settings.ts';
import { startResultsListener } from './mllp/results-listener.ts';
import { createStorageService, STORAGE_PREFIX } from './storage/service.ts';
import { createMailService, MAIL_PREFIX } from './channels/mail-api.ts';
import { createFaxService, FAX_PREFIX } from './channels/fax-api.ts';
import { createSchedulerService, SCHEDULER_PREFIX } from './scheduler/service.ts';
import { createOigService, OIG_PREFIX } from './leie/service.ts';

export interface RunningStack {
  url: string;
  config: StackConfig;
  db: Database;
  mailbox: Mailbox;
  /** The simulated laboratory: its MLLP port is `lis.listener.port`. */
  lis: LisSimulator;
  stop(): Promise<void>;
}

export class PortInUseError extends Error {
  constructor(host: string, port: number) {
    super(
      `Port ${port} on ${host} is already in use: another local stack (or \`supabase start\`) is running. ` +
        'Stop it, or start this one with --port <number>.',
    );
    this.name = 'PortInUseError';
  }
}

export async function startStack(overrides: StackOverrides = {}): Promise<RunningStack> {
  const config = defaultConfig(overrides);
  const log = config.quiet ? () => {} : (line: string) => console.log(`[stack] ${line}`);

  // Claim the port before opening the database, so a second stack fails fast and clearly.
  const server = http.createServer();
  // Idle keep-alive connections stay open longer than clients keep them (undici: 4 s), as a
  // hosted load balancer's do: with Node's 5 s default, a busy machine's late timers let the
  // server close a connection just as a client reused it ("other side closed").
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await listen(server, config.host, config.port);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host}:${port}`;

  let db: Database;
  try {
    db = await openDatabase({ dataDir: config.dataDir, reset: config.reset, seed: config.seed, log });
  } catch (error) {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    throw error;
  }

  const mailbox = new Mailbox(log);
  const ctx: StackContext = { config: { ...config, port }, db, log, url, mailbox };
  const lis = await createLisSimulator({ host: config.host, port: config.lis.port, settings: lisSettings(config.lis) }, log);
  // Where the functions find the outside world by default: this stack's simulators
  // (process.env wins, so a developer can point one at a real service).
  const simulatorEnv = {
    LIS_MLLP_HOST: lis.listener.host,
    LIS_MLLP_PORT: String(lis.listener.port),
    LIS_INBOUND_SECRETS: LOCAL_LIS_SECRET,
    EMAIL_API_URL: `${url}${MAIL_PREFIX}`,
    EMAIL_API_KEY: LOCAL_EMAIL_API_KEY,
    EMAIL_FROM: 'LabLink Results <results@lablink.test>',
    FAX_API_URL: `${url}${FAX_PREFIX}`,
    FAX_API_KEY: LOCAL_FAX_API_KEY,
    FAX_CONNECTION_ID: 'local-fax-connection',
    FAX_FROM: '+15185550100',
    OIG_LEIE_URL: `${url}${OIG_PREFIX}/UPDATED.csv`,
  };
  // Longer prefixes first: /__simulator/<name> before the registry simulator's /__simulator.
  const scheduler = createSchedulerService(ctx);
  const services: Array<[string, HttpService]> = [
    ['/auth/v1', createAuthService(ctx)],
    ['/rest/v1', createRestService(ctx)],
    [STORAGE_PREFIX, createStorageService(ctx)],
    ['/functions/v1', createFunctionsService(ctx, { env: simulatorEnv })],
    [LIS_PREFIX, lis],
    [MAIL_PREFIX, createMailService(ctx)],
    [FAX_PREFIX, createFaxService(ctx)],
    [SCHEDULER_PREFIX, scheduler],
    [OIG_PREFIX, createOigService()],
    ['/__simulator', createSimulatorService(ctx)],
  ];
  const realtime = await createRealtimeService(ctx);
  // The product's own MLLP inbound (an interface engine's job when hosted): the laboratory's
  // results reach lis-inbound through it. The simulator sends there unless told otherwise.
  const resultsListener = await startResultsListener({
    host: config.host,
    port: config.lis.resultsListenerPort,
    inboundUrl: `${url}/functions/v1/lis-inbound`,
    secret: process.env.LIS_INBOUND_SECRET || LOCAL_LIS_SECRET,
    log,
  });
  if (!lis.engine.settings.destination) {
    lis.engine.settings.destination = { kind: 'mllp', host: resultsListener.host, port: resultsListener.port };
  }

  server.on('request', (req, res) => {
    const requestUrl = new URL(req.url ?? '/', url);
    if (req.method === 'OPTIONS') return send(res, 204, null);
    const started = Date.now();
    res.on('finish', () => {
      if (!config.quiet) log(`${req.method} ${requestUrl.pathname} ${res.statusCode} ${Date.now() - started}ms`);
    });
    // A service that answers before reading the whole body (a refused caller, a bad path)
    // must still take the rest of it: a connection closed under a client that is still
    // sending is reset, and the client never sees the answer.
    res.on('finish', () => {
      if (!req.complete) req.resume();
    });
    if (announcesTooLarge(req)) return sendTooLarge(res);
    if (requestUrl.pathname.startsWith('/__stack/')) return internalRoute(ctx, req, res, requestUrl);
    const match = services.find(([prefix]) => requestUrl.pathname === prefix || requestUrl.pathname.startsWith(`${prefix}/`));
    if (!match) return sendJson(res, 404, { message: 'Not found' });
    match[1].handle(req, res, requestUrl).catch((error: unknown) => {
      if (callerHungUp(res, error)) {
        if (!config.quiet) log(`${req.method} ${requestUrl.pathname}: the caller closed the connection before the answer was sent`);
        return;
      }
      console.error(`[stack] ${req.method} ${requestUrl.pathname} failed`, error);
      sendJson(res, 500, { code: 'internal_error', message: 'Internal server error' });
    });
  });
  server.on('upgrade', (req, socket: Duplex, head) => {
    const requestUrl = new URL(req.url ?? '/', url);
    if (requestUrl.pathname.startsWith('/realtime/v1/')) {
      realtime.handleUpgrade(req, socket, head);
    } else {
      socket.destroy();
    }
  });

  let stopped = false;
  return {
    url,
    config: ctx.config,
    db,
    mailbox,
    lis,
    async stop() {
      if (stopped) return;
      stopped = true;
      await realtime.close();
      await resultsListener.close();
      // The scheduler first: a run in progress finishes against a stack that still answers it.
      await scheduler.close?.();
      for (const [, service] of services) if (service !== scheduler) await service.close?.();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
}

function listen(server: http.Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(host, port) : error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/** Development-only routes of the local stack (never part of a hosted project). */
function internalRoute(ctx: StackContext, req: http.IncomingMessage, res: http.ServerResponse, url: URL): void {
  if (url.pathname === '/__stack/health') return sendJson(res, 200, { ok: true });
  if (url.pathname === '/__stack/mailbox' && req.method === 'GET') {
    if (bearerToken(req.headers) !== SERVICE_ROLE_KEY) {
      return sendJson(res, 401, { message: 'The mailbox needs the service_role key' });
    }
    return sendJson(res, 200, ctx.mailbox.list(url.searchParams.get('email') ?? undefined));
  }
  sendJson(res, 404, { message: 'Not found' });
}
