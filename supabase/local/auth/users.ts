/**
 * auth.users and auth.identities: reading and writing the rows GoTrue keeps, and the
 * user object it answers with (field names, and which fields are left out when empty,
 * as GoTrue's JSON has them).
 */
import type { Transaction } from '../db/database.ts';
import type { Metadata } from './request.ts';

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Metadata | null;
  raw_user_meta_data: Metadata | null;
  created_at: Date;
  updated_at: Date;
  phone: string | null;
  phone_confirmed_at: Date | null;
  confirmed_at: Date | null;
  banned_until: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean;
}

interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Metadata;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
  email: string | null;
}

export const EMAIL_APP_METADATA: Metadata = { provider: 'email', providers: ['email'] };

const iso = (value: Date | null | undefined): string | undefined => (value ? value.toISOString() : undefined);

export function isBanned(user: UserRow, now = new Date()): boolean {
  return user.banned_until !== null && user.banned_until > now;
}

export async function findUserByEmail(tx: Transaction, email: string): Promise<UserRow | null> {
  const { rows } = await tx.query<UserRow>('select * from auth.users where lower(email) = lower($1)', [email]);
  return rows[0] ?? null;
}

export async function findUserById(tx: Transaction, id: string): Promise<UserRow | null> {
  if (!isUuid(id)) return null;
  const { rows } = await tx.query<UserRow>('select * from auth.users where id = $1', [id]);
  return rows[0] ?? null;
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

export interface NewEmailUser {
  email: string;
  passwordHash: string | null;
  userMetadata: Metadata;
  appMetadata?: Metadata;
  emailConfirmed: boolean;
  role?: string;
}

/** Insert a user with an email identity, as GoTrue's signup, invite and admin create do. */
export async function insertEmailUser(tx: Transaction, input: NewEmailUser): Promise<UserRow> {
  const appMetadata = { ...(input.appMetadata ?? {}), ...EMAIL_APP_METADATA };
  const { rows } = await tx.query<UserRow>(
    `insert into auth.users
       (instance_id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
     values ('00000000-0000-0000-0000-000000000000', 'authenticated', $1, $2, $3,
             case when $4::boolean then now() end, $5, $6)
     returning *`,
    [input.role ?? 'authenticated', input.email, input.passwordHash, input.emailConfirmed, appMetadata, input.userMetadata],
  );
  const user = rows[0];
  if (!user) throw new Error('insert into auth.users returned no row');
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at)
     values ($1::text, $1::uuid, $2, 'email', now())`,
    [user.id, { sub: user.id, email: input.email, email_verified: input.emailConfirmed, phone_verified: false }],
  );
  return user;
}

/** Confirm the email (invite or confirmation link), as GoTrue's user.Confirm does. */
export async function confirmEmail(tx: Transaction, userId: string): Promise<void> {
  await tx.query(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '',
       updated_at = now() where id = $1`,
    [userId],
  );
  await tx.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [userId],
  );
}

export async function touchLastSignIn(tx: Transaction, userId: string): Promise<void> {
  await tx.query('update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1', [userId]);
}

/** Merge metadata updates as GoTrue does: a key set to null is removed. */
export function mergeMetadata(current: Metadata | null, updates: Metadata): Metadata {
  const merged: Metadata = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(updates)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

export async function userJson(tx: Transaction, user: UserRow): Promise<Record<string, unknown>> {
  const [json] = await usersJson(tx, [user]);
  return json ?? {};
}

export async function usersJson(tx: Transaction, users: UserRow[]): Promise<Array<Record<string, unknown>>> {
  const identities = new Map<string, IdentityRow[]>();
  if (users.length > 0) {
    const { rows } = await tx.query<IdentityRow>(
      'select * from auth.identities where user_id = any($1::uuid[]) order by created_at',
      [users.map((user) => user.id)],
    );
    for (const row of rows) identities.set(row.user_id, [...(identities.get(row.user_id) ?? []), row]);
  }
  return users.map((user) => toJson(user, identities.get(user.id) ?? []));
}

// JSON.stringify drops the undefined fields, like GoTrue's `omitempty`.
function toJson(user: UserRow, identities: IdentityRow[]): Record<string, unknown> {
  return {
    id: user.id,
    aud: user.aud ?? '',
    role: user.role ?? '',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    invited_at: iso(user.invited_at),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map((identity) => ({
      identity_id: identity.id,
      id: identity.provider_id,
      user_id: identity.user_id,
      identity_data: identity.identity_data,
      provider: identity.provider,
      last_sign_in_at: iso(identity.last_sign_in_at),
      created_at: iso(identity.created_at),
      updated_at: iso(identity.updated_at),
      email: identity.email ?? undefined,
    })),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    banned_until: iso(user.banned_until),
    deleted_at: iso(user.deleted_at),
    is_anonymous: user.is_anonymous,
  };
}
