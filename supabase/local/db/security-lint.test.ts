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

describe('the server-written fields of synced tables', () => {
  it('every synced table stamps created_at / updated_at on the server', async () => {
    expect(
      await names(`
        select s.table_name as name from private.synced_tables s
         where not exists (
           select 1 from pg_trigger t
            where t.tgrelid = format('public.%I', s.table_name)::regclass and t.tgname = 'a_stamp_server_fields')`),
    ).toEqual([]);
  });

  it('a table registered with an attribution column gets the inserting user in it, whatever the client sends', async () => {
    const me = '11111111-1111-4111-8111-111111111111';
    const forged = '22222222-2222-4222-8222-222222222222';
    await db.pg.exec(`
      create table public.stamp_probe (
        id uuid primary key, note text, created_by uuid, created_at timestamptz not null default now(),
        _modified timestamptz not null default clock_timestamp(), _deleted boolean not null default false
      );
      grant select, insert, update on public.stamp_probe to authenticated;
      select private.register_synced_table('stamp_probe', p_attribution => 'created_by');
      create policy probe on public.stamp_probe for all to authenticated using (true) with check (true);
    `);
    const row = await db.asCaller({ role: 'authenticated', sub: me }, async (tx) => {
      await tx.query(`insert into public.stamp_probe (id, note, created_by, created_at) values ($1, 'x', $2, '2001-01-01')`, [
        '33333333-3333-4333-8333-333333333333',
        forged,
      ]);
      return (await tx.query<{ created_by: string; old: boolean }>(`select created_by, created_at < '2020-01-01' as old from public.stamp_probe`)).rows[0];
    });
    expect(row).toEqual({ created_by: me, old: false });
    await db.pg.exec('drop table public.stamp_probe; delete from private.synced_tables where table_name = $$stamp_probe$$;');
  });
});
