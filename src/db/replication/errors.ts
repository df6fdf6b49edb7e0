/**
 * The errors a replication handler throws. RxDB retries any failed pull or push after a
 * while, so the errors only decide what the user is told: a pause (offline, signed out,
 * another tab syncs) is not an error, a failed request is.
 */

/** Syncing is paused right now (offline, no valid session for this user, stopped). */
export class SyncPausedError extends Error {
  override name = 'SyncPausedError';
}

/** A pull or push request failed; the message is meant for the user. */
export class SyncRequestError extends Error {
  override name = 'SyncRequestError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null,
  ) {
    super(message);
  }
}

interface PostgrestFailure {
  message?: string;
  code?: string;
  details?: string | null;
}

/** Whether a PostgREST failure means the session is not (or no longer) valid. */
export function isAuthFailure(status: number, error: PostgrestFailure | null): boolean {
  return status === 401 || error?.code === 'PGRST301' || error?.code === 'PGRST303' || /jwt/i.test(error?.message ?? '');
}

/** A user-facing message for a failed request (status 0 = no answer at all). */
export function requestFailure(action: string, status: number, error: PostgrestFailure | null): SyncRequestError {
  if (status === 0) {
    return new SyncRequestError(`Cannot reach the server to ${action}. Will retry.`, 0, null);
  }
  const detail = error?.message ? `: ${error.message}` : '';
  return new SyncRequestError(`The server could not ${action} (HTTP ${status})${detail}`, status, error?.code ?? null);
}

/** A push waits for related records to be pushed first; RxDB retries it shortly. */
export class SyncDeferredError extends Error {
  override name = 'SyncDeferredError';
}

/** Errors that are part of normal operation and never shown as a sync error. */
export function isQuietError(name: unknown): boolean {
  return name === 'SyncPausedError' || name === 'SyncDeferredError';
}
