/**
 * The per-row PECOS checks: 'NPI Required' without an NPI, the button states (busy, queued
 * while sync is paused, success, error), the spec §8 toasts when the queued call finishes,
 * the list refresh after success, a new check resetting the row, and picking up checks
 * still queued from before a reload.
 */
import { BehaviorSubject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxItem } from '../../../db/index.ts';
import type { ToastMessage } from '../../../lib/functions/index.ts';
import { checkStatus } from './pecos-check-state.ts';
import { createPecosChecks } from './pecos-checks.ts';

function item(id: string, overrides: Partial<OutboxItem> = {}): OutboxItem {
  return {
    id,
    kind: 'verify-pecos',
    payload: { npi: '1234567893', provider_id: 'p1' },
    idempotency_key: `key-${id}`,
    state: 'queued',
    attempts: 0,
    next_attempt_at: '2026-11-21T10:00:00Z',
    last_error: null,
    result: null,
    created_at: '2026-11-21T10:00:00Z',
    updated_at: '2026-11-21T10:00:00Z',
    user_id: 'u1',
    ...overrides,
  };
}

function setup() {
  const items = new Map<string, BehaviorSubject<OutboxItem | null>>();
  const toasts: ToastMessage[] = [];
  let next = 0;
  const deps = {
    enqueue: vi.fn(async () => {
      const created = item(`item-${(next += 1)}`);
      items.set(created.id, new BehaviorSubject<OutboxItem | null>(created));
      return created;
    }),
    watchItem: (id: string) => {
      let subject = items.get(id);
      if (!subject) {
        subject = new BehaviorSubject<OutboxItem | null>(null);
        items.set(id, subject);
      }
      return subject;
    },
    notify: (message: ToastMessage) => toasts.push(message),
    refresh: vi.fn(),
  };
  const checks = createPecosChecks(deps);
  const status = (providerId = 'p1', paused = false) => checkStatus(checks.store.getState().checks[providerId], paused);
  const update = (id: string, patch: Partial<OutboxItem>) => {
    const subject = items.get(id)!;
    subject.next({ ...subject.getValue()!, ...patch });
  };
  return { checks, deps, toasts, status, update, items };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const provider = { id: 'p1', npi: '1234567893' };

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

describe('PECOS checks', () => {
  it("says 'NPI Required' for a provider without an NPI and queues nothing", async () => {
    const t = setup();
    await t.checks.start({ id: 'p2', npi: null });
    await t.checks.start({ id: 'p2', npi: '  ' });
    expect(t.deps.enqueue).not.toHaveBeenCalled();
    expect(t.toasts).toEqual([
      { title: 'NPI Required', description: 'Provider must have an NPI to verify PECOS enrollment.', type: 'error' },
      { title: 'NPI Required', description: 'Provider must have an NPI to verify PECOS enrollment.', type: 'error' },
    ]);
    expect(t.status('p2')).toBe('idle');
  });

  it('queues the call with the NPI and the provider, and shows it busy, then enrolled', async () => {
    const t = setup();
    expect(t.status()).toBe('idle');
    const started = t.checks.start({ id: 'p1', npi: ' 1234567893 ' });
    expect(t.status()).toBe('running');
    await started;
    expect(t.deps.enqueue).toHaveBeenCalledWith({ npi: '1234567893', provider_id: 'p1' });
    expect(t.status()).toBe('running');

    t.update('item-1', { state: 'running', attempts: 1 });
    expect(t.status()).toBe('running');
    t.update('item-1', { state: 'done', attempts: 1, result: { verified: true, can_order_part_b: true, checked_at: 'x' } });
    await settle();
    expect(t.status()).toBe('success');
    expect(t.toasts).toEqual([{ title: 'PECOS Verification Complete', description: 'Provider is enrolled in PECOS.', type: 'success' }]);
    expect(t.deps.refresh).toHaveBeenCalledTimes(1);
  });

  it("says 'not enrolled' when the check found no enrollment", async () => {
    const t = setup();
    await t.checks.start(provider);
    t.update('item-1', { state: 'done', result: { verified: false, can_order_part_b: false, checked_at: 'x' } });
    await settle();
    expect(t.toasts[0]?.description).toBe('Provider is not enrolled in PECOS.');
  });

  it('does not start a second check while one is running', async () => {
    const t = setup();
    await t.checks.start(provider);
    await t.checks.start(provider);
    expect(t.deps.enqueue).toHaveBeenCalledTimes(1);
  });

  it('shows a waiting check as queued while sync is paused, or after a failed attempt', async () => {
    const t = setup();
    await t.checks.start(provider);
    expect(t.status('p1', true)).toBe('queued');
    expect(t.status('p1', false)).toBe('running');
    t.update('item-1', { state: 'queued', attempts: 1, last_error: 'Failed to fetch' });
    expect(t.status('p1', false)).toBe('queued');
  });

  it.each([
    ['The CMS PECOS enrollment request timed out. Please try again later. (HTTP 504)', 'The PECOS verification request timed out. Please try again later.'],
    ['The CMS API returned an error for PECOS enrollment data (HTTP 500). (HTTP 502)', 'The CMS PECOS API returned an error. Please try again later.'],
    ['Failed to process the PECOS enrollment response from CMS (invalid JSON). (HTTP 502)', 'Unable to process the PECOS API response. The API may be experiencing issues.'],
    ['Edge Function returned a non-2xx status code (HTTP 500)', 'Communication with the PECOS verification service failed. Please try again later.'],
    ['No data returned from verify-pecos function (HTTP 200)', 'Could not verify PECOS enrollment. Please try again.'],
  ])('reports a failed check %j as %j', async (lastError, description) => {
    const t = setup();
    await t.checks.start(provider);
    t.update('item-1', { state: 'failed', attempts: 1, last_error: lastError });
    await settle();
    expect(t.status()).toBe('error');
    expect(t.toasts).toEqual([{ title: 'Verification Failed', description, type: 'error' }]);
    expect(t.deps.refresh).not.toHaveBeenCalled();
  });

  it('resets the row when a new check starts, and ignores the old one', async () => {
    const t = setup();
    await t.checks.start(provider);
    t.update('item-1', { state: 'failed', last_error: 'timed out' });
    await settle();
    expect(t.status()).toBe('error');
    const again = t.checks.start(provider);
    expect(t.status()).toBe('running');
    await again;
    t.update('item-1', { state: 'done', result: { verified: true, can_order_part_b: true, checked_at: 'x' } });
    await settle();
    expect(t.status()).toBe('running');
    expect(t.toasts).toHaveLength(1);
  });

  it('reports a check that could not be queued', async () => {
    const t = setup();
    t.deps.enqueue.mockRejectedValueOnce(new Error('Local data is not started'));
    await t.checks.start(provider);
    expect(t.status()).toBe('error');
    expect(t.toasts[0]).toMatchObject({ title: 'Verification Failed', description: 'Could not verify PECOS enrollment. Please try again.' });
  });

  it('picks up checks still queued from an earlier visit, and reports them when they finish', async () => {
    const t = setup();
    const waiting = item('old-1', { payload: { npi: '1003000126', provider_id: 'p7' }, attempts: 2 });
    t.items.set('old-1', new BehaviorSubject<OutboxItem | null>(waiting));
    t.checks.restore([
      waiting,
      item('done-1', { state: 'done', payload: { npi: '1003000126', provider_id: 'p8' } }),
      item('other', { kind: 'invite-user', payload: { email: 'x' } }),
    ]);
    expect(t.status('p7')).toBe('queued');
    expect(t.status('p8')).toBe('idle');
    t.update('old-1', { state: 'done', result: { verified: true, can_order_part_b: true, checked_at: 'x' } });
    await settle();
    expect(t.status('p7')).toBe('success');
    expect(t.toasts.map((toast) => toast.title)).toEqual(['PECOS Verification Complete']);
  });
});
