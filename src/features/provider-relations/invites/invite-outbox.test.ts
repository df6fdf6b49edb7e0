/** The invitation's outbox call and the announcements of how invitations ended. */
import { describe, expect, it, vi } from 'vitest';
import type { OutboxItem } from '../../../db/index.ts';
import { outboxHandlerFor } from '../../../db/outbox/outbox-handlers.ts';
import type { FunctionsInvoker } from '../../../lib/functions/index.ts';
import { INVITE_USER_KIND, inviteCallOutcome, isInvitePayload, registerInviteOutbox, type InvitePayload } from './invite-outbox.ts';
import { createInviteWatcher } from './invite-tracker.ts';

const payload: InvitePayload = {
  email: 'lena@clinic.test',
  firstName: 'Lena',
  lastName: 'Ortiz',
  providerId: 'prov-1',
  invitedBy: 'admin-1',
  providerName: 'Lena Ortiz',
};

const item = (overrides: Partial<OutboxItem>): OutboxItem => ({
  id: 'item-1',
  kind: INVITE_USER_KIND,
  payload: { ...payload },
  idempotency_key: 'key-1',
  state: 'queued',
  attempts: 0,
  next_attempt_at: '2026-01-01T00:00:00.000Z',
  last_error: null,
  result: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  user_id: 'admin-1',
  ...overrides,
});

describe('the invite-user call', () => {
  it('keeps what the function answered on success', () => {
    expect(
      inviteCallOutcome({
        ok: true,
        data: { user_id: 'u1', email: payload.email, provider_id: 'prov-1', role: 'provider', invited: true, message: 'sent' },
      }),
    ).toEqual({ ok: true, result: { user_id: 'u1', email: payload.email, provider_id: 'prov-1', invited: true } });
  });

  it('waits only when no answer came, and reports every answer from the server at once', () => {
    expect(inviteCallOutcome({ ok: false, kind: 'transient', status: null, code: null, message: 'Failed to fetch' })).toEqual({
      ok: false,
      transient: true,
      message: 'Failed to fetch',
    });
    expect(inviteCallOutcome({ ok: false, kind: 'transient', status: 409, code: 'request_in_progress', message: 'busy' })).toMatchObject({
      transient: true,
    });
    expect(
      inviteCallOutcome({ ok: false, kind: 'permanent', status: 409, code: 'user_already_exists', message: 'A user with this email already exists.' }),
    ).toEqual({ ok: false, transient: false, message: 'A user with this email already exists.' });
    expect(inviteCallOutcome({ ok: false, kind: 'transient', status: 502, code: 'invite_failed', message: 'Try later' })).toMatchObject({
      transient: false,
    });
  });

  it('sends the spec body with the idempotency key', async () => {
    const invoke = vi.fn(async () => ({
      data: { user_id: 'u1', email: payload.email, provider_id: 'prov-1', role: 'provider', invited: true, message: 'sent' },
      error: null,
    }));
    const invoker: FunctionsInvoker = { functions: { invoke } };
    registerInviteOutbox(async () => invoker);
    const handler = outboxHandlerFor(INVITE_USER_KIND);
    const outcome = await handler?.({ ...payload }, { idempotencyKey: 'key-1', attempt: 1, itemId: 'item-1', userId: 'admin-1' });
    expect(outcome).toMatchObject({ ok: true });
    expect(invoke).toHaveBeenCalledWith('invite-user', {
      body: { email: payload.email, role: 'provider', firstName: 'Lena', lastName: 'Ortiz', providerId: 'prov-1', invitedBy: 'admin-1' },
      headers: { 'x-idempotency-key': 'key-1' },
    });
    expect(await handler?.({ email: 'x' }, { idempotencyKey: 'k', attempt: 1, itemId: 'i', userId: 'u' })).toMatchObject({
      ok: false,
      transient: false,
    });
    expect(isInvitePayload({ ...payload, providerName: 1 })).toBe(false);
  });
});

describe('announcing how invitations ended', () => {
  it('announces endings it saw happen, once, and stays quiet about earlier ones', () => {
    const notify = vi.fn();
    const watch = createInviteWatcher(notify);
    watch([item({ id: 'old', state: 'done' }), item({ id: 'a', state: 'queued' })]);
    expect(notify).not.toHaveBeenCalled();

    watch([item({ id: 'old', state: 'done' }), item({ id: 'a', state: 'done' }), item({ id: 'b', state: 'running' })]);
    expect(notify).toHaveBeenLastCalledWith({
      title: 'User Account Created',
      description: 'A user account has been created and linked to Lena Ortiz. An invitation email has been sent.',
      type: 'success',
    });

    watch([item({ id: 'a', state: 'done' }), item({ id: 'b', state: 'failed', last_error: 'A user with this email already exists.' })]);
    expect(notify).toHaveBeenLastCalledWith({
      title: 'Error',
      description: 'A user with this email already exists. Please use a different email.',
      type: 'error',
    });
    watch([item({ id: 'a', state: 'done' }), item({ id: 'b', state: 'failed', last_error: 'A user with this email already exists.' })]);
    expect(notify).toHaveBeenCalledTimes(2);
  });
});
