// Who has access, from the caller's role rows and profile: the one definition the
// database's policies (private.has_active_role, migration 20261125100000), the functions'
// caller check and the app share. Access is granted, never inferred: a role counts only
// while it is not revoked (`_deleted`) and the profile is neither deactivated nor deleted;
// no active role means no access. Pure, so the app (src/lib/access) and the functions use
// the same code.

export interface RoleRow {
  role: string;
  _deleted: boolean;
}

export interface ProfileState {
  deactivated_at: string | null;
  _deleted: boolean;
}

export interface AccessFacts {
  roles: readonly RoleRow[];
  profile: ProfileState | null;
}

/**
 * admin, staff: the directory (admins also manage users); provider: their own provider
 * record; pending: a sign-up no admin has given a role yet; revoked: every role they had
 * was revoked; deactivated: the profile was deactivated or deleted.
 */
export type AccessLevel = 'admin' | 'staff' | 'provider' | 'pending' | 'revoked' | 'deactivated';

/** The caller's active roles, sorted: none without an active profile. */
export function activeRoles({ roles, profile }: AccessFacts): string[] {
  if (!profile || profile._deleted || profile.deactivated_at !== null) return [];
  return [...new Set(roles.filter((row) => !row._deleted).map((row) => row.role))].sort();
}

export function accessLevel(facts: AccessFacts): AccessLevel {
  if (facts.profile && (facts.profile._deleted || facts.profile.deactivated_at !== null)) return 'deactivated';
  const roles = activeRoles(facts);
  if (roles.includes('admin')) return 'admin';
  if (roles.includes('staff')) return 'staff';
  if (roles.includes('provider')) return 'provider';
  return facts.roles.length > 0 ? 'revoked' : 'pending';
}

/** Whether the level opens anything at all (the directory, or a provider's own record). */
export function hasAccess(level: AccessLevel): boolean {
  return level === 'admin' || level === 'staff' || level === 'provider';
}
