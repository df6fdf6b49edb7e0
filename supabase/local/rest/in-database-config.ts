/**
 * PostgREST's in-database configuration, the part this stack honours: `pgrst.db_pre_request`
 * set on the `authenticator` role (`alter role authenticator set pgrst.db_pre_request to
 * 'schema.function'`), the function PostgREST calls at the start of every request, after the
 * role and the request's settings are in place, and the response headers a request's SQL
 * sets (`set_config('response.headers', '[{"Name": "value"}]', true)`), which PostgREST adds
 * to its answer. Hosted Supabase reads the same settings, so a migration that sets them acts
 * alike on both (20261202000100_api_answers_are_not_cached.sql).
 */
import type { Transaction } from '@electric-sql/pglite';

const PRE_REQUEST_SQL = `
  select split_part(setting, '=', 2) as name
  from pg_catalog.pg_db_role_setting s
  join pg_catalog.pg_roles r on r.oid = s.setrole
  cross join lateral unnest(s.setconfig) as setting
  where r.rolname = 'authenticator' and setting like 'pgrst.db_pre_request=%'
  limit 1`;

/** The pre-request function's qualified name, or null when none is set. */
export async function loadPreRequest(tx: Transaction): Promise<string | null> {
  const row = (await tx.query<{ name: string }>(PRE_REQUEST_SQL)).rows[0];
  const name = row?.name.trim();
  return name ? name : null;
}

/** `schema.function` quoted for a call; a name that is not one is refused (PostgREST fails the same way at config load). */
export function preRequestCall(name: string): string {
  const parts = name.split('.');
  if (parts.length > 2 || parts.some((part) => !/^[a-z_][a-z0-9_$]*$/i.test(part))) throw new Error(`Invalid db-pre-request function name: ${name}`);
  return `select ${parts.map((part) => `"${part}"`).join('.')}()`;
}

/** The headers the request's SQL set in `response.headers` (PostgREST's GUC: a JSON array of one-entry objects). */
export async function readResponseHeaders(tx: Transaction): Promise<Record<string, string>> {
  const raw = (await tx.query<{ value: string | null }>(`select current_setting('response.headers', true) as value`)).rows[0]?.value;
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return {};
  }
  const headers: Record<string, string> = {};
  if (!Array.isArray(parsed)) return headers;
  for (const entry of parsed) {
    if (!entry || typeof entry !== 'object') continue;
    for (const [name, value] of Object.entries(entry as Record<string, unknown>)) if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}
