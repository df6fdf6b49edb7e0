/**
 * The server-written fields of every synced table (migration 20261125100003): whatever a
 * table registers with private.register_synced_table gets created_at / updated_at, and its
 * attribution column, from the server. The Supabase linter's rules on the same schema run
 * in tests/database (PGlite and PostgreSQL).
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
