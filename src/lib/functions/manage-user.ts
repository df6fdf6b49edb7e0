/**
 * The manage-user call (issue 25): {action, userId}, one of deactivate, reactivate,
 * refuse, resend-invite, reset-password. Admin only on the server; its refusals carry a
 * machine code and the message to show (see src/lib/users/manage-request.ts).
 */
import type { ManageAction } from '../users/manage-request.ts';
import { failure, invokeFunction, type CallOptions, type FunctionCallResult, type FunctionsInvoker } from './invoke.ts';
import type { ManageUserResult } from './types.ts';

export async function manageUser(
  invoker: FunctionsInvoker,
  input: { action: ManageAction; userId: string },
  options: CallOptions = {},
): Promise<FunctionCallResult<ManageUserResult>> {
  const answer = await invokeFunction(invoker, 'manage-user', { action: input.action, userId: input.userId }, options);
  if (!answer.ok) return answer;
  const data = answer.data as Partial<ManageUserResult> | null;
  if (typeof data?.user_id !== 'string') return failure('permanent', 200, null, 'The account could not be changed.');
  return { ok: true, data: data as ManageUserResult };
}
