/**
 * The invite-user call (spec §7): body {email, role: 'provider', firstName, lastName,
 * providerId, invitedBy}. Admin only on the server; an email that already has an account
 * fails with a message the link-user catalogue turns into the spec's text.
 */
import { failure, invokeFunction, type CallOptions, type FunctionCallResult, type FunctionsInvoker } from './invoke.ts';
import type { InviteUserInput, InviteUserResult } from './types.ts';

export async function inviteUser(
  invoker: FunctionsInvoker,
  input: InviteUserInput,
  options: CallOptions = {},
): Promise<FunctionCallResult<InviteUserResult>> {
  const answer = await invokeFunction(
    invoker,
    'invite-user',
    {
      email: input.email.trim(),
      role: 'provider',
      firstName: input.firstName,
      lastName: input.lastName,
      providerId: input.providerId,
      invitedBy: input.invitedBy,
    },
    options,
  );
  if (!answer.ok) return answer;
  if (!isInviteResult(answer.data)) {
    return failure('permanent', 200, null, 'Failed to create user account');
  }
  return { ok: true, data: answer.data };
}

function isInviteResult(value: unknown): value is InviteUserResult {
  return typeof value === 'object' && value !== null && typeof (value as Record<string, unknown>).user_id === 'string';
}
