/**
 * The list page's PECOS check as an outbox call (ARCHITECTURE.md decision 6): every check
 * is queued, and the outbox runs it at once when the device is online (or later, when it
 * comes back). verify-pecos is called with skip_db_update false, so the function records
 * the result on the provider row and replication brings it to every device.
 *
 * Which failures wait for a retry and which are reported: only a call that got no answer at
 * all (offline, connection dropped, a call still running on the server) goes back in the
 * queue with backoff. An answer from the server (a registry timeout, a CMS error, an
 * unreadable registry response, a refused request) is reported to the user at once with
 * the spec §8 texts: staff are told "Please try again later" and decide when.
 */
import { registerOutboxHandler, type JsonValue, type OutboxOutcome } from '../../../db/index.ts';
import { matchText, verifyPecos, type FunctionCallResult, type FunctionsInvoker, type PecosVerification } from '../../../lib/functions/index.ts';

export const VERIFY_PECOS_KIND = 'verify-pecos';

export interface PecosCheckPayload {
  npi: string;
  provider_id: string;
}

/** What a finished check keeps in the outbox item (read back for the toast). */
export interface PecosCheckResult {
  verified: boolean;
  can_order_part_b: boolean;
  checked_at: string;
}

export function isPecosCheckPayload(value: unknown): value is PecosCheckPayload {
  const record = value as Record<string, unknown> | null;
  return typeof record === 'object' && record !== null && typeof record.npi === 'string' && typeof record.provider_id === 'string';
}

export function isPecosCheckResult(value: unknown): value is PecosCheckResult {
  const record = value as Record<string, unknown> | null;
  return typeof record === 'object' && record !== null && typeof record.verified === 'boolean';
}

/** Codes with which the server says "the same call is still running": wait and ask again. */
const STILL_RUNNING = new Set(['request_in_progress']);

/** The outbox outcome of one verify-pecos call. */
export function pecosCallOutcome(answer: FunctionCallResult<PecosVerification>): OutboxOutcome {
  if (answer.ok) {
    const result: PecosCheckResult = {
      verified: answer.data.verified,
      can_order_part_b: answer.data.can_order_part_b,
      checked_at: answer.data.checked_at,
    };
    return { ok: true, result: result as unknown as JsonValue };
  }
  const noAnswer = answer.status === null || (answer.code !== null && STILL_RUNNING.has(answer.code));
  // The HTTP status travels with the message: spec §8's '500' rule reads it.
  return { ok: false, transient: noAnswer, message: matchText({ message: answer.message, status: answer.status }) };
}

async function defaultInvoker(): Promise<FunctionsInvoker> {
  // Loaded on first use: the list paints without supabase-js (ARCHITECTURE.md budgets).
  const { supabase } = await import('../../../lib/supabase.ts');
  return supabase;
}

let registered = false;

/** Registers the verify-pecos outbox handler once (idempotent). */
export function registerPecosOutbox(invoker: () => Promise<FunctionsInvoker> = defaultInvoker): void {
  if (registered) return;
  registered = true;
  registerOutboxHandler<JsonValue>(VERIFY_PECOS_KIND, async (payload, context) => {
    if (!isPecosCheckPayload(payload)) return { ok: false, transient: false, message: 'The queued PECOS check has no NPI.' };
    const answer = await verifyPecos(await invoker(), { npi: payload.npi, skipDbUpdate: false }, { idempotencyKey: context.idempotencyKey });
    return pecosCallOutcome(answer);
  });
}
