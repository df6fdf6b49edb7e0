import { describe, expect, it } from 'vitest';
import { fetchRegistryJson } from './registry-fetch.ts';

type Step = () => Promise<Response>;

/** A fetch that plays the given steps in order and counts the calls. */
function scripted(...steps: Step[]) {
  const calls: string[] = [];
  const fetchImpl = ((input: string | URL | Request, init?: RequestInit) => {
    calls.push(String(input));
    const step = steps[calls.length - 1] ?? steps[steps.length - 1];
    if (!step) throw new Error('no step');
    return new Promise<Response>((resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      step().then(resolve, reject);
    });
  }) as typeof fetch;
  return { calls, fetchImpl };
}

const ok = (body: string, status = 200): Step => () => Promise.resolve(new Response(body, { status }));
const never: Step = () => new Promise(() => {});
const refused: Step = () => Promise.reject(new TypeError('fetch failed'));
const options = { timeoutMs: 50, retries: 1, retryDelayMs: 0 };

describe('fetchRegistryJson', () => {
  it('answers the parsed body of the first good attempt', async () => {
    const { calls, fetchImpl } = scripted(ok('{"result_count":0,"results":[]}'));
    expect(await fetchRegistryJson('http://r/x', { ...options, fetchImpl })).toEqual({
      ok: true, status: 200, body: { result_count: 0, results: [] }, attempts: 1,
    });
    expect(calls).toEqual(['http://r/x']);
  });

  it('retries once after a 500 and takes the second answer', async () => {
    const { calls, fetchImpl } = scripted(ok('gateway', 500), ok('[]'));
    expect(await fetchRegistryJson('u', { ...options, fetchImpl })).toMatchObject({ ok: true, body: [], attempts: 2 });
    expect(calls).toHaveLength(2);
  });

  it('gives up after one retry and says why', async () => {
    const { calls, fetchImpl } = scripted(ok('<html>busy</html>', 503));
    expect(await fetchRegistryJson('u', { ...options, fetchImpl })).toEqual({
      ok: false, reason: 'http', status: 503, detail: 'HTTP 503: <html>busy</html>', attempts: 2,
    });
    expect(calls).toHaveLength(2);
  });

  it('does not retry a 4xx refusal', async () => {
    const { calls, fetchImpl } = scripted(ok('{"message":"not found"}', 404));
    expect(await fetchRegistryJson('u', { ...options, fetchImpl })).toMatchObject({ ok: false, reason: 'http', status: 404 });
    expect(calls).toHaveLength(1);
  });

  it('times each attempt out', async () => {
    const { calls, fetchImpl } = scripted(never);
    const started = Date.now();
    expect(await fetchRegistryJson('u', { ...options, fetchImpl })).toEqual({
      ok: false, reason: 'timeout', status: null, detail: 'timed out', attempts: 2,
    });
    expect(calls).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('reads a 200 with a broken body as malformed and an empty one as empty', async () => {
    expect(await fetchRegistryJson('u', { ...options, fetchImpl: scripted(ok('{"result_c')).fetchImpl })).toMatchObject({
      ok: false, reason: 'malformed', status: 200,
    });
    expect(await fetchRegistryJson('u', { ...options, fetchImpl: scripted(ok('  ')).fetchImpl })).toMatchObject({
      ok: false, reason: 'empty', status: 200,
    });
  });

  it('reads an empty 200 body as no rows where the caller says so (CMS), a 5xx and broken JSON still as failures', async () => {
    const noRows = { ...options, emptyBodyIsNoRows: true };
    expect(await fetchRegistryJson('u', { ...noRows, fetchImpl: scripted(ok('')).fetchImpl })).toEqual({
      ok: true, status: 200, body: undefined, attempts: 1,
    });
    expect(await fetchRegistryJson('u', { ...noRows, fetchImpl: scripted(ok('', 503)).fetchImpl })).toMatchObject({ ok: false, reason: 'http', status: 503 });
    expect(await fetchRegistryJson('u', { ...noRows, fetchImpl: scripted(ok('[{"NP')).fetchImpl })).toMatchObject({ ok: false, reason: 'malformed' });
  });

  it('answers the Last-Modified date as the release', async () => {
    const dated: Step = () => Promise.resolve(new Response('[]', { status: 200, headers: { 'Last-Modified': 'Wed, 01 Oct 2025 00:00:00 GMT' } }));
    expect(await fetchRegistryJson('u', { ...options, fetchImpl: scripted(dated).fetchImpl })).toEqual({
      ok: true, status: 200, body: [], attempts: 1, lastModified: '2025-10-01T00:00:00.000Z',
    });
  });

  it('reports a refused connection as a network failure', async () => {
    expect(await fetchRegistryJson('u', { ...options, fetchImpl: scripted(refused).fetchImpl })).toEqual({
      ok: false, reason: 'network', status: null, detail: 'fetch failed', attempts: 2,
    });
  });

  it('recovers when the retry answers after a timeout', async () => {
    const { fetchImpl } = scripted(never, ok('[{"NPI":"1"}]'));
    expect(await fetchRegistryJson('u', { ...options, fetchImpl })).toMatchObject({ ok: true, body: [{ NPI: '1' }], attempts: 2 });
  });
});
