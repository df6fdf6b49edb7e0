/**
 * The bulk import benchmark's list of NPIs: the registry simulator's individuals first
 * (about 240, some already in the seeded directory), then valid NPIs it does not know
 * (looked up at the same pace, refused), up to `count`.
 */
import { hasValidCheckDigit } from '../../supabase/functions/_shared/npi.ts';
import { providerSummaries } from '../../supabase/local/simulator/fixtures.ts';

export function benchNpis(count: number): string[] {
  const known = providerSummaries().filter((summary) => summary.enumerationType === 'NPI-1').map((summary) => summary.npi);
  const list = [...known];
  for (let base = 19_000_000_0; list.length < count; base += 1) {
    for (let check = 0; check <= 9; check += 1) if (hasValidCheckDigit(`${base}${check}`)) list.push(`${base}${check}`);
  }
  return list.slice(0, count);
}
