/** Which verify-pecos outcomes the outbox retries by itself, and which it reports. */
import { describe, expect, it } from 'vitest';
import { pecosCallOutcome } from './pecos-outbox-handler.ts';

describe('pecosCallOutcome', () => {
  it('keeps the result of a successful check', () => {
    expect(
      pecosCallOutcome({
        ok: true,
        data: {
          npi: '1234567893',
          verified: true,
          can_order_part_b: false,
          checked_at: '2026-11-21T10:00:00Z',
          evidence: {} as never,
          updated_provider_ids: ['p1'],
        },
      }),
    ).toEqual({ ok: true, result: { verified: true, can_order_part_b: false, checked_at: '2026-11-21T10:00:00Z' } });
  });

  it('retries a call that got no answer (offline, connection dropped)', () => {
    expect(pecosCallOutcome({ ok: false, kind: 'transient', status: null, code: null, message: 'Failed to send a request to the Edge Function' })).toEqual({
      ok: false,
      transient: true,
      message: 'Failed to send a request to the Edge Function',
    });
  });

  it('retries while the server says the same call is still running', () => {
    expect(pecosCallOutcome({ ok: false, kind: 'transient', status: 409, code: 'request_in_progress', message: 'still running' })).toEqual({
      ok: false,
      transient: true,
      message: 'still running (HTTP 409)',
    });
  });

  it('reports an answer from the server at once, with its HTTP status for the 500 rule', () => {
    expect(
      pecosCallOutcome({ ok: false, kind: 'transient', status: 504, code: 'registry_timeout', message: 'The CMS PECOS enrollment request timed out. Please try again later.' }),
    ).toEqual({ ok: false, transient: false, message: 'The CMS PECOS enrollment request timed out. Please try again later. (HTTP 504)' });
    expect(pecosCallOutcome({ ok: false, kind: 'transient', status: 500, code: null, message: 'Internal Server Error' })).toEqual({
      ok: false,
      transient: false,
      message: 'Internal Server Error (HTTP 500)',
    });
    expect(pecosCallOutcome({ ok: false, kind: 'permanent', status: 200, code: null, message: 'No data returned from verify-pecos function' })).toMatchObject({
      transient: false,
      message: 'No data returned from verify-pecos function (HTTP 200)',
    });
  });
});
