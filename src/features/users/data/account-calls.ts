/**
 * An admin's account calls as outbox items (ARCHITECTURE.md decision 6): inviting a
 * colleague (invite-user's staff mode) and what manage-user does (deactivate, reactivate,
 * refuse a sign-up, resend an invitation, send a password reset). Each is queued in the
 * local outbox, sent at once when online or in order once the device is back, always with
 * its idempotency key (the functions do nothing twice). A call that got no answer, or an
 * answer that says "try again" (5xx, 429, still running), waits with backoff; any other
 * answer from the server is final and shown with its reason, never dropped in silence.
 */
import { enqueue, registerOutboxHandler, type JsonValue, type OutboxItem, type OutboxOutcome } from '../../../db/index.ts';
import { inviteStaff, manageUser, type FunctionCallResult, type FunctionsInvoker } from '../../../lib/functions/index.ts';
import { isManageAction, type ManageAction } from '../../../lib/users/manage-request.ts';
import { isStaffRole, type StaffRole } from '../../../lib/users/staff-invite.ts';

export const MANAGE_USER_KIND = 'manage-user';
export const INVITE_STAFF_KIND = 'invite-staff';
export const ACCOUNT_CALL_KINDS: readonly string[] = [MANAGE_USER_KIND, INVITE_STAFF_KIND];

export interface ManagePayload {
  action: ManageAction;
  userId: string;
  /** How the announcements name the person. */
  userName: string;
  email: string;
}

export interface InviteStaffPayload {
  email: string;
  firstName: string;
  lastName: string;
  professionalTitle: string | null;
  role: StaffRole;
  invitedBy: string;
}

const isText = (value: unknown): value is string => typeof value === 'string';
const record = (value: unknown): Record<string, unknown> | null => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null);

export function isManagePayload(value: unknown): value is ManagePayload {
  const item = record(value);
  return !!item && isManageAction(item.action) && isText(item.userId) && isText(item.userName) && isText(item.email);
}

export function isInviteStaffPayload(value: unknown): value is InviteStaffPayload {
  const item = record(value);
  return (
    !!item &&
    ['email', 'firstName', 'lastName', 'invitedBy'].every((key) => isText(item[key])) &&
    (item.professionalTitle === null || isText(item.professionalTitle)) &&
    isStaffRole(item.role)
  );
}

/** The outbox's verdict on an answer: only "no answer" and "try again" wait. */
export function callOutcome(answer: FunctionCallResult<unknown>): OutboxOutcome {
  if (answer.ok) return { ok: true, result: answer.data as JsonValue };
  return { ok: false, transient: answer.kind === 'transient', message: answer.message };
}

async function defaultInvoker(): Promise<FunctionsInvoker> {
  // Loaded on first use: pages paint without supabase-js (ARCHITECTURE.md budgets).
  const { supabase } = await import('../../../lib/supabase.ts');
  return supabase;
}

let registered = false;

/** Registers the handlers of both kinds once (idempotent). */
export function registerAccountCalls(invoker: () => Promise<FunctionsInvoker> = defaultInvoker): void {
  if (registered) return;
  registered = true;
  registerOutboxHandler<JsonValue>(MANAGE_USER_KIND, async (payload, context) => {
    if (!isManagePayload(payload)) return { ok: false, transient: false, message: 'The queued account change names no account.' };
    const answer = await manageUser(await invoker(), { action: payload.action, userId: payload.userId }, { idempotencyKey: context.idempotencyKey });
    return callOutcome(answer);
  });
  registerOutboxHandler<JsonValue>(INVITE_STAFF_KIND, async (payload, context) => {
    if (!isInviteStaffPayload(payload)) return { ok: false, transient: false, message: 'The queued invitation has no email or role.' };
    const answer = await inviteStaff(await invoker(), payload, { idempotencyKey: context.idempotencyKey });
    return callOutcome(answer);
  });
}

export function queueManageCall(payload: ManagePayload): Promise<OutboxItem> {
  registerAccountCalls();
  return enqueue(MANAGE_USER_KIND, { ...payload });
}

export function queueStaffInvite(payload: InviteStaffPayload): Promise<OutboxItem> {
  registerAccountCalls();
  return enqueue(INVITE_STAFF_KIND, { ...payload });
}
