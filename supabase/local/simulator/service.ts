/**
 * The registry simulator of the local stack, mounted at /__simulator: the NPPES NPI
 * Registry API v2.1 (`/nppes/api/?version=2.1&…`) and the CMS data API
 * (`/cms/data-api/v1/dataset/<uuid>/data?filter[NPI]=…`) answering from the committed
 * fixtures in the registries' real formats, plus the fault switches (`/__faults`) that let
 * tests drive every failure path. The verification functions reach it through
 * NPPES_API_URL / CMS_DATA_API_URL, so no test or demo needs the internet.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpService, StackContext } from '../context.ts';
import { BodyTooLargeError, readBody, sendJson } from '../http/respond.ts';
import { bearerToken, verifyToken } from '../jwt.ts';
import { parseCmsQuery, searchCms } from './cms-query.ts';
import { FaultControl, isFaultKind, parseFaultSettings, type FaultKind, type Registry } from './fault-control.ts';
import { faultyAnswer, JSON_TYPE, resetConnection, waitUnlessGone, writeAnswer, type RegistryAnswer } from './fault-responses.ts';
import { nppesResults, orderReferringRows, ppefRows } from './fixtures.ts';
import { parseChange, RegistryChanges } from './registry-changes.ts';
import { parseNppesQuery, searchNppes } from './nppes-query.ts';
import { ORDER_REFERRING_DATASET_ID, PPEF_DATASET_ID, type CmsRow, type NppesAddress, type NppesResult } from './types.ts';

export const SIMULATOR_PREFIX = '/__simulator';
const CMS_DATA_PATH = /^\/cms\/data-api\/v1\/dataset\/([^/]+)\/data\/?$/;

export interface SimulatorService extends HttpService {
  /** This stack's fault switches (tests may also drive them directly). */
  readonly faults: FaultControl;
  /** Run-time changes of the registries' data, per NPI. */
  readonly changes: RegistryChanges;
}

export interface SimulatorOptions {
  /** Where SIMULATOR_FAULT_* come from; defaults to process.env. */
  env?: Record<string, string | undefined>;
}

const DATASETS: Record<string, () => readonly CmsRow[]> = {
  [PPEF_DATASET_ID]: () => ppefRows() as unknown as readonly CmsRow[],
  [ORDER_REFERRING_DATASET_ID]: () => orderReferringRows() as unknown as readonly CmsRow[],
};

function json(status: number, value: unknown, pretty = false): RegistryAnswer {
  return { status, body: JSON.stringify(value, null, pretty ? 2 : undefined), contentType: JSON_TYPE };
}

function nppesAnswer(params: URLSearchParams, changes: RegistryChanges): RegistryAnswer {
  const pretty = ['on', 'true', '1'].includes((params.get('pretty') ?? '').toLowerCase());
  const parsed = parseNppesQuery(params);
  // The live API answers 200 even when it rejects the request.
  if (!parsed.ok) return json(200, { Errors: parsed.errors }, pretty);
  const answer = searchNppes(changes.nppes(nppesResults()), parsed.query);
  return json(200, { ...answer, results: answer.results.map(asServed) }, pretty);
}

/** Each dataset's current release, sent as Last-Modified: the quarterly file and the twice-weekly one. */
const RELEASES: Record<string, string> = {
  [PPEF_DATASET_ID]: 'Wed, 01 Oct 2025 00:00:00 GMT',
  [ORDER_REFERRING_DATASET_ID]: 'Thu, 20 Nov 2025 00:00:00 GMT',
};

/**
 * A record as the live registry serves it: an address without a second line has no
 * `address_2` at all (and one without a fax no `fax_number`), so readers must not rely on
 * either key being there.
 */
export function asServed(result: NppesResult): NppesResult {
  const trim = (address: NppesAddress): NppesAddress => {
    const copy: Partial<NppesAddress> = { ...address };
    if (!copy.address_2) delete copy.address_2;
    if (!copy.fax_number) delete copy.fax_number;
    return copy as NppesAddress;
  };
  return { ...result, addresses: result.addresses.map(trim), practiceLocations: result.practiceLocations.map(trim) };
}

function cmsAnswer(datasetId: string, params: URLSearchParams, changes: RegistryChanges): RegistryAnswer {
  const id = datasetId.toLowerCase();
  const rows = DATASETS[id];
  if (!rows) return json(404, { status: 404, message: `Dataset ${datasetId} not found` });
  const parsed = parseCmsQuery(params);
  if (!parsed.ok) return json(400, { status: 400, message: parsed.message });
  return { ...json(200, searchCms(changes.cms(rows()), parsed.query)), headers: { 'Last-Modified': RELEASES[id] ?? '' } };
}

/** The fault a request asks for itself, or an error text when it names an unknown one. */
function requestedFault(req: IncomingMessage, url: URL): { kind: FaultKind | null; delayMs: number | null } | string {
  const header = req.headers['x-simulator-fault'];
  const value = (Array.isArray(header) ? header[0] : header) ?? url.searchParams.get('__fault');
  if (value && !isFaultKind(value)) return `Unknown simulator fault "${value}"`;
  const kind = value && isFaultKind(value) ? value : null;
  const delayHeader = req.headers['x-simulator-delay-ms'];
  const delay = (Array.isArray(delayHeader) ? delayHeader[0] : delayHeader) ?? url.searchParams.get('__delayMs');
  return { kind, delayMs: delay && /^[0-9]+$/.test(delay) ? Number(delay) : null };
}

/** Only the log of the stack context is needed, so unit tests can pass a small one. */
export function createSimulatorService(ctx: Pick<StackContext, 'log'>, options: SimulatorOptions = {}): SimulatorService {
  const faults = new FaultControl(options.env ?? process.env);
  const changes = new RegistryChanges();
  const closing = new AbortController();

  async function registryRoute(registry: Registry, req: IncomingMessage, res: ServerResponse, url: URL, answer: () => RegistryAnswer) {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return writeAnswer(res, json(405, { message: `Method ${req.method} not allowed` }));
    }
    const requested = requestedFault(req, url);
    if (typeof requested === 'string') return writeAnswer(res, json(400, { message: requested }));
    const npi = url.searchParams.get('number') ?? url.searchParams.get('filter[NPI]');
    const fault = faults.next(registry, requested.kind, requested.delayMs, npi);
    if (fault) ctx.log(`simulator: ${registry} fault ${fault.kind} (${fault.source})`);
    if (fault?.kind === 'slow') {
      // Answer normally after the delay, unless the caller gave up (timeout) or the stack stops.
      if (!(await waitUnlessGone(fault.delayMs, res, closing.signal))) {
        ctx.log(`simulator: ${registry} slow answer dropped (client gone or simulator closing)`);
        return;
      }
    } else if (fault?.kind === 'reset') {
      return resetConnection(req);
    }
    const normal = answer();
    const final = fault && fault.kind !== 'slow' ? faultyAnswer(fault.kind, registry, normal) : normal;
    if (final) writeAnswer(res, final);
  }

  async function changesRoute(req: IncomingMessage, res: ServerResponse, url: URL) {
    const check = await verifyToken(bearerToken(req.headers));
    if (!check.ok || check.claims.role !== 'service_role') {
      return sendJson(res, 401, { message: 'The simulator registry changes need the service_role key' });
    }
    if (req.method === 'GET') return sendJson(res, 200, changes.state());
    if (req.method === 'DELETE') {
      changes.clear(url.searchParams.get('npi') ?? undefined);
      return sendJson(res, 200, changes.state());
    }
    if (req.method !== 'POST') return sendJson(res, 405, { message: `Method ${req.method} not allowed` });
    let body: unknown;
    try {
      body = JSON.parse(await readBody(req));
    } catch {
      return sendJson(res, 400, { message: 'The body must be JSON' });
    }
    const parsed = parseChange(body);
    if (!parsed.ok) return sendJson(res, 400, { message: parsed.message });
    changes.set(parsed.npi, parsed.change);
    return sendJson(res, 200, changes.state());
  }

  async function faultsRoute(req: IncomingMessage, res: ServerResponse, url: URL) {
    const check = await verifyToken(bearerToken(req.headers));
    if (!check.ok || check.claims.role !== 'service_role') {
      return sendJson(res, 401, { message: 'The simulator fault switches need the service_role key' });
    }
    if (req.method === 'GET') return sendJson(res, 200, faults.state());
    if (req.method === 'DELETE') {
      // `?npi=` clears only the switches scoped to that NPI (safe beside parallel tests).
      const npi = url.searchParams.get('npi');
      if (npi) faults.set({ nppes: null, cms: null, npi });
      else faults.clear();
      return sendJson(res, 200, faults.state());
    }
    if (req.method !== 'POST') return sendJson(res, 405, { message: `Method ${req.method} not allowed` });
    let body: unknown;
    try {
      body = JSON.parse(await readBody(req));
    } catch (error) {
      if (error instanceof BodyTooLargeError) return sendJson(res, 413, { message: error.message });
      return sendJson(res, 400, { message: 'The body must be JSON' });
    }
    const parsed = parseFaultSettings(body);
    if (!parsed.ok) return sendJson(res, 400, { message: parsed.message });
    faults.set(parsed.settings);
    return sendJson(res, 200, faults.state());
  }

  return {
    faults,
    changes,
    async handle(req, res, url) {
      const path = url.pathname.slice(SIMULATOR_PREFIX.length) || '/';
      if (path === '/__faults') return faultsRoute(req, res, url);
      if (path === '/__changes') return changesRoute(req, res, url);
      if (path === '/nppes/api' || path === '/nppes/api/') {
        return registryRoute('nppes', req, res, url, () => nppesAnswer(url.searchParams, changes));
      }
      const cms = CMS_DATA_PATH.exec(path);
      if (cms?.[1]) {
        const datasetId = decodeURIComponent(cms[1]);
        return registryRoute('cms', req, res, url, () => cmsAnswer(datasetId, url.searchParams, changes));
      }
      writeAnswer(res, json(404, { message: `No simulated registry at ${url.pathname}` }));
    },
    async close() {
      closing.abort();
    },
  };
}
