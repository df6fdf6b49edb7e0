/**
 * The callers of the permission matrices: the anon key, the service key, and signed-in
 * staff, admin, provider user (linked to a provider record) and delegate (a staff user
 * approved as that provider's delegate), and the signed-in users without access: a
 * pending sign-up (no role), a staff member whose role was revoked and one whose profile
 * was deactivated. Each with the bearer token it presents, plus raw calls that show the
 * exact status and body the stack answers.
 */
import { serviceClient, signedInUser, staffUser, userWithRole, type TestUser } from '../helpers/clients.ts';
import { SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY, SUPABASE_URL } from '../helpers/env.ts';
import { providerRow, seedOne } from './directory-helpers.ts';

export type Who = 'anon' | 'service' | 'staff' | 'admin' | 'provider' | 'delegate' | 'pending' | 'revoked' | 'deactivated';
/** Signed in, without access: no role, a revoked role, a deactivated profile. */
export const NO_ACCESS: Who[] = ['pending', 'revoked', 'deactivated'];
export const SIGNED_IN: Who[] = ['staff', 'admin', 'provider', 'delegate', ...NO_ACCESS];
export const EVERYONE: Who[] = ['anon', 'service', ...SIGNED_IN];

export interface Callers {
  token: Record<Who, string>;
  /** The auth user id of each signed-in caller (null for the keys). */
  userId: Record<Who, string | null>;
  /** The provider record the provider user is linked to and the delegate is approved for. */
  providerId: string;
}

async function tokenOf(user: TestUser): Promise<string> {
  const { data } = await user.client.auth.getSession();
  if (!data.session) throw new Error(`${user.email} has no session`);
  return data.session.access_token;
}

export async function setUpCallers(prefix: string): Promise<Callers> {
  const [staff, admin, provider, delegate, pending, revoked, deactivated] = await Promise.all([
    staffUser(`${prefix}-staff`),
    userWithRole('admin', `${prefix}-admin`),
    userWithRole('provider', `${prefix}-provider`),
    staffUser(`${prefix}-delegate`),
    signedInUser(`${prefix}-pending`),
    staffUser(`${prefix}-revoked`),
    staffUser(`${prefix}-deactivated`),
  ]);
  await withdrawAccess(revoked, deactivated);
  const providerId = await seedOne('providers', providerRow());
  const link = await serviceClient().from('profiles').update({ provider_id: providerId }).eq('id', provider.id);
  if (link.error) throw new Error(link.error.message);
  await seedOne('provider_delegate_approvals', { provider_id: providerId, delegate_id: delegate.id, approval_type: 'both' });
  return {
    token: {
      anon: SUPABASE_ANON_KEY,
      service: SUPABASE_SERVICE_ROLE_KEY,
      staff: await tokenOf(staff),
      admin: await tokenOf(admin),
      provider: await tokenOf(provider),
      delegate: await tokenOf(delegate),
      pending: await tokenOf(pending),
      revoked: await tokenOf(revoked),
      deactivated: await tokenOf(deactivated),
    },
    userId: {
      anon: null,
      service: null,
      staff: staff.id,
      admin: admin.id,
      provider: provider.id,
      delegate: delegate.id,
      pending: pending.id,
      revoked: revoked.id,
      deactivated: deactivated.id,
    },
    providerId,
  };
}

/** As an admin would: soft-delete the first one's role, deactivate the second one's profile. */
async function withdrawAccess(revoked: TestUser, deactivated: TestUser): Promise<void> {
  const service = serviceClient();
  const revoke = await service.from('user_roles').update({ _deleted: true }).eq('user_id', revoked.id);
  if (revoke.error) throw new Error(revoke.error.message);
  const deactivate = await service.from('profiles').update({ deactivated_at: new Date().toISOString() }).eq('id', deactivated.id);
  if (deactivate.error) throw new Error(deactivate.error.message);
}

export interface RawAnswer {
  status: number;
  body: unknown;
}

async function raw(response: Response): Promise<RawAnswer> {
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
}

export async function callRpc(token: string, name: string, args: Record<string, unknown> = {}): Promise<RawAnswer> {
  return raw(
    await fetch(`${SUPABASE_URL}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers: { apikey: SUPABASE_ANON_KEY, Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(args),
    }),
  );
}

export async function callFunction(token: string, name: string, body: unknown): Promise<RawAnswer> {
  return raw(
    await fetch(`${SUPABASE_URL}/functions/v1/${name}`, {
      method: 'POST',
      headers: { apikey: SUPABASE_ANON_KEY, Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
}

/** Rows of `table` where `column` = `value`, read with the service role. */
export async function rowsWhere(table: string, column: string, value: string, columns = '*'): Promise<Array<Record<string, unknown>>> {
  const { data, error } = await serviceClient().from(table).select(columns).eq(column, value);
  if (error) throw new Error(`${table}: ${error.message}`);
  return data as unknown as Array<Record<string, unknown>>;
}
