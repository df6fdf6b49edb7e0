// Who is calling: the bearer token is checked with Auth (getUser), then the caller's roles
// and profile are read with the service role. Permissions are decided here, on the server,
// never trusted from the request body, on the same definition as the database's policies
// (private.has_active_role, migration 20261125100000): a role counts only while it is not
// revoked and the profile is neither deactivated nor deleted; no role means no access.
import type { SupabaseClient } from './supabase.ts';
import { activeRoles, type AccessFacts } from './access/access.ts';
import { errorResponse } from './http.ts';

export type Access = 'signed-in' | 'staff' | 'admin';

export interface Caller {
  id: string;
  email: string | null;
  /** Active roles on an active profile (none when the profile is deactivated or deleted). */
  roles: string[];
  isAdmin: boolean;
  /** Staff access: an active staff or admin role. */
  isStaff: boolean;
}

export type CallerCheck = { ok: true; caller: Caller } | { ok: false; response: Response };

export function bearerToken(req: Request): string | null {
  const header = req.headers.get('authorization') ?? '';
  const match = /^bearer\s+(.+)$/i.exec(header.trim());
  return match?.[1]?.trim() || null;
}

export async function identifyCaller(req: Request, service: SupabaseClient): Promise<CallerCheck> {
  const token = bearerToken(req);
  const unauthenticated = {
    ok: false as const,
    response: errorResponse(401, 'not_authenticated', 'Authentication required: sign in and try again.'),
  };
  if (!token) return unauthenticated;
  const { data, error } = await service.auth.getUser(token);
  if (error || !data.user) {
    // Auth itself failing (5xx, network) is not the caller's fault: say so, and let them retry.
    const status = error && 'status' in error && typeof error.status === 'number' ? error.status : 401;
    if (status >= 500 || error?.name === 'AuthRetryableFetchError') {
      return { ok: false, response: errorResponse(503, 'auth_unavailable', 'Could not check your session. Please try again.') };
    }
    // The anon key and the service key are valid JWTs but no user: both are refused here.
    return unauthenticated;
  }
  if (data.user.is_anonymous) return unauthenticated;

  const [rolesRead, profileRead] = await Promise.all([
    service.from('user_roles').select('role, _deleted').eq('user_id', data.user.id),
    service.from('profiles').select('deactivated_at, _deleted').eq('id', data.user.id).maybeSingle(),
  ]);
  if (rolesRead.error || profileRead.error) {
    console.error('caller access lookup failed', rolesRead.error ?? profileRead.error);
    return { ok: false, response: errorResponse(503, 'roles_unavailable', 'Could not check your permissions. Please try again.') };
  }
  const roles = activeRoles({
    roles: (rolesRead.data ?? []) as AccessFacts['roles'],
    profile: profileRead.data as AccessFacts['profile'],
  });
  const isAdmin = roles.includes('admin');
  return {
    ok: true,
    caller: { id: data.user.id, email: data.user.email ?? null, roles, isAdmin, isStaff: isAdmin || roles.includes('staff') },
  };
}

export function allows(caller: Caller, access: Access): boolean {
  if (access === 'admin') return caller.isAdmin;
  if (access === 'staff') return caller.isStaff;
  return true;
}
