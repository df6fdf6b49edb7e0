import { describe, expect, it, vi } from 'vitest';
import { outboxHandlerFor } from '../outbox/outbox-handlers.ts';
import { newOpening, openingOutcome, registerOpeningsOutbox, RECORD_OPENING_KIND, type OpeningWait } from './openings.ts';

describe('sending openings', () => {
  const refused = { error: { message: 'You may not open orders o-1: it does not exist or is not yours to read' }, status: 403 };
  const rpc = vi.fn((_name: string, _args: Record<string, unknown>) => Promise.resolve<{ error: { message: string } | null; status: number }>({ error: null, status: 200 }));
  let wait: OpeningWait = null;
  const asked = vi.fn(() => Promise.resolve(wait));
  registerOpeningsOutbox(() => Promise.resolve({ rpc }), asked);
  const handler = outboxHandlerFor(RECORD_OPENING_KIND)!;
  const opening = newOpening('orders', 'o-1', 'p-1', new Date('2026-12-05T10:00:00Z'), 'printed_labels');

  it('sends it at once, with the device\'s time, without reading the device first', async () => {
    expect(await handler(opening as never, {} as never)).toEqual({ ok: true, result: null });
    expect(rpc).toHaveBeenCalledWith('record_openings', { p_openings: [opening] });
    expect(asked).not.toHaveBeenCalled();
  });

  it('sends it again later when the server refused a record not on the server yet, or while the records are locked', async () => {
    rpc.mockResolvedValue(refused);
    wait = 'not-on-server';
    expect(await handler(opening as never, {} as never)).toEqual({ ok: false, transient: true, message: 'The record is not on the server yet: its opening is recorded after it.' });
    wait = 'locked';
    expect(await handler(opening as never, {} as never)).toMatchObject({ ok: false, transient: true });
    wait = null;
    expect(await handler(opening as never, {} as never)).toEqual({ ok: false, transient: false, message: refused.error.message });
  });

  it('takes the server\'s refusal (a record the user may not read) as final', () => {
    expect(openingOutcome({ error: { message: 'You may not open orders o-1' }, status: 403 })).toEqual({ ok: false, transient: false, message: 'You may not open orders o-1' });
    expect(openingOutcome({ error: { message: 'JWT expired' }, status: 401 })).toMatchObject({ transient: true });
  });
});
