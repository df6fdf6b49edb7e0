/**
 * Request bodies: one over the gateway's limit is answered 413 with a JSON body, by the
 * Data API and by the Edge Functions alike, without the connection being reset; and a
 * large body that a service refuses before reading it (a caller without the right) still
 * gets its answer, on a connection that serves the next request.
 */
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../supabase/local/http/respond.ts';
import { SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY, SUPABASE_URL } from '../helpers/env.ts';

const TOO_LARGE = { message: 'Request size limit exceeded' };

async function post(path: string, token: string, body: string): Promise<[number, unknown]> {
  const answer = await fetch(`${SUPABASE_URL}${path}`, {
    method: 'POST',
    headers: { apikey: SUPABASE_ANON_KEY, Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body,
  });
  const text = await answer.text();
  return [answer.status, text === '' ? null : JSON.parse(text)];
}

/** A POST that declares a body over the limit and sends only its first bytes: the answer comes first. */
function postDeclaring(path: string, declared: number): Promise<[number, unknown]> {
  const url = new URL(`${SUPABASE_URL}${path}`);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { apikey: SUPABASE_ANON_KEY, Authorization: `Bearer ${SUPABASE_SERVICE_ROLE_KEY}`, 'content-type': 'application/json', 'content-length': declared },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => {
          req.destroy();
          resolve([res.statusCode ?? 0, JSON.parse(text)]);
        });
      },
    );
    req.on('error', reject);
    req.write('{"first_name":"');
  });
}

const bodyOf = (bytes: number) => JSON.stringify({ first_name: 'x'.repeat(bytes), last_name: 'Large' });

describe('a body over the limit', () => {
  it('is answered 413 with a JSON error by the Data API, sent whole', async () => {
    expect(await post('/rest/v1/providers', SUPABASE_SERVICE_ROLE_KEY, bodyOf(MAX_BODY_BYTES + 1024))).toEqual([413, TOO_LARGE]);
  });

  it('is answered 413 as soon as its declared length is over the limit, by the Data API and every function', async () => {
    for (const path of ['/rest/v1/providers', '/rest/v1/rpc/sync_push', '/functions/v1/verify-npi', '/functions/v1/health']) {
      expect([path, ...(await postDeclaring(path, MAX_BODY_BYTES + 1))]).toEqual([path, 413, TOO_LARGE]);
    }
  });

  it('under the limit reaches the function', async () => {
    const [status] = await post('/functions/v1/verify-npi', SUPABASE_SERVICE_ROLE_KEY, bodyOf(1_000));
    expect(status).toBe(401);
  });
});

describe('a large body refused before it is read', () => {
  const large = bodyOf(2_000_000);

  it('gets its answer, and the next request is served', async () => {
    expect(await post('/rest/v1/providers', SUPABASE_ANON_KEY, large)).toEqual([
      401,
      { code: '42501', details: null, hint: null, message: 'permission denied for table providers' },
    ]);
    expect(await post('/functions/v1/verify-npi', SUPABASE_ANON_KEY, large)).toEqual([
      401,
      { error: 'Authentication required: sign in and try again.', code: 'not_authenticated' },
    ]);
    // health answers without reading the body at all.
    expect((await post('/functions/v1/health', SUPABASE_ANON_KEY, large))[0]).toBe(200);
    expect((await post('/functions/v1/health', SUPABASE_ANON_KEY, '{}'))[0]).toBe(200);
    expect((await post('/rest/v1/rpc/npi_is_valid', SUPABASE_ANON_KEY, JSON.stringify({ npi: '1234567893' })))).toEqual([200, true]);
  });
});
