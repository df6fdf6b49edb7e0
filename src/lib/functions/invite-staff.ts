/**
 * invite-user's staff mode (issue 25): body {email, firstName, lastName, professionalTitle,
 * role: 'staff' | 'admin', invitedBy}, no providerId. Admin only on the server; an email
 * that already has an account fails with 'A user with this email already exists.'
 */
import { failure, invokeFunction, type CallOptions, type FunctionCallResult, type FunctionsInvoker } from './invoke.ts';
import type { InviteStaffInput, InviteStaffResult } from './types.ts';

export async function inviteStaff(
  invoker: FunctionsInvoker,
  input: InviteStaffInput,
  options: CallOptions = {},
): Promise<FunctionCallResult<InviteStaffResult>> {
  const answer = await invokeFunction(
    invoker,
    'invite-user',
    {
      email: input.email.trim(),
      firstName: input.firstName,
      lastName: input.lastName,
      professionalTitle: input.professionalTitle,
      role: input.role,
      invitedBy: input.invitedBy,
    },
    options,
  );
  if (!answer.ok) return answer;
  const data = answer.data as Partial<InviteStaffResult> | null;
  if (typeof data?.user_id !== 'string') return failure('permanent', 200, null, 'Failed to create user account');
  return { ok: true, data: data as InviteStaffResult };
}
