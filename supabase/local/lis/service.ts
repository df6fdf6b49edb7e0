/**
 * The LIS simulator of the local stack: the MLLP listener (a real TCP port) in front of the
 * engine, and its HTTP control routes under /__simulator/lis (service_role key only):
 *   GET    /__simulator/lis                    port, settings, accepted codes, faults
 *   GET    /__simulator/lis/messages?requisition=   what it received and how it answered
 *   GET    /__simulator/lis/results?requisition=    the results it made and their delivery
 *   POST   /__simulator/lis/faults             arm a fault {kind, requisition?, times?, delayMs?, text?}
 *   DELETE /__simulator/lis/faults?requisition=     clear faults (all without requisition)
 *   PUT    /__simulator/lis/config             {resultDelayMs?, retryDelayMs?, outcome?, destination?, includeReport?, testCodes?, requisition?}
 *   POST   /__simulator/lis/flush?requisition=      send due results now
 */
import type { HttpService } from '../context.ts';
import { methodNotAllowed, readJsonObject, requireServiceRole } from '../http/control.ts';
import { sendJson } from '../http/respond.ts';
import { startMllpListener, type MllpListener } from '../mllp/listener.ts';
import { describeDestination, type LisDestination } from './delivery.ts';
import { LisEngine, type LisSettings } from './engine.ts';
import { parseLisFault } from './faults.ts';
import { OUTCOMES, type Outcome } from './results.ts';

export const LIS_PREFIX = '/__simulator/lis';

export interface LisOptions {
  host: string;
  /** 0 = a free port (tests); the port taken is in `port`. */
  port: number;
  settings: LisSettings;
}

export interface LisSimulator extends HttpService {
  engine: LisEngine;
  listener: MllpListener;
}

function parseDestination(value: unknown): { ok: true; destination: LisDestination } | { ok: false; message: string } {
  if (value === null) return { ok: true, destination: null };
  if (typeof value !== 'object' || Array.isArray(value)) return { ok: false, message: 'destination must be an object or null' };
  const d = value as Record<string, unknown>;
  if (d.kind === 'mllp' && typeof d.host === 'string' && Number.isInteger(d.port)) {
    return { ok: true, destination: { kind: 'mllp', host: d.host, port: d.port as number, tls: d.tls === true } };
  }
  if (d.kind === 'https' && typeof d.url === 'string' && /^https?:\/\//.test(d.url) && typeof d.secret === 'string' && d.secret) {
    return { ok: true, destination: { kind: 'https', url: d.url, secret: d.secret } };
  }
  return { ok: false, message: 'destination must be {"kind":"mllp","host","port"} or {"kind":"https","url","secret"}' };
}

function parseConfig(body: Record<string, unknown>): { ok: true; changes: Partial<LisSettings>; requisition: string | null } | { ok: false; message: string } {
  const allowed = ['resultDelayMs', 'retryDelayMs', 'outcome', 'destination', 'includeReport', 'testCodes', 'requisition'];
  const unknown = Object.keys(body).filter((key) => !allowed.includes(key));
  if (unknown.length) return { ok: false, message: `Unknown field(s): ${unknown.join(', ')}` };
  const changes: Partial<LisSettings> = {};
  if ('resultDelayMs' in body) {
    if (!Number.isInteger(body.resultDelayMs) || (body.resultDelayMs as number) < 0) return { ok: false, message: 'resultDelayMs must be a whole number of milliseconds' };
    changes.resultDelayMs = body.resultDelayMs as number;
  }
  if ('retryDelayMs' in body) {
    if (!Number.isInteger(body.retryDelayMs) || (body.retryDelayMs as number) < 1) return { ok: false, message: 'retryDelayMs must be a positive whole number of milliseconds' };
    changes.delivery = { retries: 4, timeoutMs: 10_000, backoff: { initialMs: body.retryDelayMs as number, factor: 2, maxMs: 30_000 } };
  }
  if ('outcome' in body) {
    if (!(OUTCOMES as readonly unknown[]).includes(body.outcome)) return { ok: false, message: `outcome must be one of ${OUTCOMES.join(', ')}` };
    changes.outcome = body.outcome as Outcome;
  }
  if ('destination' in body) {
    const parsed = parseDestination(body.destination);
    if (!parsed.ok) return parsed;
    changes.destination = parsed.destination;
  }
  if ('includeReport' in body) changes.includeReport = body.includeReport === true;
  if ('testCodes' in body) {
    const codes = body.testCodes;
    if (codes !== null && (!Array.isArray(codes) || codes.some((c) => typeof c !== 'string' || !c))) return { ok: false, message: 'testCodes must be a list of order codes, or null for the demo set' };
    changes.testCodes = codes as string[] | null;
  }
  const requisition = typeof body.requisition === 'string' && body.requisition ? body.requisition : null;
  if (requisition && Object.keys(changes).some((key) => key !== 'destination' && key !== 'outcome')) {
    return { ok: false, message: 'Only destination and outcome can be set for one requisition' };
  }
  return { ok: true, changes, requisition };
}

export async function createLisSimulator(options: LisOptions, log: (line: string) => void): Promise<LisSimulator> {
  const engine = new LisEngine(options.settings, log);
  const listener = await startMllpListener({ host: options.host, port: options.port, onMessage: (text) => engine.handle(text), log });

  const state = () => ({
    mllp: { host: listener.host, port: listener.port },
    application: engine.settings.application,
    facility: engine.settings.facility,
    testCodes: engine.acceptedCodes(),
    resultDelayMs: engine.settings.resultDelayMs,
    retryDelayMs: engine.settings.delivery.backoff.initialMs,
    outcome: engine.settings.outcome,
    includeReport: engine.settings.includeReport,
    destination: describeDestination(engine.settings.destination),
    faults: engine.faults.list(),
  });

  return {
    engine,
    listener,
    async handle(req, res, url) {
      if (!(await requireServiceRole(req, res, 'The LIS simulator'))) return;
      const path = url.pathname.slice(LIS_PREFIX.length) || '/';
      const requisition = url.searchParams.get('requisition');
      if (path === '/' && req.method === 'GET') return sendJson(res, 200, state());
      if (path === '/messages' && req.method === 'GET') return sendJson(res, 200, engine.receivedMessages(requisition));
      if (path === '/results' && req.method === 'GET') return sendJson(res, 200, engine.sentResults(requisition));
      if (path === '/flush') {
        if (req.method !== 'POST') return methodNotAllowed(res, req.method);
        return sendJson(res, 200, await engine.flush(requisition));
      }
      if (path === '/faults') {
        if (req.method === 'GET') return sendJson(res, 200, engine.faults.list());
        if (req.method === 'DELETE') {
          engine.faults.clear(requisition);
          return sendJson(res, 200, engine.faults.list());
        }
        if (req.method !== 'POST') return methodNotAllowed(res, req.method);
        const body = await readJsonObject(req, res);
        if (!body) return;
        const parsed = parseLisFault(body);
        if (!parsed.ok) return sendJson(res, 400, { message: parsed.message });
        engine.faults.arm(parsed.fault);
        return sendJson(res, 200, engine.faults.list());
      }
      if (path === '/config') {
        if (req.method !== 'PUT') return methodNotAllowed(res, req.method);
        const body = await readJsonObject(req, res);
        if (!body) return;
        const parsed = parseConfig(body);
        if (!parsed.ok) return sendJson(res, 400, { message: parsed.message });
        engine.configure(parsed.changes, parsed.requisition);
        return sendJson(res, 200, state());
      }
      sendJson(res, 404, { message: `No LIS simulator route at ${url.pathname}` });
    },
    async close() {
      engine.close();
      await listener.close();
    },
  };
}
