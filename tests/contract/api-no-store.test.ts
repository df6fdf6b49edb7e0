/**
 * No answer of the Data API or of a function may be kept by a browser's HTTP cache
 * (issue 43, item 2): answers carry patient data, and a kept answer stays in the browser
 * profile's disk cache, readable after sign-out. The server marks each `Cache-Control:
 * no-store` (the Data API through its pre-request function, migration 20261202000100; the
 * functions through their JSON answers), whoever asks; the device does not rely on it and
 * fetches with `cache: 'no-store'` as well (src/lib/browser/no-store-fetch.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { staffUser, type TestUser } from '../helpers/clients.ts';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from '../helpers/env.ts';

let staff: TestUser;
let token: string;

beforeAll(async () => {
  staff = await staffUser('no-store');
  token = (await staff.client.auth.getSession()).data.session!.access_token;
});

function headers(bearer: string | null): Record<string, string> {
  return { apikey: SUPABASE_ANON_KEY, ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}), 'Content-Type': 'application/json' };
}

describe('Cache-Control of every answer that may carry patient data', () => {
  it('a table read, an RPC and a write of the Data API say no-store, signed in or not', async () => {
    const reads = await Promise.all([
      fetch(`${SUPABASE_URL}/rest/v1/patients?select=*`, { headers: headers(token) }),
      fetch(`${SUPABASE_URL}/rest/v1/audit_log?select=row_data&limit=5`, { headers: headers(token) }),
      fetch(`${SUPABASE_URL}/rest/v1/rpc/npi_is_valid`, { method: 'POST', headers: headers(token), body: JSON.stringify({ npi: '1234567893' }) }),
      fetch(`${SUPABASE_URL}/rest/v1/rpc/npi_is_valid?npi=1234567893`, { headers: headers(null) }),
      fetch(`${SUPABASE_URL}/rest/v1/profiles?id=eq.${staff.id}`, {
        method: 'PATCH',
        headers: { ...headers(token), Prefer: 'return=representation' },
        body: JSON.stringify({ first_name: 'Nostore' }),
      }),
    ]);
    expect(reads.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    expect(reads.map((response) => response.headers.get('cache-control'))).toEqual(['no-store', 'no-store', 'no-store', 'no-store', 'no-store']);
  });

  it("a function's JSON answer says no-store", async () => {
    const response = await fetch(`${SUPABASE_URL}/functions/v1/result-inbox`, { method: 'POST', headers: headers(token), body: '{}' });
    await response.text();
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});
