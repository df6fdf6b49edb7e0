// The account changes invite-user and manage-user make with the service role, once the
// caller has been checked as an admin: each database write goes through an account_*
// helper of the migrations (which runs as the admin, so the audit and the guards see who
// acted), and Auth's side (invitations, bans, recovery emails) through its admin API.
import type { FunctionConfig } from '../env.ts';
import type { SupabaseClient } from '../supabase.ts';

export interface AccountRow {
  id: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  provider_id: string | null;
  last_sign_in: string | null;
  invited_at: string | null;
  deactivated_at: string | null;
}

export type Step<T = null> = { ok: true; value: T } | { ok: false; status: number; code: string; message: string; cause?: unknown };

const ACCOUNT_COLUMNS = 'id, email, first_name, last_name, provider_id, last_sign_in, invited_at, deactivated_at';

export function unavailable(step: string, cause: unknown): Step<never> {
  return { ok: false, status: 503, code: 'database_unavailable', message: 'The account could not be changed right now. Please try again.', cause: { step, cause } };
}

export async function findAccount(service: SupabaseClient, column: 'id' | 'email', value: string): Promise<Step<AccountRow | null>> {
  const { data, error } = await service.from('profiles').select(ACCOUNT_COLUMNS).eq(column, value).eq('_deleted', false).maybeSingle<AccountRow>();
  if (error) return unavailable('profiles lookup', error);
  return { ok: true, value: data };
}

export async function activeRolesOf(service: SupabaseClient, userId: string): Promise<Step<string[]>> {
  const { data, error } = await service.from('user_roles').select('role').eq('user_id', userId).eq('_deleted', false);
  if (error) return unavailable('roles lookup', error);
  return { ok: true, value: (data ?? []).map((row: { role: string }) => row.role) };
}

/** Grants `roles` (before any email goes out) and records the invitation, as the admin. */
export async function recordInvitation(service: SupabaseClient, actorId: string, userId: string, roles: readonly string[]): Promise<Step> {
  const { error } = await service.rpc('account_record_invitation', { p_actor: actorId, p_user: userId, p_roles: roles });
  if (error) return unavailable('recording the invitation', error);
  return { ok: true, value: null };
}

export type DeactivationRefusal = 'last_admin' | 'own_account';

/** Sets or clears the deactivation, as the admin; the database refuses the last admin and oneself. */
export async function setDeactivated(service: SupabaseClient, actorId: string, userId: string, deactivated: boolean): Promise<Step> {
  const { error } = await service.rpc('account_set_deactivated', { p_actor: actorId, p_user: userId, p_deactivated: deactivated });
  if (!error) return { ok: true, value: null };
  if (error.code === 'P0001' && /last admin/i.test(error.message)) {
    return { ok: false, status: 409, code: 'last_admin', message: error.message };
  }
  if (error.code === '42501' && /own account/i.test(error.message)) {
    return { ok: false, status: 409, code: 'own_account', message: error.message };
  }
  if (error.code === 'P0002') return { ok: false, status: 404, code: 'user_not_found', message: 'User not found.' };
  return unavailable('deactivation', error);
}

/** Bans the account in Auth (no sign-in, no refresh), or lifts the ban. */
export async function setBan(service: SupabaseClient, userId: string, duration: string): Promise<Step> {
  const { error } = await service.auth.admin.updateUserById(userId, { ban_duration: duration });
  if (error) return { ok: false, status: 503, code: 'auth_unavailable', message: 'The account could not be changed in Auth right now. Please try again.', cause: error };
  return { ok: true, value: null };
}

/** Emails an invitation link (Auth creates the account when there is none yet). */
export async function sendInvitation(
  service: SupabaseClient,
  config: FunctionConfig,
  email: string,
  metadata: Record<string, unknown>,
): Promise<Step<{ userId: string }>> {
  const { data, error } = await service.auth.admin.inviteUserByEmail(email, {
    data: metadata,
    ...(config.inviteRedirectUrl ? { redirectTo: config.inviteRedirectUrl } : {}),
  });
  if (!error && data.user) return { ok: true, value: { userId: data.user.id } };
  if (error?.code === 'email_exists' || error?.code === 'user_already_exists' || error?.status === 422) {
    return { ok: false, status: 409, code: 'user_already_exists', message: 'A user with this email already exists.' };
  }
  if (!error || (error.status ?? 500) >= 500) {
    return { ok: false, status: 502, code: 'invite_failed', message: 'The invitation could not be sent. Please try again later.', cause: error };
  }
  return { ok: false, status: 400, code: 'invite_failed', message: error.message || 'Failed to create user account', cause: error };
}

/** Emails a password-recovery link that lands on the set-password page. */
export async function sendPasswordReset(service: SupabaseClient, config: FunctionConfig, email: string): Promise<Step> {
  const { error } = await service.auth.resetPasswordForEmail(email, config.inviteRedirectUrl ? { redirectTo: config.inviteRedirectUrl } : {});
  if (!error) return { ok: true, value: null };
  if (error.status === 429) return { ok: false, status: 429, code: 'over_email_send_rate_limit', message: error.message };
  return { ok: false, status: 502, code: 'reset_failed', message: 'The password reset email could not be sent. Please try again later.', cause: error };
}
