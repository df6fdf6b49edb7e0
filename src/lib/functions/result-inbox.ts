/**
 * The result-inbox call (staff, issue 32): file a laboratory message the product could not
 * take (result_inbox_errors) under an order, or reject it with a reason. Online: the server
 * holds the message and files its results, which then reach every device through sync.
 */
import { failure, invokeFunction, type FunctionCallResult, type FunctionsInvoker } from './invoke.ts';

export type QueueResolution = { status: 'matched'; result_ids: string[] } | { status: 'rejected' };

export async function resolveQueuedResult(
  invoker: FunctionsInvoker,
  errorId: string,
  action: { kind: 'match'; orderId: string } | { kind: 'reject'; reason: string },
): Promise<FunctionCallResult<QueueResolution>> {
  const body = action.kind === 'match' ? { action: 'match', error_id: errorId, order_id: action.orderId } : { action: 'reject', error_id: errorId, reason: action.reason.trim() };
  const answer = await invokeFunction(invoker, 'result-inbox', body);
  if (!answer.ok) return answer;
  const data = answer.data as Partial<QueueResolution> | null;
  if (data?.status !== 'matched' && data?.status !== 'rejected') return failure('permanent', 200, null, 'The result-inbox function answered without a resolution.');
  return { ok: true, data: data as QueueResolution };
}
