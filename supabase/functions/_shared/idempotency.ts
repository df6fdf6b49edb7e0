// Idempotency keys for function calls: the outbox sends `x-idempotency-key` with every
// queued call and may send it again after a lost answer. The first call runs and its answer
// is stored in public.function_idempotency (service role only); a repeat by the same caller
// gets the stored answer back without repeating side effects (no second invite, no second
// write). Answers of 5xx are stored as failed, so a retry after an outage runs again.
import type { SupabaseClient } from './supabase.ts';
import { errorResponse, json } from './http.ts';
import { stableStringify } from './stable-json.ts';

export const IDEMPOTENCY_HEADER = 'x-idempotency-key';
/** A "running" row older than this is taken to be a call that died midway. */
const STALE_RUNNING_MS = 120_000;

interface StoredCall {
  request_hash: string;
  status: 'running' | 'done' | 'failed';
  response: unknown;
  status_code: number | null;
  updated_at: string;
}

export { stableStringify };

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Keys are scoped per function and caller: one caller's key can never replay another's answer. */
export function storageKey(functionName: string, callerId: string, clientKey: string): string {
  return `${functionName}:${callerId}:${clientKey}`;
}

export async function withIdempotency(
  service: SupabaseClient,
  req: Request,
  call: { functionName: string; callerId: string; body: unknown },
  run: () => Promise<Response>,
): Promise<Response> {
  const clientKey = req.headers.get(IDEMPOTENCY_HEADER)?.trim();
  if (!clientKey) return run();
  if (clientKey.length > 200) {
    return errorResponse(400, 'invalid_idempotency_key', 'The idempotency key must be at most 200 characters.');
  }
  const key = storageKey(call.functionName, call.callerId, clientKey);
  const requestHash = await sha256Hex(stableStringify(call.body));
  const table = () => service.from('function_idempotency');

  const claimed = await table().insert({
    key,
    function_name: call.functionName,
    caller_id: call.callerId,
    request_hash: requestHash,
    status: 'running',
  });
  if (claimed.error) {
    if (claimed.error.code !== '23505') return storeUnavailable(claimed.error);
    const existing = await table()
      .select('request_hash, status, response, status_code, updated_at')
      .eq('key', key)
      .maybeSingle<StoredCall>();
    if (existing.error || !existing.data) return storeUnavailable(existing.error);
    const stored = existing.data;
    if (stored.request_hash !== requestHash) {
      return errorResponse(
        422,
        'idempotency_key_reused',
        'This idempotency key was already used for a different request.',
      );
    }
    if (stored.status === 'done' && stored.status_code !== null) {
      return json(stored.status_code, stored.response, { 'x-idempotent-replay': 'true' });
    }
    const stale = Date.now() - Date.parse(stored.updated_at) > STALE_RUNNING_MS;
    if (stored.status === 'running' && !stale) {
      return errorResponse(409, 'request_in_progress', 'A request with this idempotency key is still being processed. Try again shortly.');
    }
    // A failed (or abandoned) call runs again; the conditional update lets only one retry win.
    let retakeQuery = table()
      .update({ status: 'running', updated_at: new Date().toISOString() })
      .eq('key', key)
      .eq('status', stored.status);
    // Taking over an abandoned call: only while it is still stale (the winner refreshes updated_at).
    if (stored.status === 'running') retakeQuery = retakeQuery.lt('updated_at', new Date(Date.now() - STALE_RUNNING_MS).toISOString());
    const retake = await retakeQuery.select('key');
    if (retake.error) return storeUnavailable(retake.error);
    if (!retake.data || retake.data.length === 0) {
      return errorResponse(409, 'request_in_progress', 'A request with this idempotency key is still being processed. Try again shortly.');
    }
  }

  let response: Response;
  try {
    response = await run();
  } catch (error) {
    await table().update({ status: 'failed', updated_at: new Date().toISOString() }).eq('key', key);
    throw error;
  }
  const text = await response.clone().text();
  let stored: unknown = null;
  try {
    stored = text ? JSON.parse(text) : null;
  } catch {
    stored = { error: text };
  }
  const finished = await table()
    .update({
      status: response.status >= 500 ? 'failed' : 'done',
      response: stored,
      status_code: response.status,
      updated_at: new Date().toISOString(),
    })
    .eq('key', key);
  // The work is done either way; a lost record only means a repeat would run it again.
  if (finished.error) console.error('function_idempotency: could not record the answer', finished.error);
  return response;
}

function storeUnavailable(error: unknown): Response {
  console.error('function_idempotency unavailable', error);
  return errorResponse(503, 'idempotency_unavailable', 'Could not record this request. Please try again.');
}
