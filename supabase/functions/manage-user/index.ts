// manage-user: what an admin does to an account beyond its profile and roles (issue 25):
// deactivate (Auth's ban: no sign-in, no refresh; profiles.deactivated_at: no data on the
// next request), reactivate, refuse a pending sign-up (a deactivation), resend an
// invitation, send a password-reset email. Admin only, checked here; every database write
// goes through the migrations' account_* helpers as the calling admin, so the audit names
// them and the last admin / own account guards hold. Each action is idempotent: a repeat
// (the outbox retries with the same key) changes nothing more.
import { errorResponse, json } from '../_shared/http.ts';
import { createHandler, type FunctionContext } from '../_shared/serve.ts';
import {
  activeRolesOf,
  findAccount,
  recordInvitation,
  sendInvitation,
  sendPasswordReset,
  setBan,
  setDeactivated,
  type AccountRow,
  type Step,
} from '../_shared/users/account-writes.ts';
import { accountStatus } from '../_shared/users/account-status.ts';
import { DEACTIVATION_BAN, MANAGE_REFUSALS, parseManageRequest, type ManageAction } from '../_shared/users/manage-request.ts';

const DONE: Record<ManageAction, string> = {
  deactivate: 'The account is deactivated.',
  reactivate: 'The account is active again.',
  refuse: 'The sign-up was refused: the account is deactivated.',
  'resend-invite': 'A new invitation email has been sent.',
  'reset-password': 'A password reset email has been sent.',
};

async function manageUser(ctx: FunctionContext): Promise<Response> {
  const parsed = parseManageRequest(ctx.body);
  if (!parsed.ok) return errorResponse(400, 'invalid_request', parsed.message);
  const { action, userId } = parsed.value;
  const found = await findAccount(ctx.service, 'id', userId);
  if (!found.ok) return failed(found);
  const account = found.value;
  if (!account) return refuse(404, 'user_not_found');

  const outcome = await perform(ctx, action, account);
  if (!outcome.ok) return failed(outcome);
  const after = await findAccount(ctx.service, 'id', userId);
  return json(200, {
    user_id: userId,
    action,
    deactivated_at: after.ok ? (after.value?.deactivated_at ?? null) : account.deactivated_at,
    invited_at: after.ok ? (after.value?.invited_at ?? null) : account.invited_at,
    message: DONE[action],
  });
}

async function perform({ caller, config, service }: FunctionContext, action: ManageAction, account: AccountRow): Promise<Step> {
  switch (action) {
    case 'refuse': {
      const roles = await activeRolesOf(service, account.id);
      if (!roles.ok) return roles;
      if (accountStatus(account, roles.value) !== 'pending') return refusal(409, 'not_pending');
      return deactivate(service, caller.id, account);
    }
    case 'deactivate':
      if (account.id === caller.id) return refusal(409, 'own_account');
      return deactivate(service, caller.id, account);
    case 'reactivate': {
      const unbanned = await setBan(service, account.id, 'none');
      if (!unbanned.ok) return unbanned;
      return setDeactivated(service, caller.id, account.id, false);
    }
    case 'resend-invite': {
      if (account.deactivated_at) return refusal(409, 'deactivated');
      if (!account.invited_at || account.last_sign_in || !account.email) return refusal(409, 'not_invited');
      const recorded = await recordInvitation(service, caller.id, account.id, []);
      if (!recorded.ok) return recorded;
      const sent = await sendInvitation(service, config, account.email, {});
      if (!sent.ok && sent.code === 'user_already_exists') return refusal(409, 'not_invited');
      return sent.ok ? { ok: true, value: null } : sent;
    }
    case 'reset-password':
      if (account.deactivated_at) return refusal(409, 'deactivated');
      if (!account.email) return refusal(404, 'user_not_found');
      return sendPasswordReset(service, config, account.email);
  }
}

/** The database first (its guards refuse the last admin and oneself), then Auth's ban. */
async function deactivate(service: FunctionContext['service'], actorId: string, account: AccountRow): Promise<Step> {
  const recorded = await setDeactivated(service, actorId, account.id, true);
  if (!recorded.ok) return recorded;
  return setBan(service, account.id, DEACTIVATION_BAN);
}

function refusal(status: number, code: keyof typeof MANAGE_REFUSALS): Step<never> {
  return { ok: false, status, code, message: MANAGE_REFUSALS[code] };
}

function refuse(status: number, code: keyof typeof MANAGE_REFUSALS): Response {
  return errorResponse(status, code, MANAGE_REFUSALS[code]);
}

function failed(step: Exclude<Step<unknown>, { ok: true }>): Response {
  if (step.status >= 500) console.error(`manage-user: ${step.code}`, step.cause);
  return errorResponse(step.status, step.code, step.message);
}

Deno.serve(
  createHandler({
    name: 'manage-user',
    access: 'admin',
    forbiddenMessage: 'Only administrators can manage user accounts.',
    handle: manageUser,
  }),
);
