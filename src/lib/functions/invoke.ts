/**
 * Calls one Edge Function through a minimal invoker (structurally a SupabaseClient, so
 * this folder never imports supabase-js) and turns every outcome into a discriminated
 * result. Failures say whether the outbox may retry them (transient: network, relay,
 * timeout, 408, 429, 5xx, a call still in progress) or not (permanent: other 4xx and
 * answers the app cannot use), with the server's own message read from the response.
 */

export interface InvokeOptions {
  body: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** The part of a SupabaseClient the wrappers use. */
export interface FunctionsInvoker {
  functions: {
    invoke(functionName: string, options: InvokeOptions): Promise<{ data: unknown; error: unknown }>;
  };
}

export interface CallOptions {
  /** Sent as `x-idempotency-key`: a repeat with the same key replays the first answer. */
  idempotencyKey?: string;
}

export type FailureKind = 'transient' | 'permanent';

export interface FunctionCallFailure {
  ok: false;
  kind: FailureKind;
  /** HTTP status of the function's answer; null when no answer arrived. */
  status: number | null;
  /** The server's machine code (e.g. `user_already_exists`), when it sent one. */
  code: string | null;
  /** The server's message, or supabase-js's when the server said nothing. */
  message: string;
}

export type FunctionCallResult<T> = { ok: true; data: T } | FunctionCallFailure;

export const IDEMPOTENCY_HEADER = 'x-idempotency-key';

/** Codes whose call may succeed later as it is. */
const TRANSIENT_CODES = new Set(['request_in_progress', 'auth_unavailable', 'roles_unavailable', 'idempotency_unavailable']);

export async function invokeFunction(
  invoker: FunctionsInvoker,
  name: string,
  body: Record<string, unknown>,
  options: CallOptions = {},
): Promise<{ ok: true; data: unknown } | FunctionCallFailure> {
  const headers = options.idempotencyKey ? { [IDEMPOTENCY_HEADER]: options.idempotencyKey } : undefined;
  let answer: { data: unknown; error: unknown };
  try {
    answer = await invoker.functions.invoke(name, headers ? { body, headers } : { body });
  } catch (error) {
    return failure('transient', null, null, errorMessage(error, `Failed to send a request to the ${name} Edge Function`));
  }
  if (!answer.error) return { ok: true, data: answer.data };
  return describeError(answer.error);
}

export function failure(kind: FailureKind, status: number | null, code: string | null, message: string): FunctionCallFailure {
  return { ok: false, kind, status, code, message };
}

export function isTransientStatus(status: number, code: string | null = null): boolean {
  return status >= 500 || status === 408 || status === 429 || (code !== null && TRANSIENT_CODES.has(code));
}

async function describeError(error: unknown): Promise<FunctionCallFailure> {
  const name = error instanceof Error ? error.name : '';
  const fallback = errorMessage(error, 'The Edge Function call failed');
  const context: unknown = error instanceof Error && 'context' in error ? error.context : null;
  if (name === 'FunctionsHttpError' && isResponse(context)) {
    const { message, code } = await readErrorBody(context);
    const kind = isTransientStatus(context.status, code) ? 'transient' : 'permanent';
    return failure(kind, context.status, code, message ?? fallback);
  }
  if (name === 'FunctionsRelayError') {
    return failure('transient', isResponse(context) ? context.status : null, null, fallback);
  }
  // FunctionsFetchError (no answer: offline, DNS, aborted) and anything unexpected: may work later.
  return failure('transient', null, null, fallback);
}

/** supabase-js puts the raw Response in `context`; checked by shape, not by realm. */
function isResponse(value: unknown): value is Response {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Response).status === 'number' &&
    typeof (value as Response).text === 'function'
  );
}

/** `{error, code}` is what this project's functions send; `message` is the hosted gateway's. */
async function readErrorBody(response: Response): Promise<{ message: string | null; code: string | null }> {
  let text = '';
  try {
    text = await response.text();
  } catch {
    return { message: null, code: null };
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null) {
      const record = parsed as Record<string, unknown>;
      const message = [record.error, record.message, record.msg].find((value) => typeof value === 'string' && value !== '');
      return {
        message: typeof message === 'string' ? message : null,
        code: typeof record.code === 'string' ? record.code : null,
      };
    }
  } catch {
    // Not JSON: a short text body is still the best message there is.
  }
  const trimmed = text.trim();
  return { message: trimmed && trimmed.length <= 300 ? trimmed : null, code: null };
}

function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return fallback;
}
