// Where an account stands (issue 25), derived from its profile and roles the same way on
// the users page and in the functions:
// - deactivated: an admin deactivated it (or refused the sign-up); it cannot sign in;
// - invited: an admin invited it and the person has not signed in yet;
// - pending: it signed up by itself and holds no role: it waits for an admin;
// - active: it holds a role.

export type AccountStatus = 'active' | 'invited' | 'pending' | 'deactivated';

export const ACCOUNT_STATUSES: readonly AccountStatus[] = ['pending', 'invited', 'active', 'deactivated'];

export interface AccountFacts {
  deactivated_at: string | null;
  invited_at: string | null;
  last_sign_in: string | null;
}

export function accountStatus(profile: AccountFacts, activeRoles: readonly string[]): AccountStatus {
  if (profile.deactivated_at) return 'deactivated';
  if (profile.invited_at && !profile.last_sign_in) return 'invited';
  if (activeRoles.length === 0) return 'pending';
  return 'active';
}

export const ACCOUNT_STATUS_LABELS: Record<AccountStatus, string> = {
  active: 'Active',
  invited: 'Invited',
  pending: 'Pending approval',
  deactivated: 'Deactivated',
};

/** Roles a user can hold, in the order the pages show them. */
export const ROLE_NAMES = ['admin', 'staff', 'provider'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

export const ROLE_LABELS: Record<RoleName, string> = { admin: 'Admin', staff: 'Staff', provider: 'Provider' };

export function isRoleName(value: unknown): value is RoleName {
  return typeof value === 'string' && (ROLE_NAMES as readonly string[]).includes(value);
}
