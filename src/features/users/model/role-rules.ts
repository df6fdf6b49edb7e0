/**
 * What an admin may do to an account's admin role, as the server will judge it (the
 * guard_admin_role trigger has the last word): the last active admin keeps the role, and
 * no admin removes their own. The page explains a refusal before anything is written.
 */
import type { UserEntry } from './user-entries.ts';

export const OWN_ADMIN_ROLE = 'An admin cannot remove their own admin role.';
export const LAST_ADMIN = 'The last admin cannot be removed.';
export const OWN_ACCOUNT = 'You cannot deactivate your own account.';
export const LAST_ADMIN_DEACTIVATION = 'The last admin cannot be deactivated.';

/** Admins other than `userId` who hold the role on an active account. */
export function otherActiveAdmins(entries: readonly UserEntry[], userId: string): number {
  return entries.filter((entry) => entry.id !== userId && entry.status !== 'deactivated' && entry.roles.includes('admin')).length;
}

/** Why the admin role of `target` cannot be removed by `actorId`, or null when it can. */
export function adminRemovalRefusal(entries: readonly UserEntry[], target: UserEntry, actorId: string): string | null {
  if (target.id === actorId) return OWN_ADMIN_ROLE;
  if (target.status !== 'deactivated' && otherActiveAdmins(entries, target.id) === 0) return LAST_ADMIN;
  return null;
}

/** Why `target` cannot be deactivated by `actorId`, or null when it can. */
export function deactivationRefusal(entries: readonly UserEntry[], target: UserEntry, actorId: string): string | null {
  if (target.id === actorId) return OWN_ACCOUNT;
  if (target.roles.includes('admin') && otherActiveAdmins(entries, target.id) === 0) return LAST_ADMIN_DEACTIVATION;
  return null;
}
