/**
 * The users page's rows (issue 25), built from the profiles and roles on this device: one
 * entry per account with its name, email, active roles, linked provider, last sign-in and
 * status; searched by name and email; filtered by role and status; pending accounts first
 * (they wait for an admin), then by last name. Pure, so the rules are unit-tested.
 */
import { accountStatus, isRoleName, ROLE_NAMES, type AccountStatus, type RoleName } from '../../../lib/users/account-status.ts';

export interface ProfileLike {
  id: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  professional_title: string | null;
  provider_id: string | null;
  last_sign_in: string | null;
  invited_at: string | null;
  invited_by?: string | null;
  deactivated_at: string | null;
  deactivated_by?: string | null;
  local_dirty?: boolean;
}

export interface RoleLike {
  id: string;
  user_id: string;
  role: string;
  local_dirty?: boolean;
}

export interface UserEntry {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  /** "First Last", or the email when the account has no name yet. */
  name: string;
  professionalTitle: string;
  providerId: string | null;
  providerName: string | null;
  roles: RoleName[];
  status: AccountStatus;
  lastSignIn: string | null;
  invitedAt: string | null;
  invitedBy: string | null;
  deactivatedAt: string | null;
  deactivatedBy: string | null;
  /** Changes made on this device that the server has not acknowledged yet. */
  unsynced: boolean;
  /** Lower-case name and email, what the search matches. */
  haystack: string;
}

const text = (value: string | null | undefined) => (value ?? '').trim();

export function displayName(first: string | null | undefined, last: string | null | undefined, email: string | null | undefined): string {
  return `${text(first)} ${text(last)}`.trim() || text(email) || 'Unnamed account';
}

/**
 * What is written under an account's name: its title, else its email — unless the name
 * already is the email (a sign-up without a name), which is then not repeated.
 */
export function entrySubtitle(entry: Pick<UserEntry, 'name' | 'email' | 'professionalTitle'>): string | null {
  if (entry.professionalTitle) return entry.professionalTitle;
  return entry.email && entry.email !== entry.name ? entry.email : null;
}

/** The email under the name where the email column is hidden, unless the name is the email. */
export function emailUnderName(entry: Pick<UserEntry, 'name' | 'email'>): string | null {
  return entry.email && entry.email !== entry.name ? entry.email : null;
}

export function compareEntries(a: UserEntry, b: UserEntry): number {
  const pendingFirst = Number(b.status === 'pending') - Number(a.status === 'pending');
  if (pendingFirst !== 0) return pendingFirst;
  const byLast = (a.lastName || a.name).localeCompare(b.lastName || b.name, 'en', { sensitivity: 'base' });
  return byLast || a.firstName.localeCompare(b.firstName, 'en', { sensitivity: 'base' }) || a.email.localeCompare(b.email) || a.id.localeCompare(b.id);
}

export function buildUserEntries(
  profiles: readonly ProfileLike[],
  roles: readonly RoleLike[],
  providerNames: ReadonlyMap<string, string> = new Map(),
): UserEntry[] {
  const rolesByUser = new Map<string, RoleLike[]>();
  for (const role of roles) rolesByUser.set(role.user_id, [...(rolesByUser.get(role.user_id) ?? []), role]);
  return profiles
    .map((profile): UserEntry => {
      const own = rolesByUser.get(profile.id) ?? [];
      const active = ROLE_NAMES.filter((name) => own.some((role) => role.role === name));
      const name = displayName(profile.first_name, profile.last_name, profile.email);
      return {
        id: profile.id,
        email: text(profile.email),
        firstName: text(profile.first_name),
        lastName: text(profile.last_name),
        name,
        professionalTitle: text(profile.professional_title),
        providerId: profile.provider_id,
        providerName: profile.provider_id ? (providerNames.get(profile.provider_id) ?? null) : null,
        roles: active,
        status: accountStatus(profile, own.filter((role) => isRoleName(role.role)).map((role) => role.role)),
        lastSignIn: profile.last_sign_in,
        invitedAt: profile.invited_at,
        invitedBy: profile.invited_by ?? null,
        deactivatedAt: profile.deactivated_at,
        deactivatedBy: profile.deactivated_by ?? null,
        unsynced: !!profile.local_dirty || own.some((role) => role.local_dirty),
        haystack: `${name}\n${text(profile.email)}`.toLowerCase(),
      };
    })
    .sort(compareEntries);
}

export interface UserFilters {
  query: string;
  role: RoleName | 'none' | null;
  status: AccountStatus | null;
}

export function filterEntries(entries: readonly UserEntry[], filters: UserFilters): UserEntry[] {
  const needle = filters.query.trim().toLowerCase();
  return entries.filter(
    (entry) =>
      (!needle || entry.haystack.includes(needle)) &&
      (!filters.status || entry.status === filters.status) &&
      (!filters.role || (filters.role === 'none' ? entry.roles.length === 0 : entry.roles.includes(filters.role))),
  );
}
