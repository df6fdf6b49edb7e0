import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_ROLE_KEY, ANON_KEY } from '../config.ts';
import { NAMED_NPIS, ORDER_REFERRING_DATASET_ID, PPEF_DATASET_ID } from './fixtures.ts';
import { createSimulatorService, type SimulatorService } from './service.ts';

interface Harness {
  url: string;
  service: SimulatorService;
  logs: string[];
  stop(): Promise<void>;
}

async function startHarness(env: Record<string, string | undefined> = {}): Promise<Harness> {
  const logs: string[] = [];
  const service = createSimulatorService({ log: (line) => logs.push(line) }, { env });
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    void service.handle(req, res, url);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/__simulator`,
    service,
    logs,
    async stop() {
      await service.close?.();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const serviceHeaders = { Authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'Content-Type': 'application/json' };

async function waitFor(check: () => boolean, ms = 2000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('simulator service', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.stop();
  });

  it('answers NPPES lookups as JSON without CORS headers', async () => {
    const res = await fetch(`${h.url}/nppes/api/?version=2.1&number=${NAMED_NPIS.enrolledPartB}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const body = (await res.json()) as { result_count: number; results: Array<{ number: string }> };
    expect(body.result_count).toBe(1);
    expect(body.results[0]?.number).toBe(NAMED_NPIS.enrolledPartB);
  });

  it('rejects with HTTP 200 and an Errors body', async () => {
    const res = await fetch(`${h.url}/nppes/api?version=2.1&state=NY`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ Errors: [expect.objectContaining({ field: 'state', number: '07' })] });
  });

  it('answers both CMS datasets, with encoded or plain brackets', async () => {
    const ppef = await fetch(`${h.url}/cms/data-api/v1/dataset/${PPEF_DATASET_ID}/data?filter%5BNPI%5D=${NAMED_NPIS.enrolledPartB}&size=10`);
    expect(ppef.status).toBe(200);
    expect(await ppef.json()).toEqual([expect.objectContaining({ NPI: NAMED_NPIS.enrolledPartB, LAST_NAME: 'DOE', ORG_NAME: '' })]);
    const orderReferring = await fetch(`${h.url}/cms/data-api/v1/dataset/${ORDER_REFERRING_DATASET_ID}/data?filter[NPI]=${NAMED_NPIS.enrolledNoPartB}`);
    expect(await orderReferring.json()).toEqual([expect.objectContaining({ NPI: NAMED_NPIS.enrolledNoPartB, PARTB: 'N' })]);
    const none = await fetch(`${h.url}/cms/data-api/v1/dataset/${PPEF_DATASET_ID}/data?filter[NPI]=${NAMED_NPIS.notEnrolled}`);
    expect(await none.json()).toEqual([]);
  });

  it('answers 404 for an unknown dataset or path, 405 for other methods', async () => {
    const dataset = await fetch(`${h.url}/cms/data-api/v1/dataset/00000000-0000-0000-0000-000000000000/data`);
    expect(dataset.status).toBe(404);
    expect(await dataset.json()).toEqual({ status: 404, message: 'Dataset 00000000-0000-0000-0000-000000000000 not found' });
    expect((await fetch(`${h.url}/nowhere`)).status).toBe(404);
    expect((await fetch(`${h.url}/nppes/api/?version=2.1`, { method: 'POST' })).status).toBe(405);
  });

  it('guards the fault switches with the service key', async () => {
    const anon = await fetch(`${h.url}/__faults`, { method: 'POST', headers: { Authorization: `Bearer ${ANON_KEY}` }, body: '{"nppes":"empty"}' });
    expect(anon.status).toBe(401);
    expect(await anon.json()).toEqual({ message: 'The simulator fault switches need the service_role key' });
    const bad = await fetch(`${h.url}/__faults`, { method: 'POST', headers: serviceHeaders, body: '{"nppes":"explode"}' });
    expect(bad.status).toBe(400);
    expect((await fetch(`${h.url}/__faults`, { method: 'POST', headers: serviceHeaders, body: 'not json' })).status).toBe(400);
  });

  it('applies a runtime fault to the next N requests of one registry', async () => {
    const set = await fetch(`${h.url}/__faults`, { method: 'POST', headers: serviceHeaders, body: JSON.stringify({ nppes: 'error500', times: 1 }) });
    expect(await set.json()).toMatchObject({ armed: [{ registry: 'nppes', kind: 'error500', npi: null, remaining: 1 }] });
    const cms = await fetch(`${h.url}/cms/data-api/v1/dataset/${PPEF_DATASET_ID}/data?filter[NPI]=${NAMED_NPIS.enrolledPartB}`);
    expect(cms.status).toBe(200);
    const failed = await fetch(`${h.url}/nppes/api/?version=2.1&number=${NAMED_NPIS.enrolledPartB}`);
    expect(failed.status).toBe(500);
    expect(failed.headers.get('content-type')).toContain('text/html');
    expect(await failed.text()).toContain('500 Internal Server Error');
    expect((await fetch(`${h.url}/nppes/api/?version=2.1&number=${NAMED_NPIS.enrolledPartB}`)).status).toBe(200);
  });

  it('scopes a runtime fault to one NPI (number= or filter[NPI]=)', async () => {
    await fetch(`${h.url}/__faults`, { method: 'POST', headers: serviceHeaders, body: JSON.stringify({ cms: 'error500', npi: NAMED_NPIS.multiTaxonomy }) });
    const data = `${h.url}/cms/data-api/v1/dataset/${PPEF_DATASET_ID}/data?filter%5BNPI%5D=`;
    expect((await fetch(`${data}${NAMED_NPIS.enrolledPartB}`)).status).toBe(200);
    expect((await fetch(`${data}${NAMED_NPIS.multiTaxonomy}`)).status).toBe(500);
    expect((await fetch(`${data}${NAMED_NPIS.multiTaxonomy}`)).status).toBe(500);
    await fetch(`${h.url}/__faults`, { method: 'POST', headers: serviceHeaders, body: JSON.stringify({ cms: null }) });
    expect((await fetch(`${data}${NAMED_NPIS.multiTaxonomy}`)).status).toBe(200);
  });

  it('clears only one NPI\'s switches with DELETE ?npi=', async () => {
    await fetch(`${h.url}/__faults`, { method: 'POST', headers: serviceHeaders, body: JSON.stringify({ nppes: 'empty', npi: NAMED_NPIS.notEnrolled }) });
    await fetch(`${h.url}/__faults`, { method: 'POST', headers: serviceHeaders, body: JSON.stringify({ nppes: 'empty', npi: NAMED_NPIS.organization }) });
    const res = await fetch(`${h.url}/__faults?npi=${NAMED_NPIS.notEnrolled}`, { method: 'DELETE', headers: serviceHeaders });
    expect(await res.json()).toMatchObject({ armed: [{ registry: 'nppes', kind: 'empty', npi: NAMED_NPIS.organization }] });
    await fetch(`${h.url}/__faults`, { method: 'DELETE', headers: serviceHeaders });
  });

  it('clears runtime faults with DELETE', async () => {
    await fetch(`${h.url}/__faults`, { method: 'POST', headers: serviceHeaders, body: JSON.stringify({ cms: 'empty' }) });
    const cleared = await fetch(`${h.url}/__faults`, { method: 'DELETE', headers: serviceHeaders });
    expect(await cleared.json()).toMatchObject({ armed: [] });
    const res = await fetch(`${h.url}/cms/data-api/v1/dataset/${PPEF_DATASET_ID}/data?filter[NPI]=${NAMED_NPIS.enrolledPartB}`);
    expect(await res.json()).toHaveLength(1);
  });

  it('per request: error500 on CMS is a JSON gateway error', async () => {
    const res = await fetch(`${h.url}/cms/data-api/v1/dataset/${PPEF_DATASET_ID}/data?filter[NPI]=1&__fault=error500`);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ message: 'Internal server error' });
  });

  it('per request: malformed is a 200 whose JSON is cut short', async () => {
    const res = await fetch(`${h.url}/nppes/api/?version=2.1&number=${NAMED_NPIS.enrolledPartB}`, { headers: { 'x-simulator-fault': 'malformed' } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text.startsWith('{"result_count":1,"results":[{')).toBe(true);
    expect(() => JSON.parse(text)).toThrow(SyntaxError);
  });

  it('per request: empty is a 200 with no body', async () => {
    const res = await fetch(`${h.url}/cms/data-api/v1/dataset/${ORDER_REFERRING_DATASET_ID}/data?__fault=empty`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });

  it('per request: reset drops the connection', async () => {
    await expect(fetch(`${h.url}/nppes/api/?version=2.1&number=${NAMED_NPIS.enrolledPartB}&__fault=reset`)).rejects.toThrow(TypeError);
  });

  it('per request: an unknown fault name is a 400', async () => {
    const res = await fetch(`${h.url}/nppes/api/?version=2.1&number=1234567893`, { headers: { 'x-simulator-fault': 'explode' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Unknown simulator fault "explode"' });
  });

  it('slow answers normally after delayMs', async () => {
    const started = Date.now();
    const res = await fetch(`${h.url}/nppes/api/?version=2.1&number=${NAMED_NPIS.enrolledPartB}&__fault=slow&__delayMs=150`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect((await res.json()) as object).toMatchObject({ result_count: 1 });
  });

  it('slow stops waiting when the client gives up (timeout)', async () => {
    const before = h.logs.length;
    const call = fetch(`${h.url}/nppes/api/?version=2.1&number=${NAMED_NPIS.enrolledPartB}`, {
      headers: { 'x-simulator-fault': 'slow' }, // the default 30 s
      signal: AbortSignal.timeout(100),
    });
    await expect(call).rejects.toThrow(/timeout|aborted/i);
    await waitFor(() => h.logs.slice(before).includes('simulator: nppes slow answer dropped (client gone or simulator closing)'));
  });
});

describe('simulator instances', () => {
  it('keep their own fault state, and take env faults for the whole run', async () => {
    const a = await startHarness({ SIMULATOR_FAULT_CMS: 'error500' });
    const b = await startHarness();
    try {
      a.service.faults.set({ nppes: 'empty' });
      const path = `/nppes/api/?version=2.1&number=${NAMED_NPIS.enrolledPartB}`;
      expect(await (await fetch(`${a.url}${path}`)).text()).toBe('');
      expect(await (await fetch(`${b.url}${path}`)).json()).toMatchObject({ result_count: 1 });
      const cmsPath = `/cms/data-api/v1/dataset/${PPEF_DATASET_ID}/data?filter[NPI]=${NAMED_NPIS.enrolledPartB}`;
      await fetch(`${a.url}/__faults`, { method: 'DELETE', headers: serviceHeaders });
      expect((await fetch(`${a.url}${cmsPath}`)).status).toBe(500);
      expect((await fetch(`${b.url}${cmsPath}`)).status).toBe(200);
    } finally {
      await a.stop();
      await b.stop();
    }
  });

  it('close() ends a pending slow answer so the stack can stop', async () => {
    const h = await startHarness();
    const call = fetch(`${h.url}/nppes/api/?version=2.1&number=${NAMED_NPIS.enrolledPartB}&__fault=slow`).catch((error: unknown) => error);
    await waitFor(() => h.logs.includes('simulator: nppes fault slow (request)'));
    const started = Date.now();
    await h.stop();
    expect(await call).toBeInstanceOf(TypeError);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(h.logs).toContain('simulator: nppes slow answer dropped (client gone or simulator closing)');
  });
});
