/**
 * Link User Account's invitation as an outbox call (ARCHITECTURE.md decision 6): the admin's
 * request is queued in the local outbox, which calls the invite-user function at once when
 * the device is online, or later when it is back, always with the same idempotency key (the
 * function finishes or confirms the same link on a repeat, never a second account).
 *
 * Which failures wait and which are reported: only a call that got no answer at all
 * (offline, a dropped connection, the same call still running on the server) goes back in
 * the queue with backoff. Any answer from the server — 'already exists', a refusal (403 for
 * a non-admin), an error — is reported at once with the spec §8 wording, and the admin
 * decides what to do (e.g. use another email).
 */
import { registerOutboxHandler, type JsonValue, type OutboxOutcome } from '../../../db/index.ts';
import { inviteUser, type FunctionCallResult, type FunctionsInvoker, type InviteUserResult } from '../../../lib/functions/index.ts';

export const INVITE_USER_KIND = 'invite-user';

export interface InvitePayload {
  email: string;
  firstName: string;
  lastName: string;
  providerId: string;
  invitedBy: string;
  /** How the success toast names the provider (spec §8 '… linked to {provider} …'). */
  providerName: string;
}

export interface InviteResult {
  user_id: string;
  email: string;
  provider_id: string;
  invited: boolean;
}

const isText = (value: unknown): value is string => typeof value === 'string';

export function isInvitePayload(value: unknown): value is InvitePayload {
  const record = value as Record<string, unknown> | null;
  return (
    typeof record === 'object' &&
    record !== null &&
    ['email', 'firstName', 'lastName', 'providerId', 'invitedBy', 'providerName'].every((key) => isText(record[key]))
  );
}

/** Codes with which the server says "the same call is still running": wait and ask again. */
const STILL_RUNNING = new Set(['request_in_progress']);

export function inviteCallOutcome(answer: FunctionCallResult<InviteUserResult>): OutboxOutcome {
  if (answer.ok) {
    const result: InviteResult = {
      user_id: answer.data.user_id,
      email: answer.data.email,
      provider_id: answer.data.provider_id,
      invited: answer.data.invited,
    };
    return { ok: true, result: { ...result } };
  }
  const noAnswer = answer.status === null || (answer.code !== null && STILL_RUNNING.has(answer.code));
  return { ok: false, transient: noAnswer, message: answer.message };
}

async function defaultInvoker(): Promise<FunctionsInvoker> {
  // Loaded on first use: pages paint without supabase-js (ARCHITECTURE.md budgets).
  const { supabase } = await import('../../../lib/supabase.ts');
  return supabase;
}

let registered = false;

/** Registers the invite-user outbox handler once (idempotent). */
export function registerInviteOutbox(invoker: () => Promise<FunctionsInvoker> = defaultInvoker): void {
  if (registered) return;
  registered = true;
  registerOutboxHandler<JsonValue>(INVITE_USER_KIND, async (payload, context) => {
    if (!isInvitePayload(payload)) return { ok: false, transient: false, message: 'The queued invitation has no email or provider.' };
    const { email, firstName, lastName, providerId, invitedBy } = payload;
    const answer = await inviteUser(
      await invoker(),
      { email, firstName, lastName, providerId, invitedBy },
      { idempotencyKey: context.idempotencyKey },
    );
    return inviteCallOutcome(answer);
  });
}
