/** The shared definition of access (supabase/functions/_shared/access), for the app. */
export {
  accessLevel,
  activeRoles,
  hasAccess,
  type AccessFacts,
  type AccessLevel,
  type ProfileState,
  type RoleRow,
} from '../../../supabase/functions/_shared/access/access.ts';

/** A level the server confirmed, and one that opens nothing (not 'unknown': not asked yet). */
export function lacksAccess(level: string): level is 'pending' | 'revoked' | 'deactivated' {
  return level === 'pending' || level === 'revoked' || level === 'deactivated';
}
