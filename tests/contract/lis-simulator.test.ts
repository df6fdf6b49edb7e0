/**
 * Contract of the LIS simulator over real TCP: an ORM^O01 gets AA, the same message again
 * gets the first answer marked as a duplicate, a fault answers AE with its text, invalid
 * orders get AE/AR as a real engine gives them, a lost ACK and a dropped connection are
 * survived by the client's retry without a second order, and results come back as ORU^R01
 * over MLLP and over HTTPS with the shared secret. Each test uses its own requisition
 * number, so the files running in parallel on one stack never meet.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_ROLE_KEY } from '../../supabase/local/config.ts';
import { buildAck } from '../../supabase/functions/_shared/hl7/ack.ts';
import { verifyInbound } from '../../supabase/functions/_shared/lis/inbound-signature.ts';
import { buildCancel, buildOrm } from '../../supabase/functions/_shared/hl7/orm.ts';
import { parseOru } from '../../supabase/functions/_shared/hl7/oru-parse.ts';
import { SAMPLE_ORDER } from '../../supabase/functions/_shared/hl7/test-data.ts';
import type { OrderMessageInput } from '../../supabase/functions/_shared/hl7/order-types.ts';
import { createMllpClient, type MllpClient } from '../../supabase/functions/_shared/mllp/client.ts';
import { nodeConnector } from '../../supabase/local/mllp/node-connector.ts';
import { startMllpListener, type MllpListener } from '../../supabase/local/mllp/listener.ts';
import { SUPABASE_SERVICE_ROLE_KEY, SUPABASE_URL } from '../helpers/env.ts';

const SIMULATOR_URL = process.env.SIMULATOR_URL ?? `${SUPABASE_URL}/__simulator`;
const KEY = process.env.SIMULATOR_URL ? SERVICE_ROLE_KEY : SUPABASE_SERVICE_ROLE_KEY;
const LIS = `${SIMULATOR_URL}/lis`;

async function control<T = unknown>(method: string, path: string, body?: object, key = KEY): Promise<{ status: number; body: T }> {
  const res = await fetch(`${LIS}${path}`, { method, headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }, body: body ? JSON.stringify(body) : null });
  return { status: res.status, body: (await res.json()) as T };
}

interface Received { controlId: string; placerOrderNumber: string; ackCode: string; ackText: string; duplicate: boolean; fault: string | null; testCodes: string[] }
interface Result { controlId: string; placerOrderNumber: string; status: string; attempts: number; ackCode: string | null; error: string | null; text: string }

let port = 0;
const cleanup: Array<() => unknown> = [];
beforeAll(async () => {
  port = (await control<{ mllp: { port: number } }>('GET', '')).body.mllp.port;
});
afterEach(async () => {
  for (const fn of cleanup.splice(0)) await fn();
});

function requisition(): string {
  return `R${randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase()}`;
}

function order(req: string, changes: Partial<OrderMessageInput> = {}): OrderMessageInput {
  return { ...SAMPLE_ORDER, requisitionNumber: req, ...changes };
}

function client(options: Partial<Parameters<typeof createMllpClient>[0]> = {}): MllpClient {
  const c = createMllpClient({ host: '127.0.0.1', port, connector: nodeConnector, ackTimeoutMs: 2000, retries: 0, sleep: async () => {}, ...options });
  cleanup.push(() => c.close());
  return c;
}

const messages = async (req: string) => (await control<Received[]>('GET', `/messages?requisition=${req}`)).body;
const results = async (req: string) => (await control<Result[]>('GET', `/results?requisition=${req}`)).body;

describe('LIS simulator: orders and acknowledgements', () => {
  it('answers AA to a valid order, and the same message again with its first answer marked duplicate', async () => {
    const req = requisition();
    const orm = buildOrm(order(req));
    const first = await client().send(orm);
    expect(first.ack).toMatchObject({ code: 'AA', acknowledgedControlId: `${req}-N1`, text: `Order ${req} received`, duplicate: false });

    const again = await client().send(orm);
    expect(again.ack).toMatchObject({ code: 'AA', acknowledgedControlId: `${req}-N1`, text: `Order ${req} received`, duplicate: true });
    expect(again.ack.errors.at(-1)?.message).toBe(`Duplicate message control ID ${req}-N1: already processed, first acknowledgement repeated`);

    const seen = await messages(req);
    expect(seen.map((m) => [m.controlId, m.ackCode, m.duplicate])).toEqual([
      [`${req}-N1`, 'AA', true],
      [`${req}-N1`, 'AA', false],
    ]);
    expect(seen[1]?.testCodes).toEqual(['HBA1C', 'LIPID']);
    expect(await results(req)).toHaveLength(1);
  });

  it('answers AE with the text of the fault, and repeats that AE for the same message', async () => {
    const req = requisition();
    expect((await control('POST', '/faults', { kind: 'ae', requisition: req, text: 'Client account C1001 is on hold' })).status).toBe(200);
    const orm = buildOrm(order(req));
    const answer = await client().send(orm);
    expect(answer.ack).toMatchObject({ code: 'AE', text: 'Client account C1001 is on hold', errors: [{ code: '207', severity: 'E' }] });
    expect((await client().send(orm)).ack).toMatchObject({ code: 'AE', text: 'Client account C1001 is on hold', duplicate: true });
    // A corrected order goes as a new version, with a new control ID, and is taken.
    expect((await client().send(buildOrm(order(req, { version: 2 })))).ack).toMatchObject({ code: 'AA', text: `Order ${req} received` });
    expect((await messages(req)).map((m) => m.fault)).toEqual([null, null, 'ae']);
  });

  it('answers AE naming an unknown test code, a missing field and a bad segment order', async () => {
    const req = requisition();
    const unknown = await client().send(buildOrm(order(req, { tests: [{ code: 'NOSUCH', name: 'Nothing' }], billTo: 'client', diagnoses: [] })));
    expect(unknown.ack).toMatchObject({ code: 'AE', text: 'Unknown test code NOSUCH', errors: [{ code: '103', location: 'OBR[1]-4' }] });

    const noPatientName = buildOrm(order(req, { version: 2 })).replace(/\rPID\|1\|\|([^|]*)\|\|[^|]*\|/, '\rPID|1||$1|||');
    expect((await client().send(noPatientName)).ack).toMatchObject({ code: 'AE', text: "PID-5: the patient's last name is missing", errors: [{ code: '101', location: 'PID[1]-5' }] });

    const noDiagnosis = buildOrm(order(req, { version: 3 })).split('\r').filter((l) => !l.startsWith('DG1|')).join('\r');
    expect((await client().send(noDiagnosis)).ack).toMatchObject({ code: 'AE', text: 'OBR[1]: test HBA1C billed to insurance has no diagnosis (DG1)' });
    expect(await results(req)).toEqual([]);
  });

  it('answers AR to messages it does not take at all', async () => {
    const req = requisition();
    const orm = buildOrm(order(req));
    const oru = orm.replace('ORM^O01^ORM_O01', 'ORU^R01^ORU_R01').replace(`${req}-N1`, `${req}-U1`);
    expect((await client().send(oru)).ack).toMatchObject({ code: 'AR', text: 'Message type ORU is not accepted on this interface (ORM only)', errors: [{ code: '200' }] });
    const v22 = orm.replace('|P|2.5.1', '|P|2.2').replace(`${req}-N1`, `${req}-V1`);
    expect((await client().send(v22)).ack).toMatchObject({ code: 'AR', text: 'HL7 version 2.2 is not supported', errors: [{ code: '203' }] });
    const debug = orm.replace('|P|2.5.1', '|D|2.5.1').replace(`${req}-N1`, `${req}-D1`);
    expect((await client().send(debug)).ack).toMatchObject({ code: 'AR', text: 'Processing ID "D" is not accepted (P or T)', errors: [{ code: '202' }] });
  });

  it('takes an order once when its first ACK is lost: the retry is answered as a duplicate', async () => {
    const req = requisition();
    await control('POST', '/faults', { kind: 'lose-ack', requisition: req });
    const delivery = await client({ ackTimeoutMs: 1500, retries: 2 }).send(buildOrm(order(req)));
    expect(delivery.attempts).toBe(2);
    expect(delivery.ack).toMatchObject({ code: 'AA', duplicate: true });
    expect((await messages(req)).map((m) => [m.fault, m.duplicate])).toEqual([
      [null, true],
      ['lose-ack', false],
    ]);
    expect(await results(req)).toHaveLength(1);
  });

  it('survives a dropped connection: the order is taken on the retry, not twice', async () => {
    const req = requisition();
    await control('POST', '/faults', { kind: 'drop', requisition: req });
    const delivery = await client({ retries: 2 }).send(buildOrm(order(req)));
    expect(delivery.attempts).toBe(2);
    expect(delivery.ack).toMatchObject({ code: 'AA', duplicate: false });
    expect((await messages(req)).map((m) => m.fault)).toEqual([null, 'drop']);
  });

  it('answers late under a delay fault, within the sender timeout', async () => {
    const req = requisition();
    await control('POST', '/faults', { kind: 'delay-ack', requisition: req, delayMs: 300 });
    const started = Date.now();
    const delivery = await client().send(buildOrm(order(req)));
    expect(delivery.ack.code).toBe('AA');
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('cancels an order it holds, and refuses to cancel one it does not know', async () => {
    const req = requisition();
    await client().send(buildOrm(order(req)));
    const cancel = await client().send(buildCancel({ ...order(req), reason: 'Wrong patient' }));
    expect(cancel.ack).toMatchObject({ code: 'AA', text: `Order ${req} cancelled` });
    expect((await results(req)).map((r) => r.status)).toEqual(['withdrawn']);
    const other = requisition();
    const unknown = await client().send(buildCancel({ ...order(other), reason: 'Wrong patient' }));
    expect(unknown.ack).toMatchObject({ code: 'AE', text: `Order ${other} is not known to the laboratory`, errors: [{ code: '204' }] });
  });

  it('refuses bad fault switches and callers without the service key', async () => {
    expect((await control('POST', '/faults', { kind: 'explode' })).body).toEqual({ message: 'kind must be one of drop, delay-ack, ae, lose-ack' });
    expect((await control('POST', '/faults', { kind: 'ae' })).body).toEqual({ message: 'ae needs the text of the error' });
    expect((await control('POST', '/faults', { kind: 'delay-ack', delayMs: 0 })).status).toBe(400);
    expect((await control('PUT', '/config', { outcome: 'weird' })).body).toEqual({ message: 'outcome must be one of random, normal, abnormal, critical' });
    const anon = await control('GET', '/messages', undefined, 'not-a-key');
    expect(anon).toEqual({ status: 401, body: { message: 'The LIS simulator needs the service_role key' } });
  });
});

describe('LIS simulator: results', () => {
  it('sends ORU^R01 results over MLLP: LOINC codes, ranges, flags and the PDF report', async () => {
    const req = requisition();
    const received: string[] = [];
    const listener: MllpListener = await startMllpListener({ port: 0, onMessage: async (text) => (received.push(text), { ack: buildAck(text, 'AA') }) });
    cleanup.push(() => listener.close());
    await control('PUT', '/config', { requisition: req, destination: { kind: 'mllp', host: '127.0.0.1', port: listener.port }, outcome: 'critical' });
    await client().send(buildOrm(order(req)));
    const sent = (await control<Result[]>('POST', `/flush?requisition=${req}`)).body;
    expect(sent).toHaveLength(1);
    const [result] = await results(req);
    expect(result).toMatchObject({ status: 'delivered', attempts: 1, ackCode: 'AA', error: null });
    expect(received).toEqual([result!.text]);

    const oru = parseOru(received[0]!);
    expect(oru.patient).toMatchObject({ id: 'P-1001', lastName: "O'Brien", birthDate: '1950-02-03' });
    expect(oru.orders.map((o) => [o.placerOrderNumber, o.testCode, o.resultStatus])).toEqual([
      [req, 'HBA1C', 'F'],
      [req, 'LIPID', 'F'],
    ]);
    const [hba1c, lipid] = oru.orders;
    expect(hba1c!.observations[0]).toMatchObject({ code: '4548-4', codeSystem: 'LN', units: '%', referenceRange: '4.0-5.6', status: 'F' });
    expect(lipid!.observations.map((o) => o.code)).toEqual(['2093-3', '2571-8', '2085-9', '13457-7']);
    expect(lipid!.observations.find((o) => o.code === '2571-8')?.abnormalFlags).toEqual(['HH']);
    const report = hba1c!.observations.find((o) => o.valueType === 'ED');
    expect(report?.attachment?.mediaType).toBe('application/pdf');
    expect(new TextDecoder().decode(report!.attachment!.data.subarray(0, 8))).toBe('%PDF-1.4');
  });

  it('posts results over HTTPS signed with the shared secret, and retries a failing receiver', async () => {
    const req = requisition();
    const posts: Array<{ headers: Headers; type: string | undefined; body: string }> = [];
    const server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (c: Buffer) => (body += c.toString()));
      request.on('end', () => {
        posts.push({ headers: new Headers(request.headers as Record<string, string>), type: request.headers['content-type'], body });
        if (posts.length === 1) return response.writeHead(503).end('busy');
        response.writeHead(200, { 'content-type': 'x-application/hl7-v2+er7' }).end(buildAck(body, 'AA', 'Results stored'));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanup.push(() => new Promise((resolve) => server.close(resolve)));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/functions/v1/lis-inbound`;
    await control('PUT', '/config', { requisition: req, destination: { kind: 'https', url, secret: 'test-secret' }, outcome: 'normal' });
    await client().send(buildOrm(order(req)));
    await control('POST', `/flush?requisition=${req}`);
    expect(posts).toHaveLength(2);
    expect(posts[1]?.type).toBe('x-application/hl7-v2+er7; charset=utf-8');
    const body = new TextEncoder().encode(posts[1]!.body);
    expect(await verifyInbound(posts[1]!.headers, body, ['test-secret'])).toEqual({ ok: true });
    expect(await verifyInbound(posts[1]!.headers, body, ['another-secret'])).toMatchObject({ ok: false, status: 403 });
    expect(parseOru(posts[1]!.body).orders[0]?.placerOrderNumber).toBe(req);
    expect((await results(req))[0]).toMatchObject({ status: 'delivered', attempts: 2, ackCode: 'AA' });
    const normal = parseOru(posts[1]!.body).orders.flatMap((o) => o.observations).filter((o) => o.valueType === 'NM');
    expect(normal.every((o) => o.abnormalFlags.length === 0)).toBe(true);
  });

  it('keeps results it cannot send, and shows why', async () => {
    const req = requisition();
    await control('PUT', '/config', { retryDelayMs: 20 });
    cleanup.push(() => control('PUT', '/config', { retryDelayMs: 1000 }));
    await control('PUT', '/config', { requisition: req, destination: { kind: 'https', url: 'http://127.0.0.1:9/nothing', secret: 's' } });
    await client().send(buildOrm(order(req)));
    await control('POST', `/flush?requisition=${req}`);
    const [result] = await results(req);
    expect(result?.status).toBe('failed');
    expect(result?.attempts).toBe(5);
    expect(result?.error).toMatch(/fetch failed|ECONNREFUSED/);
  });
});
