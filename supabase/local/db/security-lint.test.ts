/**
 * What Supabase's database linter checks, on the migrated schema (PGlite, every
 * migration): no security definer function in the exposed schema is executable by the
 * API roles (lint `authenticated_security_definer_function_executable` and its anon twin:
 * /rest/v1/rpc would run it with the owner's rights), every public table has row-level
 * security on (`rls_disabled_in_public`), every security definer function pins its
 * search_path (`function_search_path_mutable`), and the policies call only the helpers
 * of schema `private`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database.ts';

let db: Database;

beforeAll(async () => {
  db = await openDatabase({ dataDir: null, reset: false, seed: false, log: () => {} });
}, 180_000);

afterAll(async () => {
  await db?.close();
});

async function names(sql: string): Promise<string[]> {
  const { rows } = await db.pg.query<{ name: string }>(sql);
  return rows.map((row) => row.name).sort();
}

describe('the security lints', () => {
  it('no security definer function in public is executable by anon or authenticated', async () => {
    expect(
      await names(`
        select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
         where n.nspname = 'public' and p.prosecdef
           and (has_function_privilege('authenticated', p.oid, 'execute') or has_function_privilege('anon', p.oid, 'execute'))`),
    ).toEqual([]);
  });

  it('every public table has row-level security on', async () => {
    expect(
      await names(`
        select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind = 'r' and not c.relrowsecurity`),
    ).toEqual([]);
  });

  it('every security definer function sets its search_path', async () => {
    expect(
      await names(`
        select n.nspname || '.' || p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
         where n.nspname in ('public', 'private') and p.prosecdef
           and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) c where c like 'search_path=%')`),
    ).toEqual([]);
  });

  it('policies call the private helpers only', async () => {
    expect(
      await names(`
        select tablename || ': ' || policyname as name from pg_policies
         where schemaname = 'public'
           and (coalesce(qual, '') ~ 'public\\.(is_|my_)' or coalesce(with_check, '') ~ 'public\\.(is_|my_)')`),
    ).toEqual([]);
    expect((await names(`select policyname as name from pg_policies where schemaname = 'public' and qual ~ 'private\\.is_staff'`)).length).toBeGreaterThan(5);
  });
});
