import { describe, expect, it } from 'vitest';
import { canResend, deliveryView, refusedOrders } from './lab-delivery.ts';

const base = { status: 'submitted', lis_delivery: null, lis_error: null, local_dirty: false };

describe('deliveryView', () => {
  it('says where the order stands on its way to the laboratory', () => {
    expect(deliveryView({ ...base, local_dirty: true })).toEqual({ text: 'Waiting to send: the order leaves this device when it is online.', tone: 'info' });
    expect(deliveryView({ ...base, lis_delivery: { state: 'queued' } })).toEqual({ text: 'On the server, waiting to go to the laboratory.', tone: 'info' });
    expect(deliveryView({ ...base, lis_delivery: { state: 'retrying', attempts: 2, last_error: 'Could not connect to lis:6661: refused', next_attempt_at: null } })).toEqual({
      text: 'The laboratory has not answered yet (2 attempts: Could not connect to lis:6661: refused). Next attempt soon.',
      tone: 'warning',
    });
    expect(deliveryView({ ...base, status: 'received', lis_delivery: { state: 'received', control_id: 'R-7K-0001-N1', acked_at: null } })).toEqual({ text: 'Received by the laboratory (message R-7K-0001-N1).', tone: 'success' });
    expect(deliveryView({ ...base, status: 'cancelled', lis_delivery: { state: 'withdrawn' } })?.text).toBe('Cancelled before it was sent: the laboratory never had it.');
    expect(deliveryView({ ...base, status: 'draft' })).toBeNull();
  });

  it('writes its moments as the order page writes dates, on the 12-hour clock', () => {
    // 19:05 UTC is 2:05 PM in New York (UTC-5 in November), where the tests run.
    expect(deliveryView({ ...base, lis_delivery: { state: 'retrying', attempts: 1, last_error: 'refused', next_attempt_at: '2026-11-29T19:05:00Z' } })?.text).toBe(
      'The laboratory has not answered yet (1 attempt: refused). Next attempt at November 29, 2026, 2:05 PM.',
    );
    expect(deliveryView({ ...base, status: 'received', lis_delivery: { state: 'received', control_id: 'C1', acked_at: '2026-11-29T07:20:00Z' } })?.text).toBe(
      'Received by the laboratory on November 29, 2026, 2:20 AM (message C1).',
    );
  });

  it('puts the laboratory’s text first when it refused the order', () => {
    expect(deliveryView({ ...base, lis_error: 'Unknown test code NOSUCH', lis_delivery: { state: 'refused' } })).toEqual({ text: 'The laboratory refused this order: Unknown test code NOSUCH', tone: 'error' });
  });
});

describe('canResend and refusedOrders', () => {
  it('offers the resend to an admin on a submitted, refused order only', () => {
    expect(canResend({ status: 'submitted', lis_error: 'x' }, true)).toBe(true);
    expect(canResend({ status: 'submitted', lis_error: 'x' }, false)).toBe(false);
    expect(canResend({ status: 'submitted', lis_error: null }, true)).toBe(false);
    expect(canResend({ status: 'cancelled', lis_error: 'x' }, true)).toBe(false);
  });

  it('lists the submitted orders the laboratory refused, newest first', () => {
    const orders = [
      { id: 'a', status: 'submitted', lis_error: 'A', submitted_at: '2026-11-25T10:00:00Z', created_at: '2026-11-25T09:00:00Z' },
      { id: 'b', status: 'submitted', lis_error: null, submitted_at: '2026-11-25T11:00:00Z', created_at: '2026-11-25T09:00:00Z' },
      { id: 'c', status: 'submitted', lis_error: 'C', submitted_at: '2026-11-25T12:00:00Z', created_at: '2026-11-25T09:00:00Z' },
      { id: 'd', status: 'cancelled', lis_error: 'D', submitted_at: '2026-11-25T13:00:00Z', created_at: '2026-11-25T09:00:00Z' },
    ];
    expect(refusedOrders(orders).map((o) => o.id)).toEqual(['c', 'a']);
  });
});
