/**
 * Hostile bodies for every Edge Function, sent by an admin (who may call them all):
 * malformed JSON, JSON that is not an object, fields of the wrong type, hostile and huge
 * strings, wrong methods and hostile idempotency keys. Every answer is a clear error
 * (`{error, code}`, a 4xx, never a 5xx), and nothing is written: the directory, the audit
 * log, the profiles and the accounts are as before. Runs on a private stack so the counts
 * are this file's alone.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANON_KEY } from '../../supabase/local/config.ts';
import { anyJson, hostileText, hostileTextOrHuge, malformedJsonText } from '../helpers/hostile-text.ts';
import { isStaffInviteBody, parseStaffInvite } from '../../src/lib/users/staff-invite.ts';
import { badCheckDigitNpi, providerRow } from './directory-helpers.ts';
import { accessToken, startFunctionsStack, type FunctionsStack } from './functions-kit.ts';

let stack: FunctionsStack;
let token: string;
const sentinel = providerRow();
let before: Record<string, unknown>;

async function snapshot(): Promise<Record<string, unknown>> {
  const service = stack.service();
  const counts: Record<string, unknown> = {};
  for (const table of ['providers', 'organizations', 'audit_log', 'profiles', 'user_roles', 'function_idempotency']) {
    counts[table] = (await service.from(table).select('id', { count: 'exact', head: true })).count;
  }
  counts.users = (await service.auth.admin.listUsers({ perPage: 1000 })).data.users.length;
  counts.sentinel = (await service.from('providers').select('*').eq('id', sentinel.id as string).single()).data;
  return counts;
}

async function call(name: string, body: string, init: { method?: string; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${stack.url}/functions/v1/${name}`, {
    method: init.method ?? 'POST',
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
    body: init.method === 'GET' ? undefined : body,
  });
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = text;
  }
  return { status: response.status, body: parsed as { error?: unknown; code?: unknown } };
}

/** A refusal the client can show: 4xx with a non-empty `error` and a `code`. */
function expectClearRefusal(answer: { status: number; body: { error?: unknown; code?: unknown } }, context: string): void {
  expect(answer.status, `${context}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(answer.status, context).toBeLessThan(500);
  expect(typeof answer.body.error === 'string' && answer.body.error.length > 0, context).toBe(true);
  expect(typeof answer.body.code, context).toBe('string');
}

/** The staff mode's own rule: such a body is an invitation the function must send, not a hostile one. */
function isValidStaffInvitation(input: Record<string, unknown>): boolean {
  return isStaffInviteBody(input) && parseStaffInvite(input).ok;
}

const FUNCTIONS = ['verify-npi', 'verify-pecos', 'invite-user', 'reference-import'] as const;

beforeAll(async () => {
  stack = await startFunctionsStack();
  const admin = await stack.user('admin');
  token = await accessToken(admin.client);
  const { error } = await stack.service().from('providers').insert(sentinel);
  if (error) throw new Error(error.message);
  before = await snapshot();
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

describe('malformed bodies', () => {
  it('anything but a JSON object is refused with 400 invalid_json by every function', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...FUNCTIONS), malformedJsonText, async (name, text) => {
        const answer = await call(name, text);
        expect(answer, `${name} ${JSON.stringify(text)}`).toEqual({
          status: 400,
          body: { error: 'The request body must be a JSON object.', code: 'invalid_json' },
        });
      }),
      { numRuns: 30 },
    );
  });

  it.each([['GET'], ['PUT'], ['DELETE']])('%s is refused with 405 by every function', async (method) => {
    for (const name of FUNCTIONS) expect((await call(name, '{}', { method })).status).toBe(405);
  });
});

describe('wrong types and hostile strings in the fields', () => {
  const notAnNpi = fc.oneof(anyJson, hostileTextOrHuge, fc.constant(badCheckDigitNpi()), fc.stringMatching(/^\d{9}$|^\d{11}$/));

  it('verify-npi: any npi that is not one, or a type that is not one, is a 400 with the result\'s shape', async () => {
    const body = fc.oneof(
      fc.record({ npi: notAnNpi, type: fc.oneof(fc.constantFrom('individual', 'organization'), anyJson) }, { requiredKeys: [] }),
      fc.record({ npi: fc.constant(sentinel.npi), type: fc.oneof(hostileText.filter((text) => text !== 'individual' && text !== 'organization'), fc.integer(), fc.boolean()) }), // null reads as absent
    );
    await fc.assert(
      fc.asyncProperty(body, async (input) => {
        const answer = await call('verify-npi', JSON.stringify(input));
        expectClearRefusal(answer, JSON.stringify(input).slice(0, 200));
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({ validation_errors: expect.any(Array), primary_address: null });
      }),
      { numRuns: 30 },
    );
  });

  it('verify-pecos: a bad npi, single_provider or skip_db_update is a 400, and the provider is untouched', async () => {
    const body = fc.oneof(
      fc.record({ npi: notAnNpi, single_provider: fc.oneof(fc.constant(true), anyJson), skip_db_update: fc.oneof(fc.boolean(), anyJson) }, { requiredKeys: [] }),
      fc.record({ npi: fc.constant(sentinel.npi), single_provider: fc.oneof(fc.constant(false), hostileText, fc.integer()) }),
      fc.record({ npi: fc.constant(sentinel.npi), skip_db_update: fc.oneof(hostileText, fc.integer(), fc.constant(null), fc.array(fc.boolean())) }),
    );
    await fc.assert(
      fc.asyncProperty(body, async (input) => {
        const answer = await call('verify-pecos', JSON.stringify(input));
        expectClearRefusal(answer, JSON.stringify(input).slice(0, 200));
        expect(['invalid_npi', 'unsupported', 'invalid_request']).toContain(answer.body.code);
      }),
      { numRuns: 30 },
    );
  });

  it('invite-user: a bad email, role or providerId is a 400, an unknown provider a 404; no account is made', async () => {
    const body = fc.oneof(
      fc.record(
        {
          email: fc.oneof(fc.emailAddress(), hostileTextOrHuge, anyJson),
          role: fc.oneof(fc.constantFrom('provider', 'admin', 'service_role'), anyJson),
          providerId: fc.oneof(fc.uuid(), hostileText, anyJson),
          firstName: fc.oneof(hostileTextOrHuge, anyJson),
          lastName: fc.oneof(hostileTextOrHuge, anyJson),
        },
        { requiredKeys: [] },
      ).filter((input) => !isValidStaffInvitation(input)), // a real address, 'admin' and two names is a good invitation
      // The real provider, with everything else wrong.
      fc.record({
        email: fc.oneof(hostileText.filter((text) => !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text.trim())), anyJson),
        providerId: fc.constant(sentinel.id),
      }),
      fc.record({ email: fc.emailAddress(), providerId: fc.constant(sentinel.id), role: fc.oneof(fc.constantFrom('admin', 'Provider', ''), fc.integer()) }),
    );
    await fc.assert(
      fc.asyncProperty(body, async (input) => {
        const answer = await call('invite-user', JSON.stringify(input));
        expectClearRefusal(answer, JSON.stringify(input).slice(0, 200));
        expect(['invalid_request', 'provider_not_found']).toContain(answer.body.code);
      }),
      { numRuns: 40 },
    );
  });

  it('a very large body (a 1 MB string field) is a clear 400', async () => {
    for (const name of FUNCTIONS) {
      const answer = await call(name, JSON.stringify({ npi: '9'.repeat(1_000_000), email: `${'a'.repeat(1_000_000)}@x`, providerId: 'x' }));
      expectClearRefusal(answer, name);
    }
  });
});

describe('hostile idempotency keys', () => {
  it('never fail the call: too long is a 400, anything else runs the call', async () => {
    const printable = fc.string({ unit: fc.constantFrom(...' !"#$%&\'()*+,-./09:;<=>?@AZ[\\]^_`az{|}~'.split('')), minLength: 1, maxLength: 260 });
    await fc.assert(
      fc.asyncProperty(printable, async (key) => {
        const header = `${key}-${randomUUID()}`;
        const answer = await call('verify-npi', JSON.stringify({ npi: badCheckDigitNpi() }), { headers: { 'x-idempotency-key': header } });
        expectClearRefusal(answer, key);
        expect(answer.body.code).toBe(header.trim().length > 200 ? 'invalid_idempotency_key' : 'invalid_npi');
      }),
      { numRuns: 20 },
    );
  });
});

describe('after all of it', () => {
  it('nothing was written but the idempotency records of the keyed calls', async () => {
    const after = await snapshot();
    expect({ ...after, function_idempotency: null }).toEqual({ ...before, function_idempotency: null });
  });
});
