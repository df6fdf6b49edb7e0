// invite-user: an admin creates a login for a provider (this file), or invites a
// laboratory colleague as staff or admin (staff.ts: a body with role 'staff' or 'admin'
// and no providerId). For a provider, Auth's admin invite creates the account and sends a
// set-password link (the local stack prints it and keeps it in its mailbox); the profile
// is linked to the provider and given the provider role. Calling it again for the same
// provider and email finishes or confirms the same link instead of creating a second
// account; an email that belongs to another account is refused with "A user with this
// email already exists".
import type { Caller } from '../_shared/caller.ts';
import { errorResponse, json } from '../_shared/http.ts';
import { parseInviteRequest, type InviteRequest } from '../_shared/invite-request.ts';
import { createHandler, type FunctionContext } from '../_shared/serve.ts';
import type { SupabaseClient } from '../_shared/supabase.ts';
import { isStaffInviteBody } from '../_shared/users/staff-invite.ts';
import { inviteStaff } from './staff.ts';

const ALREADY_EXISTS = 'A user with this email already exists.';

interface ProviderRow {
  id: string;
  first_name: string;
  last_name: string;
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

  const existing = await service
    .from('profiles')
    .select('id, provider_id')
    .eq('email', request.email)
    .maybeSingle<{ id: string; provider_id: string | null }>();
  if (existing.error) return unavailable('profiles lookup', existing.error);
  if (existing.data) {
    const sameLink =
      existing.data.provider_id === request.providerId ||
      (existing.data.provider_id === null && (await invitedForProvider(service, existing.data.id, request.providerId)));
    if (!sameLink) return errorResponse(409, 'user_already_exists', ALREADY_EXISTS);
    // A repeat of an earlier invite (or one that stopped midway): finish the link, send nothing new.
    return linkAccount(service, existing.data.id, request, provider.data, false);
  }

  const linked = await service.from('profiles').select('id').eq('provider_id', request.providerId).limit(1);
  if (linked.error) return unavailable('profiles lookup', linked.error);
  if ((linked.data ?? []).length > 0) {
    return errorResponse(409, 'provider_already_linked', 'This provider is already linked to another user account.');
  }

  const invited = await service.auth.admin.inviteUserByEmail(request.email, {
    data: {
      first_name: request.firstName ?? provider.data.first_name,
      last_name: request.lastName ?? provider.data.last_name,
      provider_id: request.providerId,
      invited_by: caller.id,
    },
    ...(config.inviteRedirectUrl ? { redirectTo: config.inviteRedirectUrl } : {}),
  });
  if (invited.error || !invited.data.user) return inviteFailure(invited.error, caller);
  return linkAccount(service, invited.data.user.id, request, provider.data, true);
}

/** An account whose invite named this provider (the link step of that call did not finish). */
async function invitedForProvider(service: SupabaseClient, userId: string, providerId: string): Promise<boolean> {
  const { data, error } = await service.auth.admin.getUserById(userId);
  if (error || !data.user) return false;
  return data.user.user_metadata?.provider_id === providerId && !data.user.last_sign_in_at;
}

async function linkAccount(
  service: SupabaseClient,
  userId: string,
  request: InviteRequest,
  provider: ProviderRow,
  invited: boolean,
): Promise<Response> {
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
  if (profile.error) return unavailable('profile link', profile.error);
  const role = await service
    .from('user_roles')
    .upsert({ user_id: userId, role: 'provider', _deleted: false }, { onConflict: 'user_id,role' });
  if (role.error) return unavailable('provider role', role.error);
  return json(200, {
    user_id: userId,
    email: request.email,
    provider_id: request.providerId,
    role: 'provider',
    invited,
    message: invited ? 'An invitation email has been sent.' : 'This account is already linked to the provider.',
  });
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
