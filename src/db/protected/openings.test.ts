import { describe, expect, it, vi } from 'vitest';
import { outboxHandlerFor } from '../outbox/outbox-handlers.ts';
import { newOpening, openingOutcome, registerOpeningsOutbox, RECORD_OPENING_KIND, type OpeningWait } from './openings.ts';

describe('sending openings', () => {
  const rpc = vi.fn(() => Promise.resolve({ error: null, status: 200 }));
  let wait: OpeningWait = null;
  registerOpeningsOutbox(() => Promise.resolve({ rpc }), () => Promise.resolve(wait));
  const handler = outboxHandlerFor(RECORD_OPENING_KIND)!;
  const opening = newOpening('orders', 'o-1', 'p-1', new Date('2026-12-05T10:00:00Z'), 'printed_labels');

  it('waits, without asking the server, while the record is not on the server yet or the records are locked', async () => {
    wait = 'not-on-server';
    expect(await handler(opening as never, {} as never)).toEqual({ ok: false, transient: true, message: 'The record is not on the server yet: its opening is recorded after it.' });
    wait = 'locked';
    expect(await handler(opening as never, {} as never)).toMatchObject({ ok: false, transient: true });
    expect(rpc).not.toHaveBeenCalled();
  });

  it('sends it with the device\'s time once the record is there', async () => {
    wait = null;
    expect(await handler(opening as never, {} as never)).toEqual({ ok: true, result: null });
    expect(rpc).toHaveBeenCalledWith('record_openings', { p_openings: [opening] });
  });

  it('takes the server\'s refusal (a record the user may not read) as final', () => {
    expect(openingOutcome({ error: { message: 'You may not open orders o-1' }, status: 403 })).toEqual({ ok: false, transient: false, message: 'You may not open orders o-1' });
    expect(openingOutcome({ error: { message: 'JWT expired' }, status: 401 })).toMatchObject({ transient: true });
  });
});
