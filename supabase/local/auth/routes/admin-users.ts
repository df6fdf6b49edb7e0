/**
 * /admin/users (service_role only): what auth-js's GoTrueAdminApi calls for createUser,
 * listUsers, getUserById, updateUserById and deleteUser.
 */
import { createHash } from 'node:crypto';
import * as v from 'valibot';
import type { Transaction } from '../../db/database.ts';
import { parseBanDuration } from '../ban-duration.ts';
import { requireAdmin } from '../caller.ts';
import { checkPasswordStrength, hashPassword, validateEmail } from '../credentials.ts';
import { AuthError, validationFailed } from '../errors.ts';
import { metadataSchema, ok, parseBody, type Handler, type RouteRequest } from '../request.ts';
import { endSessions } from '../sessions.ts';
import {
  confirmEmail,
  findUserByEmail,
  findUserById,
  insertEmailUser,
  isUuid,
  mergeMetadata,
  userJson,
  usersJson,
  type UserRow,
} from '../users.ts';
import { databaseError } from './database-error.ts';
import { changeEmail, DUPLICATE_EMAIL } from './email-change.ts';

const UserAttributes = v.object({
  email: v.nullish(v.string()),
  password: v.nullish(v.string()),
  email_confirm: v.nullish(v.boolean()),
  user_metadata: metadataSchema,
  app_metadata: metadataSchema,
  role: v.nullish(v.string()),
  ban_duration: v.nullish(v.string()),
});

const DeleteBody = v.object({ should_soft_delete: v.nullish(v.boolean()) });

const userNotFound = (): AuthError => new AuthError(404, 'user_not_found', 'User not found');

async function passwordHashOf(password: string | null | undefined): Promise<string | null> {
  if (password == null) return null;
  checkPasswordStrength(password);
  return hashPassword(password);
}

async function setBan(tx: Transaction, userId: string, duration: string): Promise<void> {
  const ms = parseBanDuration(duration);
  await tx.query(
    'update auth.users set banned_until = case when $2::float8 is null then null else now() + make_interval(secs => $2::float8 / 1000) end where id = $1',
    [userId, ms],
  );
}

function userIdParam(request: RouteRequest): string {
  const id = request.params['id'] ?? '';
  if (!isUuid(id)) throw validationFailed('user_id must be an UUID');
  return id;
}

export const createUser: Handler = async ({ ctx, req }) => {
  await requireAdmin(req);
  const body = await parseBody(req, UserAttributes);
  const email = validateEmail(body.email);
  const passwordHash = await passwordHashOf(body.password);
  const json = await ctx.db.asOwner(async (tx) => {
    if (await findUserByEmail(tx, email)) throw new AuthError(422, 'email_exists', DUPLICATE_EMAIL);
    const user = await databaseError('Database error creating new user', () =>
      insertEmailUser(tx, {
        email,
        passwordHash,
        userMetadata: body.user_metadata ?? {},
        appMetadata: body.app_metadata ?? {},
        emailConfirmed: body.email_confirm === true,
        role: body.role ?? undefined,
      }),
    );
    if (body.ban_duration) await setBan(tx, user.id, body.ban_duration);
    return userJson(tx, (await findUserById(tx, user.id)) ?? user);
  });
  return ok(json);
};

export const listUsers: Handler = async ({ ctx, req, url }) => {
  await requireAdmin(req);
  const page = Math.max(1, Number.parseInt(url.searchParams.get('page') || '1', 10) || 1);
  const perPage = Math.min(1000, Math.max(1, Number.parseInt(url.searchParams.get('per_page') || '50', 10) || 50));
  const { users, total } = await ctx.db.asOwner(async (tx) => {
    const count = await tx.query<{ total: number }>('select count(*)::int as total from auth.users');
    const { rows } = await tx.query<UserRow>(
      'select * from auth.users order by created_at desc, id limit $1 offset $2',
      [perPage, (page - 1) * perPage],
    );
    return { users: await usersJson(tx, rows), total: count.rows[0]?.total ?? 0 };
  });
  // GoTrue's pagination headers; auth-js reads the page number right after the first "=".
  const lastPage = Math.ceil(total / perPage);
  const links: string[] = [];
  if (page < lastPage) links.push(`</auth/v1/admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`);
  links.push(`</auth/v1/admin/users?page=${lastPage}&per_page=${perPage}>; rel="last"`);
  return ok({ users, aud: 'authenticated' }, { 'X-Total-Count': String(total), Link: links.join(', ') });
};

export const getUserById: Handler = async (request) => {
  await requireAdmin(request.req);
  const id = userIdParam(request);
  const json = await request.ctx.db.asOwner(async (tx) => {
    const user = await findUserById(tx, id);
    if (!user) throw userNotFound();
    return userJson(tx, user);
  });
  return ok(json);
};

export const updateUserById: Handler = async (request) => {
  const { ctx, req } = request;
  await requireAdmin(req);
  const id = userIdParam(request);
  const body = await parseBody(req, UserAttributes);
  const email = body.email ? validateEmail(body.email) : null;
  const passwordHash = await passwordHashOf(body.password);
  const json = await ctx.db.asOwner(async (tx) => {
    const user = await findUserById(tx, id);
    if (!user) throw userNotFound();
    if (email && email !== user.email?.toLowerCase()) await changeEmail(tx, id, email);
    if (passwordHash) {
      await tx.query('update auth.users set encrypted_password = $2 where id = $1', [id, passwordHash]);
      await endSessions(tx, id, 'global', null);
    }
    if (body.email_confirm === true) await confirmEmail(tx, id);
    if (body.user_metadata) {
      await tx.query('update auth.users set raw_user_meta_data = $2 where id = $1', [
        id,
        mergeMetadata(user.raw_user_meta_data, body.user_metadata),
      ]);
    }
    if (body.app_metadata) {
      await tx.query('update auth.users set raw_app_meta_data = $2 where id = $1', [
        id,
        mergeMetadata(user.raw_app_meta_data, body.app_metadata),
      ]);
    }
    if (body.role) await tx.query('update auth.users set role = $2 where id = $1', [id, body.role]);
    if (body.ban_duration) await setBan(tx, id, body.ban_duration);
    await tx.query('update auth.users set updated_at = now() where id = $1', [id]);
    return userJson(tx, (await findUserById(tx, id)) ?? user);
  });
  return ok(json);
};

export const deleteUser: Handler = async (request) => {
  const { ctx, req } = request;
  await requireAdmin(req);
  const id = userIdParam(request);
  const body = await parseBody(req, DeleteBody);
  await ctx.db.asOwner(async (tx) => {
    const user = await findUserById(tx, id);
    if (!user) throw userNotFound();
    if (body.should_soft_delete) await softDelete(tx, user);
    else await databaseError('Database error deleting user', () => tx.query('delete from auth.users where id = $1', [id]));
  });
  return ok({});
};

/** GoTrue's soft delete: the row stays (for foreign keys) but can never sign in again. */
async function softDelete(tx: Transaction, user: UserRow): Promise<void> {
  const obfuscated = createHash('sha256').update(`${user.id}${user.email ?? ''}`).digest('hex');
  await tx.query(
    `update auth.users set email = $2, phone = null, encrypted_password = '', confirmation_token = '',
       recovery_token = '', raw_user_meta_data = '{}', raw_app_meta_data = '{}', deleted_at = now(), updated_at = now()
     where id = $1`,
    [user.id, obfuscated],
  );
  await tx.query('delete from auth.identities where user_id = $1', [user.id]);
  await endSessions(tx, user.id, 'global', null);
}
