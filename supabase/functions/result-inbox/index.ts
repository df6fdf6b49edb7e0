// result-inbox: staff resolve a laboratory message the product could not take
// (result_inbox_errors): match it to an order — the message is taken again, every OBR filed
// under that order, as if its placer number had named it — or reject it with a reason.
// Either way the queue row records who and when; nothing is deleted.
import { errorResponse, json } from '../_shared/http.ts';
import { ingestResultMessage } from '../_shared/results/ingest.ts';
import { createHandler, type FunctionContext } from '../_shared/serve.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function resolve({ body, caller, service }: FunctionContext): Promise<Response> {
  const { action, error_id: errorId, order_id: orderId } = body;
  const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
  if (typeof errorId !== 'string' || !UUID.test(errorId)) return errorResponse(400, 'invalid_request', 'error_id must be the id of a queued message.');
  if (action !== 'match' && action !== 'reject') return errorResponse(400, 'invalid_request', 'action must be "match" or "reject".');
  if (action === 'match' && (typeof orderId !== 'string' || !UUID.test(orderId))) return errorResponse(400, 'invalid_request', 'order_id must be the id of an order.');
  if (action === 'reject' && (reason.length === 0 || reason.length > 500)) return errorResponse(400, 'invalid_request', 'Give a reason of at most 500 characters.');

  const { data: row, error } = await service.from('result_inbox_errors').select('id, status, message').eq('id', errorId).maybeSingle();
  if (error) return errorResponse(500, 'read_failed', 'The queued message could not be read.');
  if (!row) return errorResponse(404, 'not_found', 'No such queued message.');
  if (row.status !== 'open') return errorResponse(409, 'already_resolved', `This message was already ${row.status}.`);

  const resolved = { resolved_by: caller.id, resolved_at: new Date().toISOString() };
  if (action === 'reject') {
    const { error: updateError } = await service.from('result_inbox_errors').update({ ...resolved, status: 'rejected', reason }).eq('id', errorId).eq('status', 'open');
    if (updateError) return errorResponse(500, 'write_failed', 'The message could not be rejected.');
    return json(200, { status: 'rejected' });
  }
  const outcome = await ingestResultMessage(service, row.message as string, orderId as string);
  if (outcome.code !== 'AA') return errorResponse(422, 'not_matched', `The message could not be filed under that order: ${outcome.text}`);
  const { error: updateError } = await service.from('result_inbox_errors').update({ ...resolved, status: 'matched', order_id: orderId }).eq('id', errorId).eq('status', 'open');
  if (updateError) return errorResponse(500, 'write_failed', 'The results were filed but the queue row could not be closed.');
  return json(200, { status: 'matched', result_ids: outcome.resultIds });
}

Deno.serve(createHandler({ name: 'result-inbox', access: 'staff', forbiddenMessage: 'Only staff can resolve queued laboratory messages.', handle: resolve }));
