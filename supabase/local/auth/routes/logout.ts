/** POST /logout?scope=global|local|others: ends the caller's sessions; 204. */
import { requireUser } from '../caller.ts';
import { validationFailed } from '../errors.ts';
import type { Handler } from '../request.ts';
import { endSessions, type LogoutScope } from '../sessions.ts';

const SCOPES: readonly LogoutScope[] = ['global', 'local', 'others'];

export const logout: Handler = async ({ ctx, req, url }) => {
  const caller = await requireUser(ctx, req);
  const scope = url.searchParams.get('scope') ?? 'global';
  if (!SCOPES.includes(scope as LogoutScope)) throw validationFailed(`Unsupported logout scope "${scope}"`);
  await ctx.db.asOwner((tx) => endSessions(tx, caller.user.id, scope as LogoutScope, caller.sessionId));
  return { status: 204 };
};
