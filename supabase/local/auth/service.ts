/**
 * The local stack's Auth service: the subset of GoTrue's HTTP API that supabase-js 2.119
 * (auth-js) and this product use, mounted at /auth/v1. Users, identities, sessions,
 * refresh tokens and one-time tokens live in the `auth` schema, as on Supabase, so
 * database triggers on auth.users (profiles) behave the same. Every answer carries
 * `X-Supabase-Api-Version`, and errors are GoTrue's `{code, message}` bodies.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpService, StackContext } from '../context.ts';
import { BodyTooLargeError, send, sendJson } from '../http/respond.ts';
import { API_VERSION_HEADERS, AuthError, notFound, unexpectedFailure } from './errors.ts';
import { createAuthRateLimiter } from './rate-limits.ts';
import type { Handler, Reply } from './request.ts';
import { createUser, deleteUser, getUserById, listUsers, updateUserById } from './routes/admin-users.ts';
import { invite } from './routes/invite.ts';
import { logout } from './routes/logout.ts';
import { recover } from './routes/recover.ts';
import { health, settings } from './routes/meta.ts';
import { signup } from './routes/signup.ts';
import { token } from './routes/token.ts';
import { getUser, updateUser } from './routes/user.ts';
import { verifyLink, verifyOtp } from './routes/verify.ts';

export const AUTH_PREFIX = '/auth/v1';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Paths relative to /auth/v1; `:id` segments become path parameters. */
const ROUTES: Array<[Method, string, Handler]> = [
  ['GET', '/health', health],
  ['GET', '/settings', settings],
  ['POST', '/signup', signup],
  ['POST', '/token', token],
  ['GET', '/user', getUser],
  ['PUT', '/user', updateUser],
  ['POST', '/logout', logout],
  ['POST', '/invite', invite],
  ['POST', '/recover', recover],
  ['GET', '/verify', verifyLink],
  ['POST', '/verify', verifyOtp],
  ['GET', '/admin/users', listUsers],
  ['POST', '/admin/users', createUser],
  ['GET', '/admin/users/:id', getUserById],
  ['PUT', '/admin/users/:id', updateUserById],
  ['DELETE', '/admin/users/:id', deleteUser],
];

function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const segment = want[i] ?? '';
    const actual = got[i] ?? '';
    if (segment.startsWith(':')) params[segment.slice(1)] = safeDecode(actual);
    else if (segment !== actual) return null;
  }
  return params;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function reply(res: ServerResponse, { status, json, headers }: Reply): void {
  const allHeaders = { ...API_VERSION_HEADERS, ...headers };
  if (json === undefined) send(res, status, null, allHeaders);
  else sendJson(res, status, json, allHeaders);
}

function errorReply(error: unknown, req: IncomingMessage, url: URL): Reply {
  if (error instanceof AuthError) return { status: error.status, json: error.body() };
  if (error instanceof BodyTooLargeError) {
    return { status: 413, json: new AuthError(413, 'request_too_large', 'Request body too large').body() };
  }
  console.error(`[auth] ${req.method} ${url.pathname} failed`, error);
  return { status: 500, json: unexpectedFailure().body() };
}

export function createAuthService(ctx: StackContext): HttpService {
  const limits = createAuthRateLimiter(ctx.config.authRateLimits);
  return {
    async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
      const path = url.pathname.slice(AUTH_PREFIX.length).replace(/\/+$/, '') || '/';
      try {
        limits.check(req, path, url);
      } catch (error) {
        reply(res, errorReply(error, req, url));
        return;
      }
      let allowedOnPath = false;
      for (const [method, pattern, handler] of ROUTES) {
        const params = matchPath(pattern, path);
        if (!params) continue;
        allowedOnPath = true;
        if (method !== req.method) continue;
        try {
          reply(res, await handler({ ctx, req, url, params }));
        } catch (error) {
          reply(res, errorReply(error, req, url));
        }
        return;
      }
      if (allowedOnPath) {
        reply(res, { status: 405, json: new AuthError(405, 'method_not_allowed', 'Method Not Allowed').body() });
        return;
      }
      reply(res, { status: 404, json: notFound().body() });
    },
  };
}
