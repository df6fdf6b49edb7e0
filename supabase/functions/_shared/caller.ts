// Who is calling: the bearer token is checked with Auth (getUser), then the caller's roles
// are read from user_roles with the service role. Permissions are decided here, on the
// server, never trusted from the request body.
import type { SupabaseClient } from './supabase.ts';
import { errorResponse } from './http.ts';

export type Access = 'signed-in' | 'staff' | 'admin';

export interface Caller {
  id: string;
  email: string | null;
  roles: string[];
  isAdmin: boolean;
  /** Every signed-in user is staff except provider-only logins (spec §6). */
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

  const { data: rows, error: rolesError } = await service
    .from('user_roles')
    .select('role')
    .eq('user_id', data.user.id)
    .eq('_deleted', false);
  if (rolesError) {
    console.error('user_roles lookup failed', rolesError);
    return { ok: false, response: errorResponse(503, 'roles_unavailable', 'Could not check your permissions. Please try again.') };
  }
  const roles = (rows ?? []).map((row: { role: string }) => row.role);
  const isAdmin = roles.includes('admin');
  return {
    ok: true,
    caller: {
      id: data.user.id,
      email: data.user.email ?? null,
      roles,
      isAdmin,
      isStaff: isAdmin || !roles.includes('provider'),
    },
  };
}

export function allows(caller: Caller, access: Access): boolean {
  if (access === 'admin') return caller.isAdmin;
  if (access === 'staff') return caller.isStaff;
  return true;
}
