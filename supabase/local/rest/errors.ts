/**
 * Errors of the REST service in PostgREST's shape: a status, `{code, details, hint,
 * message}` and sometimes headers. Postgres errors are mapped to statuses exactly as
 * PostgREST's Error.hs `mapSQLtoHTTP` does (23505 → 409, 42501 → 401/403, …), including
 * `RAISE SQLSTATE 'PGRST'` and `PTnnn` for functions that choose their own answer.
 */

export interface ErrorBody {
  code: string;
  details: unknown;
  hint: unknown;
  message: string;
}

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message);
    this.name = 'RestError';
  }
}

export function restError(
  status: number,
  code: string,
  message: string,
  details: unknown = null,
  hint: unknown = null,
  headers: Record<string, string> = {},
): RestError {
  return new RestError(status, { code, details, hint, message }, headers);
}

/** The fields PGlite's DatabaseError carries (the Postgres ErrorResponse). */
export interface PgErrorLike {
  code: string;
  message: string;
  detail?: string | undefined;
  hint?: string | undefined;
}

export function isPgError(error: unknown): error is PgErrorLike {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string' &&
    'severity' in error
  );
}

/** PostgREST's mapSQLtoHTTP. `authed`: the request's role is not the anonymous role. */
export function statusForSqlState(code: string, message: string, authed: boolean): number {
  const exact: Record<string, number> = {
    '23503': 409,
    '23505': 409,
    '25006': 405,
    '53400': 500,
    '57P01': 503,
    P0001: 400,
    '42P01': 404,
    '42P17': 500,
  };
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500;
  if (code === '22023') return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400;
  if (code === '42883') return message.startsWith('function xmlagg(') ? 406 : 404;
  if (code === '42501') return authed ? 403 : 401;
  if (exact[code] !== undefined) return exact[code];
  if (/^PT[0-9]{3}$/.test(code)) return Number(code.slice(2));
  const prefixes: Array<[string, number]> = [
    ['08', 503],
    ['09', 500],
    ['0L', 403],
    ['0P', 403],
    ['25', 500],
    ['28', 403],
    ['2D', 500],
    ['38', 500],
    ['39', 500],
    ['3B', 500],
    ['40', 500],
    ['53', 503],
    ['54', 500],
    ['55', 500],
    ['57', 500],
    ['58', 500],
    ['F0', 500],
    ['HV', 500],
    ['P0', 500],
    ['XX', 500],
  ];
  return prefixes.find(([prefix]) => code.startsWith(prefix))?.[1] ?? 400;
}

/** Turn whatever a database call threw into the answer PostgREST would give. */
export function fromDatabaseError(error: unknown, authed: boolean): RestError {
  if (error instanceof RestError) return error;
  if (!isPgError(error)) throw error;
  if (error.code === 'PGRST') return fromRaisePgrst(error);
  const status = statusForSqlState(error.code, error.message, authed);
  const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
  return restError(status, error.code, error.message, error.detail ?? null, error.hint ?? null, headers);
}

/** `RAISE SQLSTATE 'PGRST' USING message = '{"code":…}', detail = '{"status":…}'`. */
function fromRaisePgrst(error: PgErrorLike): RestError {
  const message = parseJsonObject(error.message);
  if (!message || typeof message.code !== 'string' || typeof message.message !== 'string') {
    return restError(
      500,
      'PGRST121',
      'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error',
      `Invalid JSON value for MESSAGE: '${error.message}'`,
      "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.",
    );
  }
  const detail = error.detail === undefined ? null : parseJsonObject(error.detail);
  if (!detail || typeof detail.status !== 'number' || typeof detail.headers !== 'object' || detail.headers === null) {
    return restError(
      500,
      'PGRST121',
      'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error',
      error.detail === undefined ? 'DETAIL is missing in the RAISE statement' : `Invalid JSON value for DETAIL: '${error.detail}'`,
      "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.",
    );
  }
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(detail.headers as Record<string, unknown>)) headers[key] = String(value);
  return restError(
    detail.status,
    message.code,
    message.message,
    typeof message.details === 'string' ? message.details : null,
    typeof message.hint === 'string' ? message.hint : null,
    headers,
  );
}

function parseJsonObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
