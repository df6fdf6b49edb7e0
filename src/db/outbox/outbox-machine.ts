/**
 * The life of an outbox item as pure functions: queued → running → done, or back to queued
 * with exponential backoff after a transient failure (1 s, 2 s, 4 s … capped at 30 s), or
 * failed with a visible reason after a permanent failure or too many attempts. An item
 * left `running` by a crash or a closed tab goes back to queued and is tried again with the
 * same idempotency key, so the server never runs it twice.
 */
import type { JsonValue } from '../tables/columns.ts';
import type { OutboxItem } from './outbox-schema.ts';

export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_CAP_MS = 30_000;
/** Transient failures tolerated before an item is given up (about 8 minutes of retries). */
export const MAX_ATTEMPTS = 20;

export type OutboxOutcome = { ok: true; result: JsonValue } | { ok: false; transient: boolean; message: string };

export type OutboxPatch = Partial<Pick<OutboxItem, 'state' | 'attempts' | 'next_attempt_at' | 'last_error' | 'result' | 'updated_at'>>;

/** Wait before the next try after `failures` consecutive transient failures (≥ 1). */
export function backoffDelayMs(failures: number): number {
  return Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1));
}

export function isDue(item: Pick<OutboxItem, 'state' | 'next_attempt_at'>, now: Date): boolean {
  return item.state === 'queued' && Date.parse(item.next_attempt_at) <= now.getTime();
}

export function startAttempt(item: Pick<OutboxItem, 'attempts'>, now: Date): OutboxPatch {
  return { state: 'running', attempts: item.attempts + 1, updated_at: now.toISOString() };
}

/** The item after an attempt (its `attempts` already counts this one). */
export function finishAttempt(
  item: Pick<OutboxItem, 'attempts'>,
  outcome: OutboxOutcome,
  now: Date,
  maxAttempts: number = MAX_ATTEMPTS,
): OutboxPatch {
  const updated_at = now.toISOString();
  if (outcome.ok) return { state: 'done', result: outcome.result, last_error: null, updated_at };
  if (!outcome.transient) return { state: 'failed', last_error: outcome.message, updated_at };
  if (item.attempts >= maxAttempts) {
    return { state: 'failed', last_error: `Gave up after ${item.attempts} attempts. Last error: ${outcome.message}`, updated_at };
  }
  return {
    state: 'queued',
    last_error: outcome.message,
    next_attempt_at: new Date(now.getTime() + backoffDelayMs(item.attempts)).toISOString(),
    updated_at,
  };
}

/** A `running` item found when a tab takes over: it was interrupted, try it again now. */
export function recoverInterrupted(now: Date): OutboxPatch {
  return { state: 'queued', next_attempt_at: now.toISOString(), updated_at: now.toISOString() };
}

/** The user asks to try a failed item again: a fresh round of attempts, same idempotency key. */
export function requeueFailed(now: Date): OutboxPatch {
  return { state: 'queued', attempts: 0, next_attempt_at: now.toISOString(), updated_at: now.toISOString() };
}
