import { describe, expect, it } from 'vitest';
import { createTally } from '../../../lib/list/list-tally.ts';
import { slimRow } from '../data/first-page-snapshot.ts';
import type { ListProvider } from '../data/provider-list-source.ts';
import { verificationRules } from '../dashboard/verification-health-card.tsx';
import { activeCheckLabels, matchesNppes, matchesPartB, matchesPecos, PROVIDER_LIST_FILTERS, providerCheckPredicate, slimNppesData } from './provider-checks.ts';
import { readUrlFilters } from '../../../lib/list/url-filters.ts';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const DAY = 86_400_000;
const iso = (daysAgo: number) => new Date(NOW - daysAgo * DAY).toISOString();

function provider(id: string, fields: Partial<ListProvider> = {}): ListProvider {
  return {
    id,
    npi: '1234567893',
    first_name: 'A',
    last_name: id,
    pecos_verified: false,
    pecos_verification_date: null,
    pecos_verification_data: null,
    nppes_data: null,
    ...fields,
  } as ListProvider;
}

const nppes = (status: string, lastUpdated: string) => ({ result_count: 1, results: [{ number: '1234567893', basic: { status, last_updated: lastUpdated } }] });

const rows = [
  provider('enrolled-fresh', { pecos_verified: true, pecos_verification_date: iso(10), pecos_verification_data: { npi: '1234567893', can_order_part_b: true }, nppes_data: nppes('A', '2026-06-01') }),
  provider('enrolled-old', { pecos_verified: true, pecos_verification_date: iso(91), pecos_verification_data: { npi: '1234567893', can_order_part_b: false }, nppes_data: nppes('A', '2020-01-01') }),
  provider('not-enrolled', { pecos_verified: false, pecos_verification_date: iso(5), nppes_data: nppes('D', '2026-01-01') }),
  provider('never', { nppes_data: { result_count: 0, results: [] } }),
  provider('no-npi', { npi: null }),
];

describe('provider checks', () => {
  it('sorts providers by PECOS state, a check older than 90 days counting as stale', () => {
    const pick = (filter: Parameters<typeof matchesPecos>[1]) => rows.filter((row) => matchesPecos(row, filter, NOW)).map((row) => row.id);
    expect(pick('enrolled')).toEqual(['enrolled-fresh', 'enrolled-old']);
    expect(pick('not_enrolled')).toEqual(['not-enrolled']);
    expect(pick('never_verified')).toEqual(['never']);
    expect(pick('stale')).toEqual(['enrolled-old']);
    expect(pick('all')).toHaveLength(5);
  });

  it('reads Part B eligibility from the stored evidence, never guessing without it', () => {
    expect(rows.filter((row) => matchesPartB(row, 'eligible')).map((row) => row.id)).toEqual(['enrolled-fresh']);
    expect(rows.filter((row) => matchesPartB(row, 'not_eligible')).map((row) => row.id)).toEqual(['enrolled-old']);
  });

  it('tells an NPPES record older than a year and a deactivated NPI (status D, or no record)', () => {
    expect(rows.filter((row) => matchesNppes(row, 'stale', NOW)).map((row) => row.id)).toEqual(['enrolled-old']);
    expect(rows.filter((row) => matchesNppes(row, 'deactivated', NOW)).map((row) => row.id)).toEqual(['not-enrolled', 'never']);
  });

  it('keeps in the list row exactly what the NPPES rules read', () => {
    for (const row of rows) {
      const slim = slimRow(row) as ListProvider;
      for (const filter of ['stale', 'deactivated'] as const) expect(matchesNppes(slim, filter, NOW)).toBe(matchesNppes(row, filter, NOW));
      for (const filter of ['enrolled', 'not_enrolled', 'never_verified', 'stale'] as const) expect(matchesPecos(slim, filter, NOW)).toBe(matchesPecos(row, filter, NOW));
    }
    expect(slimNppesData({ big: 'x' })).toBeNull();
    expect(slimNppesData(JSON.stringify(nppes('A', '2020-01-01')))).toEqual({ result_count: 1, results: [{ basic: { status: 'A', last_updated: '2020-01-01' } }] });
  });

  it('reads the filters from the URL and combines them; garbage means no filter', () => {
    const filters = readUrlFilters(new URLSearchParams('pecos=not-enrolled&nppes=deactivated&part_b=maybe'), PROVIDER_LIST_FILTERS);
    expect(filters).toEqual({ pecos: 'not_enrolled', part_b: 'all', nppes: 'deactivated' });
    const predicate = providerCheckPredicate(filters, NOW);
    expect(rows.filter((row) => predicate?.(row)).map((row) => row.id)).toEqual(['not-enrolled']);
    expect(activeCheckLabels(filters)).toEqual(['Not enrolled in PECOS', 'NPI deactivated in NPPES']);
    expect(providerCheckPredicate({ pecos: 'all', part_b: 'all', nppes: 'all' }, NOW)).toBeNull();
  });
});

describe('dashboard tally', () => {
  it('counts each figure as the list filtered by the same rule does', () => {
    const counts = createTally(verificationRules(NOW)).count(rows);
    expect(counts).toEqual({
      enrolled: 2,
      not_enrolled: 1,
      never_verified: 1,
      no_npi: 1,
      pecos_stale: 1,
      part_b_eligible: 1,
      part_b_not_eligible: 1,
      nppes_stale: 1,
      npi_deactivated: 2,
    });
    for (const [pecos, figure] of [['not_enrolled', 'not_enrolled'], ['stale', 'pecos_stale']] as const) {
      const predicate = providerCheckPredicate({ pecos, part_b: 'all', nppes: 'all' }, NOW);
      expect(rows.filter((row) => predicate?.(row)).length).toBe(counts[figure]);
    }
  });

  it('runs the rules again only for rows that changed', () => {
    let calls = 0;
    const tally = createTally({ enrolled: (row: ListProvider) => (calls++, row.pecos_verified === true) });
    expect(tally.count(rows).enrolled).toBe(2);
    expect(calls).toBe(5);
    const changed = rows.map((row) => (row.id === 'never' ? { ...row, pecos_verified: true, pecos_verification_date: iso(1) } : row));
    expect(tally.count(changed).enrolled).toBe(3);
    expect(calls).toBe(6);
  });
});
