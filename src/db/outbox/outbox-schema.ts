/**
 * The outbox: a local-only collection of online-only calls (PECOS verification, account
 * invites, …) waiting to be made (ARCHITECTURE.md decision 6). It lives in the signed-in
 * user's database, so it survives reloads and is wiped with the rest on sign-out.
 */
import type { RxJsonSchema } from 'rxdb';
import type { JsonValue } from '../tables/columns.ts';

export type OutboxState = 'queued' | 'running' | 'done' | 'failed';

/** What a queued call does; the app registers one handler per kind. */
export type OutboxKind = 'verify-pecos' | 'invite-user' | (string & {});

export interface OutboxItem {
  id: string;
  kind: OutboxKind;
  payload: JsonValue;
  /** Sent with every attempt (header x-idempotency-key) so a retry never repeats side effects. */
  idempotency_key: string;
  state: OutboxState;
  attempts: number;
  /** ISO time before which a queued item is not tried again (backoff). */
  next_attempt_at: string;
  last_error: string | null;
  result: JsonValue;
  created_at: string;
  updated_at: string;
  user_id: string;
}

export const outboxSchema: RxJsonSchema<OutboxItem> = {
  title: 'outbox',
  description: 'Online-only calls queued in this browser (local-only, never replicated).',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 36 },
    kind: { type: 'string', maxLength: 64 },
    payload: { description: 'JSON arguments of the call' },
    idempotency_key: { type: 'string', maxLength: 64 },
    state: { type: 'string', enum: ['queued', 'running', 'done', 'failed'], maxLength: 8 },
    attempts: { type: 'integer', minimum: 0 },
    next_attempt_at: { type: 'string', maxLength: 40 },
    last_error: { type: ['string', 'null'] },
    result: { description: 'JSON answer of the call, once done' },
    created_at: { type: 'string', maxLength: 40 },
    updated_at: { type: 'string', maxLength: 40 },
    user_id: { type: 'string', maxLength: 64 },
  },
  required: [
    'id',
    'kind',
    'payload',
    'idempotency_key',
    'state',
    'attempts',
    'next_attempt_at',
    'last_error',
    'result',
    'created_at',
    'updated_at',
    'user_id',
  ],
  indexes: [['state', 'created_at']],
  additionalProperties: false,
};
