/**
 * GoTrue's error answers. auth-js reads the machine code from `code` only when the
 * response carries `X-Supabase-Api-Version` (2024-01-01 or later), so every auth answer
 * carries that header; the body also keeps GoTrue's legacy `error_code`/`msg` names so a
 * client reading either shape gets the same code and text.
 */

/** The API version this stack speaks; echoed on every /auth/v1 response. */
export const API_VERSION = '2024-01-01';
export const API_VERSION_HEADERS: Record<string, string> = { 'X-Supabase-Api-Version': API_VERSION };

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra body fields GoTrue sends with some errors (e.g. `weak_password`). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AuthError';
  }

  body(): Record<string, unknown> {
    return { code: this.code, error_code: this.code, message: this.message, msg: this.message, ...this.extra };
  }
}

export const invalidCredentials = (): AuthError => new AuthError(400, 'invalid_credentials', 'Invalid login credentials');

export const validationFailed = (message: string): AuthError => new AuthError(400, 'validation_failed', message);

export const notFound = (): AuthError => new AuthError(404, 'not_found', 'Not Found');

export const unexpectedFailure = (): AuthError =>
  new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information');
