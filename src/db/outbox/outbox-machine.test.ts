import { describe, expect, it } from 'vitest';
import { backoffDelayMs, finishAttempt, isDue, recoverInterrupted, requeueFailed, startAttempt } from './outbox-machine.ts';

const now = new Date('2026-11-21T10:00:00.000Z');

describe('outbox backoff', () => {
  it('doubles from 1 s and caps at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(backoffDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });
});

describe('outbox transitions', () => {
  it('counts an attempt when it starts', () => {
    expect(startAttempt({ attempts: 2 }, now)).toEqual({ state: 'running', attempts: 3, updated_at: now.toISOString() });
  });

  it('is done with the result on success', () => {
    expect(finishAttempt({ attempts: 1 }, { ok: true, result: { verified: true } }, now)).toEqual({
      state: 'done',
      result: { verified: true },
      last_error: null,
      updated_at: now.toISOString(),
    });
  });

  it('requeues a transient failure with backoff and keeps the reason', () => {
    const patch = finishAttempt({ attempts: 3 }, { ok: false, transient: true, message: 'HTTP 503' }, now);
    expect(patch).toMatchObject({ state: 'queued', last_error: 'HTTP 503', next_attempt_at: '2026-11-21T10:00:04.000Z' });
  });

  it('fails a permanent failure with its reason', () => {
    expect(finishAttempt({ attempts: 1 }, { ok: false, transient: false, message: 'Only admins can invite users' }, now)).toMatchObject({
      state: 'failed',
      last_error: 'Only admins can invite users',
    });
  });

  it('gives up after too many transient failures, saying why', () => {
    expect(finishAttempt({ attempts: 5 }, { ok: false, transient: true, message: 'timed out' }, now, 5)).toMatchObject({
      state: 'failed',
      last_error: 'Gave up after 5 attempts. Last error: timed out',
    });
  });

  it('knows when a queued item is due', () => {
    expect(isDue({ state: 'queued', next_attempt_at: '2026-11-21T10:00:00.000Z' }, now)).toBe(true);
    expect(isDue({ state: 'queued', next_attempt_at: '2026-11-21T10:00:00.001Z' }, now)).toBe(false);
    expect(isDue({ state: 'running', next_attempt_at: '2026-11-21T09:00:00.000Z' }, now)).toBe(false);
  });

  it('requeues interrupted and failed items', () => {
    expect(recoverInterrupted(now)).toMatchObject({ state: 'queued', next_attempt_at: now.toISOString() });
    expect(requeueFailed(now)).toMatchObject({ state: 'queued', attempts: 0 });
  });
});
