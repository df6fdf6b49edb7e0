/**
 * Supabase's linter rules (lints.ts) over the migrated schema: nothing above INFO, and no
 * foreign key without a covering index (INFO, but every table of the second wave is held
 * to it: the organization pages read memberships by organization, the timeline by author).
 */
import { describe, expect, it } from 'vitest';
import type { TestDatabase } from './databases.ts';
import { lints } from './lints.ts';


export function describeLints(current: () => TestDatabase): void {
  describe('Supabase linter rules', () => {
    it.each(lints().map((lint) => [`${lint.level} ${lint.name}`, lint] as const))('%s: no finding', async (_label, lint) => {
      const findings = (await current().asOwner(lint.sql)).map((row) => String(row.finding));
      expect(findings).toEqual([]);
    });

    it('policies call the access helpers of schema private only (one definition of access)', async () => {
      const onPublicHelpers = await current().asOwner(`
        select format('%s: %s', tablename, policyname) as finding from pg_policies
         where coalesce(qual, '') ~ 'public\\.(is_|my_)' or coalesce(with_check, '') ~ 'public\\.(is_|my_)'
         order by 1`);
      expect(onPublicHelpers).toEqual([]);
      const onStaff = await current().asOwner(`select count(*)::int as n from pg_policies where schemaname = 'public' and qual ~ 'private\\.is_staff'`);
      expect(onStaff[0]!.n).toBeGreaterThan(5);
    });

    it('finds an unindexed foreign key when one is added, and not once it is covered', async () => {
      const unindexed = lints().find((lint) => lint.name === 'unindexed_foreign_keys')!;
      await current().asOwner('begin');
      try {
        await current().asOwner(`create table public.lint_probe (id uuid primary key, provider_id uuid references public.providers (id), note text)`);
        const probeFindings = async () =>
          (await current().asOwner(unindexed.sql)).map((row) => String(row.finding)).filter((finding) => finding.includes('lint_probe'));
        expect(await probeFindings()).toEqual(['public.lint_probe (lint_probe_provider_id_fkey)']);
        // An index that the key's column leads covers it; one it does not lead would not.
        await current().asOwner(`create index lint_probe_by_note on public.lint_probe (note, provider_id)`);
        expect(await probeFindings()).toEqual(['public.lint_probe (lint_probe_provider_id_fkey)']);
        await current().asOwner(`create index lint_probe_by_provider on public.lint_probe (provider_id, note)`);
        expect(await probeFindings()).toEqual([]);
      } finally {
        await current().asOwner('rollback');
      }
    });
  });
}
