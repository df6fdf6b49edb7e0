// invite-user's staff mode (issue 25): an admin invites a laboratory colleague as staff or
// admin. The order keeps a half-finished call harmless: Auth creates the account (no email
// yet), its roles and the invitation are recorded (as the admin, audited), and only then
// does the invitation email go out. A call that stopped midway is finished by the next one
// for the same address; an address that belongs to any other account is refused with the
// spec's 'A user with this email already exists.'
import { errorResponse, json } from '../_shared/http.ts';
import type { FunctionContext } from '../_shared/serve.ts';
import type { SupabaseClient } from '../_shared/supabase.ts';
import { findAccount, recordInvitation, sendInvitation, type AccountRow, type Step } from '../_shared/users/account-writes.ts';
import { parseStaffInvite, rolesFor, type StaffInvite } from '../_shared/users/staff-invite.ts';

const ALREADY_EXISTS = 'A user with this email already exists.';

export async function inviteStaff({ body, caller, config, service }: FunctionContext): Promise<Response> {
  const parsed = parseStaffInvite(body);
  if (!parsed.ok) return errorResponse(400, 'invalid_request', parsed.message);
  const invite = parsed.value;
  const metadata = {
    first_name: invite.firstName,
    last_name: invite.lastName,
    professional_title: invite.professionalTitle,
    invited_by: caller.id,
    invite_role: invite.role,
  };

  const existing = await findAccount(service, 'email', invite.email);
  if (!existing.ok) return failed(existing);
  let userId: string;
  if (existing.value) {
    if (!(await unfinishedStaffInvite(service, existing.value, invite))) {
      return errorResponse(409, 'user_already_exists', ALREADY_EXISTS);
    }
    userId = existing.value.id;
  } else {
    const created = await service.auth.admin.createUser({ email: invite.email, email_confirm: false, user_metadata: metadata });
    if (created.error || !created.data.user) {
      if (created.error?.status === 422) return errorResponse(409, 'user_already_exists', ALREADY_EXISTS);
      console.error('invite-user: creating the account failed', created.error);
      return errorResponse(502, 'invite_failed', 'The invitation could not be sent. Please try again later.');
    }
    userId = created.data.user.id;
  }

  const recorded = await recordInvitation(service, caller.id, userId, rolesFor(invite.role));
  if (!recorded.ok) return failed(recorded);
  const sent = await sendInvitation(service, config, invite.email, metadata);
  if (!sent.ok) return failed(sent);
  return json(200, {
    user_id: userId,
    email: invite.email,
    role: invite.role,
    invited: true,
    message: 'An invitation email has been sent.',
  });
}

/**
 * An account this mode created for the same address and role that never got as far as
 * accepting its invitation (a call that stopped midway, or a retry after an outage).
 */
async function unfinishedStaffInvite(service: SupabaseClient, account: AccountRow, invite: StaffInvite): Promise<boolean> {
  if (account.provider_id || account.last_sign_in || account.deactivated_at) return false;
  const { data, error } = await service.auth.admin.getUserById(account.id);
  if (error || !data.user) return false;
  const meta = data.user.user_metadata ?? {};
  return !data.user.email_confirmed_at && typeof meta.invited_by === 'string' && meta.invite_role === invite.role;
}

function failed(step: Exclude<Step<unknown>, { ok: true }>): Response {
  if (step.status >= 500) console.error(`invite-user: ${step.code}`, step.cause);
  return errorResponse(step.status, step.code, step.message);
}
