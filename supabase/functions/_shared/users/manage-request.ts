// The body of a manage-user call (issue 25): which account, and what an admin does to it.
// Pure, shared by the function and the app's outbox payloads.

export const MANAGE_ACTIONS = ['deactivate', 'reactivate', 'refuse', 'resend-invite', 'reset-password'] as const;
export type ManageAction = (typeof MANAGE_ACTIONS)[number];

export interface ManageRequest {
  action: ManageAction;
  /** The account's id (auth user id = profile id), lower-cased. */
  userId: string;
}

export type ManageRequestCheck = { ok: true; value: ManageRequest } | { ok: false; message: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isManageAction(value: unknown): value is ManageAction {
  return typeof value === 'string' && (MANAGE_ACTIONS as readonly string[]).includes(value);
}

export function parseManageRequest(body: Record<string, unknown>): ManageRequestCheck {
  if (!isManageAction(body.action)) {
    return { ok: false, message: `The action must be one of: ${MANAGE_ACTIONS.join(', ')}.` };
  }
  const userId = typeof body.userId === 'string' ? body.userId.trim().toLowerCase() : '';
  if (!UUID.test(userId)) return { ok: false, message: 'A valid userId is required.' };
  return { ok: true, value: { action: body.action, userId } };
}

/** What the function answers when it refuses an action, by machine code. */
export const MANAGE_REFUSALS = {
  user_not_found: 'User not found.',
  own_account: 'You cannot deactivate your own account.',
  last_admin: 'The last admin cannot be deactivated.',
  not_pending: 'This account is not waiting for approval.',
  not_invited: 'This account has no invitation waiting: the person has already signed in.',
  deactivated: 'This account is deactivated. Reactivate it first.',
} as const;

export type ManageRefusal = keyof typeof MANAGE_REFUSALS;

/** How long a deactivation bans the account in Auth: GoTrue has no "forever"; a century. */
export const DEACTIVATION_BAN = '876000h';
