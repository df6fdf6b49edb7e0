/**
 * Health check of the Edge Functions host: answers `{ok, time, role, url}` — the caller's
 * role and the SUPABASE_URL of the project that answered. The gateway
 * (`verify_jwt = true`) has already verified the caller's JWT, so the role is read from
 * its payload without checking the signature again.
 */
import { jsonResponse, preflight } from '../_shared/cors.ts';

function callerRole(req: Request): string | null {
  const token = req.headers.get('Authorization')?.replace(/^Bearer\s+/i, '') ?? '';
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims: unknown = JSON.parse(json);
    return typeof claims === 'object' && claims !== null && 'role' in claims && typeof claims.role === 'string'
      ? claims.role
      : null;
  } catch {
    return null;
  }
}

Deno.serve((req) => {
  const url = Deno.env.get('SUPABASE_URL') ?? null;
  return preflight(req) ?? jsonResponse({ ok: true, time: new Date().toISOString(), role: callerRole(req), url });
});
