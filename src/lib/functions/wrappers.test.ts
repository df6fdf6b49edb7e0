import { describe, expect, it } from 'vitest';
import type { FunctionsInvoker, InvokeOptions } from './invoke.ts';
import { inviteUser } from './invite-user.ts';
import { verifyNpi } from './verify-npi.ts';
import { NO_PECOS_DATA, verifyPecos } from './verify-pecos.ts';

/** supabase-js's error classes, reproduced by shape: name, message and `context`. */
class FakeFunctionsError extends Error {
  constructor(
    name: string,
    message: string,
    readonly context: unknown,
  ) {
    super(message);
    this.name = name;
  }
}
const httpError = (status: number, body: unknown) =>
  new FakeFunctionsError(
    'FunctionsHttpError',
    'Edge Function returned a non-2xx status code',
    new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }),
  );
const fetchError = () => new FakeFunctionsError('FunctionsFetchError', 'Failed to send a request to the Edge Function', new TypeError('fetch failed'));
const relayError = () => new FakeFunctionsError('FunctionsRelayError', 'Relay Error invoking the Edge Function', new Response('', { status: 502 }));

function invoker(answer: { data: unknown; error: unknown } | (() => never)) {
  const calls: Array<{ name: string; options: InvokeOptions }> = [];
  const client: FunctionsInvoker = {
    functions: {
      invoke: async (name, options) => {
        calls.push({ name, options });
        return typeof answer === 'function' ? answer() : answer;
      },
    },
  };
  return { client, calls };
}

const npiResult = {
  npi: '1234567893', enumeration_type: 'NPI-1', legal_name: 'JANE A DOE', primary_taxonomy_code: '207Q00000X',
  primary_taxonomy_description: 'Family Medicine', primary_address: null, validation_errors: [], error: null, nppes_data: {},
};

describe('verifyNpi', () => {
  it('posts {npi, type} and returns the result', async () => {
    const { client, calls } = invoker({ data: npiResult, error: null });
    expect(await verifyNpi(client, { npi: ' 1234567893 ' })).toEqual({ ok: true, data: npiResult });
    expect(calls).toEqual([{ name: 'verify-npi', options: { body: { npi: '1234567893', type: 'individual' } } }]);
  });

  it('sends the idempotency key as a header', async () => {
    const { client, calls } = invoker({ data: npiResult, error: null });
    await verifyNpi(client, { npi: '1234567893', type: 'organization' }, { idempotencyKey: 'k-1' });
    expect(calls[0]?.options).toEqual({ body: { npi: '1234567893', type: 'organization' }, headers: { 'x-idempotency-key': 'k-1' } });
  });

  it('reads the server message of a non-OK answer; 4xx is permanent', async () => {
    const { client } = invoker({ data: null, error: httpError(400, { error: 'An NPI must be exactly 10 digits.', code: 'invalid_npi' }) });
    expect(await verifyNpi(client, { npi: '12' })).toEqual({
      ok: false, kind: 'permanent', status: 400, code: 'invalid_npi', message: 'An NPI must be exactly 10 digits.',
    });
  });

  it('treats a gateway timeout as transient', async () => {
    const { client } = invoker({ data: null, error: httpError(504, { error: 'The NPPES registry request timed out.', code: 'registry_timeout' }) });
    expect(await verifyNpi(client, { npi: '1234567893' })).toMatchObject({ ok: false, kind: 'transient', status: 504 });
  });

  it('fails on a 200 whose error is set, and on an answer of the wrong shape', async () => {
    expect(await verifyNpi(invoker({ data: { ...npiResult, error: 'Registry said no' }, error: null }).client, { npi: '1234567893' })).toEqual({
      ok: false, kind: 'permanent', status: 200, code: null, message: 'Registry said no',
    });
    expect(await verifyNpi(invoker({ data: 'hello', error: null }).client, { npi: '1234567893' })).toMatchObject({
      ok: false, kind: 'permanent', message: 'The verify-npi function returned an unexpected answer.',
    });
  });
});

describe('verifyPecos', () => {
  const pecos = { npi: '1234567893', verified: true, can_order_part_b: true, checked_at: 'x', evidence: {}, updated_provider_ids: [] };

  it('invokes with single_provider and skip_db_update', async () => {
    const { client, calls } = invoker({ data: pecos, error: null });
    expect(await verifyPecos(client, { npi: '1234567893', skipDbUpdate: false })).toEqual({ ok: true, data: pecos });
    expect(calls[0]).toEqual({ name: 'verify-pecos', options: { body: { npi: '1234567893', single_provider: true, skip_db_update: false } } });
  });

  it('reports an empty result as No data returned from verify-pecos function', async () => {
    for (const data of [null, '', {}]) {
      expect(await verifyPecos(invoker({ data, error: null }).client, { npi: '1234567893', skipDbUpdate: true })).toEqual({
        ok: false, kind: 'permanent', status: 200, code: null, message: NO_PECOS_DATA,
      });
    }
    expect(NO_PECOS_DATA).toBe('No data returned from verify-pecos function');
  });

  it('classifies 5xx, 429, a call in progress, network and relay failures as transient', async () => {
    const cases: Array<[unknown, number | null]> = [
      [httpError(502, { error: 'The CMS API returned an error (HTTP 500).', code: 'registry_error' }), 502],
      [httpError(429, { message: 'Too many requests' }), 429],
      [httpError(409, { error: 'still running', code: 'request_in_progress' }), 409],
      [fetchError(), null],
      [relayError(), 502],
    ];
    for (const [error, status] of cases) {
      const result = await verifyPecos(invoker({ data: null, error }).client, { npi: '1234567893', skipDbUpdate: false });
      expect(result).toMatchObject({ ok: false, kind: 'transient', status });
    }
  });

  it('keeps the supabase-js message when the body has none', async () => {
    const result = await verifyPecos(invoker({ data: null, error: httpError(500, '') }).client, { npi: '1234567893', skipDbUpdate: false });
    expect(result).toEqual({ ok: false, kind: 'transient', status: 500, code: null, message: 'Edge Function returned a non-2xx status code' });
    const text = await verifyPecos(invoker({ data: null, error: httpError(500, 'Internal Server Error') }).client, { npi: '1234567893', skipDbUpdate: false });
    expect(text).toMatchObject({ message: 'Internal Server Error' });
  });

  it('treats an invoker that throws as a transient failure', async () => {
    const result = await verifyPecos(invoker(() => { throw new TypeError('Failed to fetch'); }).client, { npi: '1234567893', skipDbUpdate: false });
    expect(result).toEqual({ ok: false, kind: 'transient', status: null, code: null, message: 'Failed to fetch' });
  });
});

describe('inviteUser', () => {
  const input = { email: ' new@clinic.test ', firstName: 'Jane', lastName: 'Doe', providerId: 'p-1', invitedBy: 'admin-1' };

  it('sends the spec body with role provider', async () => {
    const data = { user_id: 'u-1', email: 'new@clinic.test', provider_id: 'p-1', role: 'provider', invited: true, message: 'sent' };
    const { client, calls } = invoker({ data, error: null });
    expect(await inviteUser(client, input, { idempotencyKey: 'invite-1' })).toEqual({ ok: true, data });
    expect(calls[0]).toEqual({
      name: 'invite-user',
      options: {
        body: { email: 'new@clinic.test', role: 'provider', firstName: 'Jane', lastName: 'Doe', providerId: 'p-1', invitedBy: 'admin-1' },
        headers: { 'x-idempotency-key': 'invite-1' },
      },
    });
  });

  it('passes the already-exists refusal on as permanent', async () => {
    const error = httpError(409, { error: 'A user with this email already exists.', code: 'user_already_exists' });
    expect(await inviteUser(invoker({ data: null, error }).client, input)).toEqual({
      ok: false, kind: 'permanent', status: 409, code: 'user_already_exists', message: 'A user with this email already exists.',
    });
  });

  it('reports a 403 as permanent', async () => {
    const error = httpError(403, { error: 'Only administrators can create user accounts.', code: 'forbidden' });
    expect(await inviteUser(invoker({ data: null, error }).client, input)).toMatchObject({ kind: 'permanent', status: 403 });
  });

  it('falls back to the spec text for an unusable answer', async () => {
    expect(await inviteUser(invoker({ data: null, error: null }).client, input)).toMatchObject({
      ok: false, kind: 'permanent', message: 'Failed to create user account',
    });
  });
});
