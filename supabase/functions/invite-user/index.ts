// invite-user: an admin creates a login for a provider (this file), or invites a laboratory
// colleague as staff or admin (staff.ts: a body with role 'staff' or 'admin' and no
// providerId). For a provider, access is granted before anyone
// is told: the account is created (no password, unconfirmed), linked to the provider and
// given the provider role, and only then does Auth send the set-password link (the local
// stack prints it and keeps it in its mailbox). If any step fails the account is deleted
// again, so a failure leaves no access and no half-made login behind. Calling it again for
// the same provider and email finishes or confirms the same link instead of creating a
// second account; an email that belongs to another account is refused with "A user with
// this email already exists", and a provider already linked to another account (also by a
// concurrent invitation: profiles.provider_id is unique) with its own message.
import type { Caller } from '../_shared/caller.ts';
import type { FunctionConfig } from '../_shared/env.ts';
import { errorResponse, json } from '../_shared/http.ts';
import { parseInviteRequest, type InviteRequest } from '../_shared/invite-request.ts';
import { createHandler, type FunctionContext } from '../_shared/serve.ts';
import type { SupabaseClient } from '../_shared/supabase.ts';
import { isStaffInviteBody } from '../_shared/users/staff-invite.ts';
import { inviteStaff } from './staff.ts';

const ALREADY_EXISTS = 'A user with this email already exists.';
const ALREADY_LINKED = 'This provider is already linked to another user account.';

interface ProviderRow {
  id: string;
  first_name: string;
  last_name: string;
}

interface Invitation {
  service: SupabaseClient;
  config: FunctionConfig;
  caller: Caller;
  request: InviteRequest;
  provider: ProviderRow;
}

async function inviteUser(ctx: FunctionContext): Promise<Response> {
  if (isStaffInviteBody(ctx.body)) return inviteStaff(ctx);
  return inviteProvider(ctx);
}

async function inviteProvider({ body, caller, config, service }: FunctionContext): Promise<Response> {
  const parsed = parseInviteRequest(body);
  if (!parsed.ok) return errorResponse(400, 'invalid_request', parsed.message);
  const request = parsed.value;

  const provider = await service
    .from('providers')
    .select('id, first_name, last_name')
    .eq('id', request.providerId)
    .eq('_deleted', false)
    .maybeSingle<ProviderRow>();
  if (provider.error) return unavailable('providers lookup', provider.error);
  if (!provider.data) return errorResponse(404, 'provider_not_found', 'Provider not found.');
  const invitation: Invitation = { service, config, caller, request, provider: provider.data };

  const existing = await service
    .from('profiles')
    .select('id, provider_id')
    .eq('email', request.email)
    .maybeSingle<{ id: string; provider_id: string | null }>();
  if (existing.error) return unavailable('profiles lookup', existing.error);
  if (existing.data) {
    const account = await accountOf(service, existing.data.id);
    const sameLink =
      existing.data.provider_id === request.providerId ||
      (existing.data.provider_id === null && account?.app_metadata?.invited_for_provider === request.providerId && !account.last_sign_in_at);
    if (!sameLink) return errorResponse(409, 'user_already_exists', ALREADY_EXISTS);
    // A repeat of an earlier invite (or one that stopped midway): finish the link, and send
    // the invitation only if it never went out.
    const granted = await grantAccess(invitation, existing.data.id);
    if (!granted.ok) return granted.response;
    if (account && !account.invited_at && !account.email_confirmed_at) return sendInvitation(invitation, existing.data.id);
    return linked(request, existing.data.id, false);
  }

  const taken = await service.from('profiles').select('id').eq('provider_id', request.providerId).eq('_deleted', false).limit(1);
  if (taken.error) return unavailable('profiles lookup', taken.error);
  if ((taken.data ?? []).length > 0) return errorResponse(409, 'provider_already_linked', ALREADY_LINKED);

  const created = await service.auth.admin.createUser({
    email: request.email,
    email_confirm: false,
    user_metadata: {
      first_name: request.firstName ?? provider.data.first_name,
      last_name: request.lastName ?? provider.data.last_name,
    },
    // Only the service role sets app_metadata: the audit names the inviting admin as the
    // profile's creator, and a repeated call recognizes its own unfinished account.
    app_metadata: { invited_by: caller.id, invited_for_provider: request.providerId },
  });
  if (created.error || !created.data.user) return inviteFailure(created.error, caller);
  const userId = created.data.user.id;

  const granted = await grantAccess(invitation, userId);
  if (!granted.ok) {
    await undo(service, userId);
    return granted.response;
  }
  return sendInvitation(invitation, userId);
}

interface AccountFacts {
  invited_at?: string | null;
  email_confirmed_at?: string | null;
  last_sign_in_at?: string | null;
  app_metadata?: Record<string, unknown>;
}

async function accountOf(service: SupabaseClient, userId: string): Promise<AccountFacts | null> {
  const { data, error } = await service.auth.admin.getUserById(userId);
  return error || !data.user ? null : data.user;
}

type Step = { ok: true } | { ok: false; response: Response };

/** Link the profile to the provider and give it the provider role (before any email goes out). */
async function grantAccess({ service, request, provider }: Invitation, userId: string): Promise<Step> {
  const profile = await service.from('profiles').upsert(
    {
      id: userId,
      email: request.email,
      first_name: request.firstName ?? provider.first_name,
      last_name: request.lastName ?? provider.last_name,
      provider_id: request.providerId,
    },
    { onConflict: 'id' },
  );
  if (profile.error?.code === '23505') {
    return { ok: false, response: errorResponse(409, 'provider_already_linked', ALREADY_LINKED) };
  }
  if (profile.error) return { ok: false, response: unavailable('profile link', profile.error) };
  const role = await service
    .from('user_roles')
    .upsert({ user_id: userId, role: 'provider', _deleted: false }, { onConflict: 'user_id,role' });
  if (role.error) return { ok: false, response: unavailable('provider role', role.error) };
  return { ok: true };
}

async function sendInvitation({ service, config, caller, request, provider }: Invitation, userId: string): Promise<Response> {
  const invited = await service.auth.admin.inviteUserByEmail(request.email, {
    data: {
      first_name: request.firstName ?? provider.first_name,
      last_name: request.lastName ?? provider.last_name,
      provider_id: request.providerId,
      invited_by: caller.id,
    },
    ...(config.inviteRedirectUrl ? { redirectTo: config.inviteRedirectUrl } : {}),
  });
  if (invited.error || !invited.data.user) {
    await undo(service, userId);
    return inviteFailure(invited.error, caller);
  }
  return linked(request, userId, true);
}

function linked(request: InviteRequest, userId: string, invited: boolean): Response {
  return json(200, {
    user_id: userId,
    email: request.email,
    provider_id: request.providerId,
    role: 'provider',
    invited,
    message: invited ? 'An invitation email has been sent.' : 'This account is already linked to the provider.',
  });
}

/** Delete the account a failed invitation created (its profile and role go with it). */
async function undo(service: SupabaseClient, userId: string): Promise<void> {
  const { error } = await service.auth.admin.deleteUser(userId);
  if (error) console.error(`invite-user: could not delete the unfinished account ${userId}`, error);
}

function inviteFailure(error: { status?: number; code?: string; message: string } | null, caller: Caller): Response {
  if (error?.code === 'email_exists' || error?.code === 'user_already_exists' || error?.status === 422) {
    return errorResponse(409, 'user_already_exists', ALREADY_EXISTS);
  }
  console.error(`invite-user: the invite by ${caller.id} failed`, error);
  if (!error || (error.status ?? 500) >= 500) {
    return errorResponse(502, 'invite_failed', 'The invitation could not be sent. Please try again later.');
  }
  return errorResponse(400, 'invite_failed', error.message || 'Failed to create user account');
}

function unavailable(step: string, error: unknown): Response {
  console.error(`invite-user: ${step} failed`, error);
  return errorResponse(503, 'database_unavailable', 'The account could not be set up right now. Please try again.');
}

Deno.serve(
  createHandler({
    name: 'invite-user',
    access: 'admin',
    forbiddenMessage: 'Only administrators can create user accounts.',
    handle: inviteUser,
  }),
);
