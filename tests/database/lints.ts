/**
 * Supabase's database linter (splinter, which the dashboard's Security and Performance
 * Advisors run), reduced to the rules that can fire on this schema, as plain queries over
 * the catalogs. Each returns one row per finding, `{ finding }`, so a test can expect none.
 * Levels are splinter's; the linter's documentation:
 * https://supabase.com/docs/guides/database/database-linter. The API's exposed schemas
 * are config.toml's `[api] schemas`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SUPABASE_DIR } from '../../supabase/local/config.ts';

export interface Lint {
  name: string;
  level: 'ERROR' | 'WARN' | 'INFO';
  sql: string;
}

/** `[api] schemas = ["public", …]` of supabase/config.toml. */
export function exposedSchemas(configFile = path.join(SUPABASE_DIR, 'config.toml')): string[] {
  const text = fs.readFileSync(configFile, 'utf8');
  const api = /^\[api\]\s*$([\s\S]*?)(?=^\[)/m.exec(text)?.[1] ?? '';
  const list = /^\s*schemas\s*=\s*\[([^\]]*)\]/m.exec(api)?.[1] ?? '"public"';
  return [...list.matchAll(/"([^"]+)"/g)].map((match) => match[1]!);
}

const SYSTEM_SCHEMAS = `('pg_catalog', 'information_schema', 'pg_toast', 'auth', 'storage', 'vault', 'extensions', 'realtime',
  'supabase_migrations', 'supabase_functions', 'graphql', 'graphql_public', 'pgbouncer', 'cron', 'net', 'pgsodium')`;

export function lints(exposed: string[] = exposedSchemas()): Lint[] {
  const api = `(${exposed.map((name) => `'${name.replace(/'/g, "''")}'`).join(', ')})`;
  return [
    {
      // 0001: a foreign key whose columns do not lead any index (joins and ON DELETE
      // actions then scan the referencing table).
      name: 'unindexed_foreign_keys',
      level: 'INFO',
      sql: `
        select format('%s.%s (%s)', n.nspname, c.relname, ct.conname) as finding
          from pg_catalog.pg_constraint ct
          join pg_catalog.pg_class c on c.oid = ct.conrelid
          join pg_catalog.pg_namespace n on n.oid = c.relnamespace
         where ct.contype = 'f' and n.nspname not in ${SYSTEM_SCHEMAS}
           and not exists (
             select 1 from pg_catalog.pg_index i
              where i.indrelid = ct.conrelid and i.indisvalid
                and (select array_agg(k order by k) from unnest((i.indkey::int2[])[0:cardinality(ct.conkey) - 1]) as k)
                    = (select array_agg(k order by k) from unnest(ct.conkey) as k))
         order by 1`,
    },
    {
      // 0003: auth.<fn>() in a policy without (select …) is re-evaluated for every row.
      name: 'auth_rls_initplan',
      level: 'WARN',
      sql: `
        select format('%s.%s: %s', schemaname, tablename, policyname) as finding
          from pg_catalog.pg_policies
         where (qual ~ 'auth\\.(uid|jwt|role|email)\\(\\)' and lower(qual) !~ 'select\\s+auth\\.(uid|jwt|role|email)\\(\\)')
            or (with_check ~ 'auth\\.(uid|jwt|role|email)\\(\\)' and lower(with_check) !~ 'select\\s+auth\\.(uid|jwt|role|email)\\(\\)')
         order by 1`,
    },
    {
      // 0006: two permissive policies for the same role and action are both evaluated.
      name: 'multiple_permissive_policies',
      level: 'WARN',
      sql: `
        with expanded as (
          select schemaname, tablename, policyname, r.role, c.cmd
            from pg_catalog.pg_policies p
            cross join lateral unnest(p.roles) as r(role)
            cross join lateral unnest(case p.cmd when 'ALL' then array['SELECT', 'INSERT', 'UPDATE', 'DELETE'] else array[p.cmd] end) as c(cmd)
           where p.permissive = 'PERMISSIVE' and p.schemaname in ${api})
        select format('%s.%s %s for %s: %s', schemaname, tablename, cmd, role, string_agg(policyname, ', ' order by policyname)) as finding
          from expanded
         group by schemaname, tablename, role, cmd
        having count(*) > 1
         order by 1`,
    },
    {
      // 0007: policies on a table whose RLS is off do nothing.
      name: 'policy_exists_rls_disabled',
      level: 'ERROR',
      sql: `
        select distinct format('%s.%s', n.nspname, c.relname) as finding
          from pg_catalog.pg_policy p
          join pg_catalog.pg_class c on c.oid = p.polrelid
          join pg_catalog.pg_namespace n on n.oid = c.relnamespace
         where not c.relrowsecurity and n.nspname not in ${SYSTEM_SCHEMAS}
         order by 1`,
    },
    {
      // 0010: a view in an exposed schema that runs with its owner's rights bypasses RLS.
      name: 'security_definer_view',
      level: 'ERROR',
      sql: `
        select format('%s.%s', n.nspname, c.relname) as finding
          from pg_catalog.pg_class c
          join pg_catalog.pg_namespace n on n.oid = c.relnamespace
         where c.relkind = 'v' and n.nspname in ${api}
           and not coalesce(c.reloptions @> array['security_invoker=true'] or c.reloptions @> array['security_invoker=on'], false)
         order by 1`,
    },
    {
      // 0011: a function without a fixed search_path can be steered by the caller's.
      name: 'function_search_path_mutable',
      level: 'WARN',
      sql: `
        select format('%s.%s(%s)', n.nspname, p.proname, pg_catalog.pg_get_function_identity_arguments(p.oid)) as finding
          from pg_catalog.pg_proc p
          join pg_catalog.pg_namespace n on n.oid = p.pronamespace
          left join pg_catalog.pg_depend d on d.objid = p.oid and d.deptype = 'e'
         where n.nspname not in ${SYSTEM_SCHEMAS} and d.objid is null and p.prokind in ('f', 'p')
           and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) as cfg where cfg like 'search_path=%')
         order by 1`,
    },
    {
      // 0013: a table in an exposed schema without RLS is open to the API's roles.
      name: 'rls_disabled_in_public',
      level: 'ERROR',
      sql: `
        select format('%s.%s', n.nspname, c.relname) as finding
          from pg_catalog.pg_class c
          join pg_catalog.pg_namespace n on n.oid = c.relnamespace
         where c.relkind in ('r', 'p') and n.nspname in ${api} and not c.relrowsecurity
         order by 1`,
    },
    {
      // 0014: extensions belong in the extensions schema, not an exposed one.
      name: 'extension_in_public',
      level: 'WARN',
      sql: `
        select e.extname::text as finding
          from pg_catalog.pg_extension e
          join pg_catalog.pg_namespace n on n.oid = e.extnamespace
         where n.nspname in ${api} and e.extname <> 'plpgsql'
         order by 1`,
    },
    {
      // 0015: user_metadata is the user's to edit: a policy must not trust it.
      name: 'rls_references_user_metadata',
      level: 'ERROR',
      sql: `
        select format('%s.%s: %s', schemaname, tablename, policyname) as finding
          from pg_catalog.pg_policies
         where coalesce(qual, '') ~* 'user_metadata' or coalesce(with_check, '') ~* 'user_metadata'
         order by 1`,
    },
    ...(['anon', 'authenticated'] as const).map(
      (role): Lint => ({
        // 0028 / 0029: a security definer function the API's roles may execute through
        // /rest/v1/rpc runs with its owner's rights, past RLS.
        name: `${role}_security_definer_function_executable`,
        level: 'WARN',
        sql: `
          select format('%s.%s(%s)', n.nspname, p.proname, pg_catalog.pg_get_function_identity_arguments(p.oid)) as finding
            from pg_catalog.pg_proc p
            join pg_catalog.pg_namespace n on n.oid = p.pronamespace
           where p.prosecdef and n.nspname in ${api}
             and pg_catalog.has_function_privilege('${role}', p.oid, 'EXECUTE')
           order by 1`,
      }),
    ),
  ];
}
