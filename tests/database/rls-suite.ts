/**
 * Row-level security answered by the database itself: the fixtures and checks of
 * rls-checks.ts under each caller's role and claims. The Data API's own answers
 * (statuses, bodies) are the contract tests' business (tests/contract/rls.test.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Outcome, TestDatabase } from './databases.ts';
import { claimsOf, FIXTURES, RLS_CHECKS, type Expected } from './rls-checks.ts';

function summary(outcome: Outcome): unknown {
  return outcome.ok ? { rows: outcome.rows } : { refused: outcome.code, message: outcome.message };
}

function expectOutcome(outcome: Outcome, expected: Expected): void {
  if ('refused' in expected) {
    expect(summary(outcome)).toMatchObject({ refused: expected.refused });
  } else {
    expect(summary(outcome)).toEqual({ rows: expected.rows });
  }
}

export function describeRls(current: () => TestDatabase): void {
  describe('row-level security', () => {
    beforeAll(async () => {
      await current().asOwner(FIXTURES);
    });

    it.each(RLS_CHECKS.map((check) => [`${check.who} ${check.what}`, check] as const))('%s', async (_label, check) => {
      expectOutcome(await current().asCaller(claimsOf(check.who), check.sql), check.expect);
    });

    it('keeps the audit append-only even for the owner: updates, deletes and truncates are refused by a trigger', async () => {
      const [row] = await current().asOwner(`select id from public.audit_log order by id limit 1`);
      expect(row).toBeDefined();
      for (const sql of [
        `update public.audit_log set action = 'delete' where id = ${String((row as { id: unknown }).id)}`,
        `delete from public.audit_log where id = ${String((row as { id: unknown }).id)}`,
        'truncate public.audit_log',
        'truncate public.access_log',
      ]) {
        await expect(current().asOwner(sql)).rejects.toMatchObject({ code: '42501', message: expect.stringMatching(/is append-only: (update|delete|truncate) refused/) });
      }
      const [after] = await current().asOwner(`select count(*)::int as n from public.audit_log where id = ${String((row as { id: unknown }).id)}`);
      expect(after).toEqual({ n: 1 });
    });

    it('streams every synced table over Realtime but the protected ones, whose changes only send a hint (no patient data)', async () => {
      const published = await current().asOwner(
        `select tablename::text as name from pg_catalog.pg_publication_tables where pubname = 'supabase_realtime' order by 1`,
      );
      const streamed = await current().asOwner(
        `select name from (select table_name as name from private.synced_tables where patient_column is null union all select 'sync_hints') t order by 1`,
      );
      expect(published).toEqual(streamed);
      expect(published).not.toContainEqual({ name: 'patients' });
    });

    it('applied the seed: the directory without a login; every login has its profile', async () => {
      const [row] = await current().asOwner(
        `select (select count(*) from public.organizations)::int as organizations,
                (select count(*) from auth.users)::int as users,
                (select count(*) from public.profiles p join auth.users u on u.id = p.id)::int as profiles`,
      );
      expect(row!.organizations).toBeGreaterThan(0);
      // supabase/seed.sql has no login (the demo logins are the local stack's own step).
      expect(row!.profiles).toBe(row!.users);
    });
  });
}
