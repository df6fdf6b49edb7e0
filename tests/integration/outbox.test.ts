/**
 * The outbox: online-only calls queued in the browser run when the connection is back,
 * once, with the same idempotency key on every attempt; transient failures are retried
 * with backoff, permanent ones stop with a visible reason; items survive a reload, and an
 * item a closed tab left running is run again. (A fake handler stands in for the functions.)
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerOutboxHandler, type OutboxCallContext } from '../../src/db/outbox/outbox-handlers.ts';
import type { OutboxOutcome } from '../../src/db/outbox/outbox-machine.ts';
import { watchOutboxItem } from '../../src/db/outbox/outbox.ts';
import type { JsonValue } from '../../src/db/tables/columns.ts';
import { staffUser } from '../helpers/clients.ts';
import { eventually, TestBrowser } from './helpers/browser.ts';

interface Call {
  payload: JsonValue;
  context: OutboxCallContext;
  at: number;
}

const calls: Call[] = [];
let behave: (call: Call) => Promise<OutboxOutcome> = async () => ({ ok: true, result: null });
let browser: TestBrowser;

registerOutboxHandler('test-call', (payload, context) => {
  const call = { payload, context, at: Date.now() };
  calls.push(call);
  return behave(call);
});

beforeAll(async () => {
  browser = new TestBrowser(await staffUser('outbox'), { tables: ['organizations'] });
  await browser.signIn();
  await browser.open();
});

beforeEach(() => {
  calls.length = 0;
  behave = async () => ({ ok: true, result: null });
});

afterAll(async () => {
  await browser?.dispose();
});

async function item(id: string) {
  return (await browser.db.outbox.findOne(id).exec())?.toJSON();
}

describe('the outbox', () => {
  it('queues offline, survives a reload, and runs once when back online', async () => {
    behave = async ({ payload }) => ({ ok: true, result: { echoed: payload } });
    browser.network.setOnline(false);
    const queued = await browser.session!.enqueue('test-call', { npi: '1234567893' });
    expect(queued).toMatchObject({ state: 'queued', attempts: 0, user_id: browser.user.id, last_error: null });
    await eventually(() => expect(browser.state()).toMatchObject({ pendingCalls: 1, pendingChanges: 1 }));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(calls).toHaveLength(0);

    await browser.close();
    await browser.open();
    expect(await item(queued.id)).toMatchObject({ state: 'queued', attempts: 0 });

    browser.network.setOnline(true);
    await eventually(async () => expect(await item(queued.id)).toMatchObject({ state: 'done', attempts: 1, result: { echoed: { npi: '1234567893' } } }));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.context).toMatchObject({ idempotencyKey: queued.idempotency_key, attempt: 1, itemId: queued.id, userId: browser.user.id });
    await eventually(() => expect(browser.state()).toMatchObject({ pendingCalls: 0, pendingChanges: 0 }));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(calls).toHaveLength(1);
  });

  it('retries transient failures with backoff, keeping the idempotency key', async () => {
    behave = async () =>
      calls.length < 3 ? { ok: false, transient: true, message: 'The service is unavailable (HTTP 503)' } : { ok: true, result: { verified: true } };
    const queued = await browser.session!.enqueue('test-call', { npi: '1003000126' });
    await eventually(async () => expect(await item(queued.id)).toMatchObject({ state: 'queued', attempts: 1, last_error: 'The service is unavailable (HTTP 503)' }));
    await eventually(async () => expect(await item(queued.id)).toMatchObject({ state: 'done', attempts: 3, last_error: null, result: { verified: true } }), 15_000);
    expect(new Set(calls.map((call) => call.context.idempotencyKey))).toEqual(new Set([queued.idempotency_key]));
    const [first, second, third] = calls.map((call) => call.at);
    expect(second! - first!).toBeGreaterThanOrEqual(900);
    expect(third! - second!).toBeGreaterThanOrEqual(1900);
  });

  it('gives up on a permanent failure with a visible reason', async () => {
    behave = async () => ({ ok: false, transient: false, message: 'Only admins can invite users' });
    const queued = await browser.session!.enqueue('test-call', { email: 'new@clinic.test' });
    await eventually(async () => expect(await item(queued.id)).toMatchObject({ state: 'failed', attempts: 1, last_error: 'Only admins can invite users' }));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(calls).toHaveLength(1);
    expect(browser.state().pendingCalls).toBe(0);
  });

  it('runs an item again, with the same key, when the tab running it closed', async () => {
    let release: (outcome: OutboxOutcome) => void = () => {};
    behave = () => new Promise<OutboxOutcome>((resolve) => (release = resolve));
    const queued = await browser.session!.enqueue('test-call', { npi: '1100938202' });
    const states: string[] = [];
    const subscription = watchOutboxItem(browser.db, queued.id).subscribe((value) => value && states.push(value.state));
    await eventually(async () => expect(await item(queued.id)).toMatchObject({ state: 'running', attempts: 1 }));
    subscription.unsubscribe();
    expect(states).toEqual(['queued', 'running']);

    await browser.close(); // the tab goes away mid-call
    release({ ok: true, result: 'too late' });
    behave = async () => ({ ok: true, result: { verified: false } });
    await browser.open();
    await eventually(async () => expect(await item(queued.id)).toMatchObject({ state: 'done', attempts: 2, result: { verified: false } }));
    expect(calls.map((call) => call.context.idempotencyKey)).toEqual([queued.idempotency_key, queued.idempotency_key]);
  });
});
