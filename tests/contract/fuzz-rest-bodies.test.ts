/**
 * Hostile write bodies through the Data API by a staff user: malformed JSON, fields of the
 * wrong type, values the table's checks refuse, and replication pushes of garbage. Each is a
 * clear 4xx (PostgREST's code and message) or, for sync_push, a per-row rejection; never a
 * 5xx, and the rows involved are exactly as before (read back with the service role).
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceClient, staffUser, type Client } from '../helpers/clients.ts';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from '../helpers/env.ts';
import { anyJson, hostileText, malformedJsonText } from '../helpers/hostile-text.ts';
import { providerRow, seedRows, type Row } from './directory-helpers.ts';

let staff: Client;
let token: string;
let stored: Row;

beforeAll(async () => {
  const user = await staffUser('fuzz-bodies');
  staff = user.client;
  token = (await staff.auth.getSession()).data.session!.access_token;
  [stored] = (await seedRows('providers', [providerRow()])) as [Row];
});

async function current(id: string): Promise<Row | null> {
  const { data } = await serviceClient().from('providers').select('*').eq('id', id).maybeSingle();
  return data as Row | null;
}

function post(path: string, body: string, method = 'POST') {
  return fetch(`${SUPABASE_URL}/rest/v1/${path}`, {
    method,
    headers: { apikey: SUPABASE_ANON_KEY, Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body,
  });
}

async function expectClear(response: Response, context: string): Promise<void> {
  const text = await response.text();
  expect(response.status, `${context}: ${text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(response.status, `${context}: ${text.slice(0, 300)}`).toBeLessThan(500);
  const body = JSON.parse(text) as { code?: unknown; message?: unknown };
  expect(typeof body.code === 'string' && typeof body.message === 'string' && body.message !== '', context).toBe(true);
}

// Values the columns refuse. (A JSON number, boolean or array sent for a text column is
// stored as its JSON text, as PostgREST does: only the checks refuse text. So a ten-digit
// number can be a valid NPI, and is left out like ten-digit text.)
/** Text Postgres reads as a boolean: any prefix of true, false, yes or no, on, of(f), 1 or 0, spaces around. */
const isBooleanText = (text: string) => /^\s*(t(r(ue?)?)?|f(a(l(se?)?)?)?|y(es?)?|no?|on|off?|1|0)\s*$/i.test(text);
const blank = fc.constantFrom('', ' ', '   ', null);
const wrongTypedField = fc.oneof(
  fc.record({ npi: fc.oneof(fc.integer().filter((n) => !/^\d{10}$/.test(String(n))), fc.dictionary(hostileText, anyJson, { minKeys: 1 }), hostileText.filter((text) => !/^\d{10}$/.test(text))) }),
  fc.record({ first_name: blank }),
  fc.record({ last_name: blank }),
  fc.record({ _deleted: fc.oneof(hostileText.filter((text) => !isBooleanText(text)), fc.array(fc.boolean(), { minLength: 1 })) }),
  fc.record({ default_organization_id: fc.oneof(hostileText, fc.integer()) }),
);
const wrongField = fc.oneof(wrongTypedField, fc.record({ 'no such column': anyJson }));

/** Text that is no JSON object nor array of objects (those are rows to insert). */
function notRows(text: string): boolean {
  try {
    const parsed: unknown = JSON.parse(text);
    // [] is an insert of no rows (201), as in PostgREST.
    return !(Array.isArray(parsed) && parsed.every((item) => typeof item === 'object' && item !== null && !Array.isArray(item)));
  } catch {
    return true;
  }
}

describe('hostile write bodies', () => {
  it('malformed JSON is refused with 400 PGRST102', async () => {
    await fc.assert(
      fc.asyncProperty(malformedJsonText.filter(notRows), async (text) => {
        const response = await post('providers', text);
        expect(response.status, text).toBe(400);
        expect(await response.json()).toMatchObject({ code: 'PGRST102', message: 'Empty or invalid json' });
      }),
      { numRuns: 25 },
    );
  });

  it('an insert with a field of the wrong type is a clear 4xx and writes no row', async () => {
    await fc.assert(
      fc.asyncProperty(wrongField, async (field) => {
        const row: Row = { ...providerRow(), ...field };
        await expectClear(await post('providers', JSON.stringify(row)), JSON.stringify(field).slice(0, 200));
        expect(await current(row.id as string)).toBeNull();
      }),
      { numRuns: 30 },
    );
  });

  it('an update with a field of the wrong type is a clear 4xx and leaves the row as it was', async () => {
    await fc.assert(
      fc.asyncProperty(wrongField, async (field) => {
        const response = await post(`providers?id=eq.${stored.id as string}`, JSON.stringify(field), 'PATCH');
        await expectClear(response, JSON.stringify(field).slice(0, 200));
      }),
      { numRuns: 30 },
    );
    expect(await current(stored.id as string)).toEqual(stored);
  });

  it('a push of garbage rows is rejected row by row (or refused whole), and changes nothing', async () => {
    const garbageRow = fc.oneof(
      anyJson,
      fc.record({ new: anyJson, assumed: anyJson }, { requiredKeys: [] }),
      // (sync_push ignores unknown keys, so only wrongly typed known columns here.)
      wrongTypedField.map((field) => ({ new: { ...stored, ...field }, assumed: stored })),
      fc.record({ new: fc.constant({ ...stored, id: 'not-a-uuid' }), assumed: fc.constant(null) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(anyJson, fc.array(garbageRow, { minLength: 1, maxLength: 4 })), async (rows) => {
        const { data, error, status } = await staff.rpc('sync_push', { p_table: 'providers', p_rows: rows });
        if (error) {
          // Refused whole: by sync_push (22023), or before it, for a NUL character that no
          // jsonb value can hold (22P05).
          expect(status, JSON.stringify(rows).slice(0, 200)).toBe(400);
          expect(['22023', '22P05'], JSON.stringify(rows).slice(0, 200)).toContain(error.code);
          return;
        }
        const answer = data as { conflicts: Row[]; rejected: Array<{ code: string; message: string }> };
        expect(answer.conflicts.every((row) => row.id !== undefined)).toBe(true);
        for (const rejected of answer.rejected) expect(typeof rejected.code === 'string' && rejected.message !== '').toBe(true);
      }),
      { numRuns: 30 },
    );
    expect(await current(stored.id as string)).toEqual(stored);
  });
});
