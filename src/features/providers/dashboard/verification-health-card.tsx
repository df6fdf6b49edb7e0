/**
 * The dashboard's verification health (issue 27): providers by PECOS state (with a bar),
 * Medicare Part B ordering, stale checks and deactivated NPIs. Counted from the provider
 * list's own in-memory index (list-tally.ts), with the same rules as the list's URL filters
 * (provider-checks.ts), so each figure is the count of the list it links to, offline too.
 */
import { Box, Separator } from '@chakra-ui/react';
import { useMemo } from 'react';
import { Figure, FigureCard, StackedBar } from '../../../components/dashboard/figure-card.tsx';
import { filteredListPath } from '../../../lib/list/url-filters.ts';
import { useKeptCounts } from '../../../lib/list/kept-counts.ts';
import { createTally, useListTally } from '../../../lib/list/list-tally.ts';
import { useProviderList } from '../data/use-provider-list.ts';
import type { ListProvider } from '../data/provider-list-source.ts';
import { LIST_PATHS } from '../list/list-paths.ts';
import { CHECK_LABELS, matchesNppes, matchesPartB, matchesPecos, PROVIDER_LIST_FILTERS, type ProviderCheckFilters } from '../model/provider-checks.ts';
import { pecosStatus } from '../model/pecos-status.ts';

/** The figures, for a day (the 90-day and one-year rules move with the date). */
export function verificationRules(now: number) {
  return {
    enrolled: (row: ListProvider) => matchesPecos(row, 'enrolled', now),
    not_enrolled: (row: ListProvider) => matchesPecos(row, 'not_enrolled', now),
    never_verified: (row: ListProvider) => matchesPecos(row, 'never_verified', now),
    no_npi: (row: ListProvider) => pecosStatus(row).state === 'npi_required',
    pecos_stale: (row: ListProvider) => matchesPecos(row, 'stale', now),
    part_b_eligible: (row: ListProvider) => matchesPartB(row, 'eligible'),
    part_b_not_eligible: (row: ListProvider) => matchesPartB(row, 'not_eligible'),
    nppes_stale: (row: ListProvider) => matchesNppes(row, 'stale', now),
    npi_deactivated: (row: ListProvider) => matchesNppes(row, 'deactivated', now),
  };
}

/** A link to the provider list with one check filter set. */
export function providerListLink(filters: Partial<ProviderCheckFilters>): string {
  return filteredListPath(LIST_PATHS.all, PROVIDER_LIST_FILTERS, filters);
}

const dayStart = () => new Date(new Date().toDateString()).getTime();

export function VerificationHealthCard() {
  const list = useProviderList('all');
  const day = dayStart();
  // One tally per day: it remembers what each row matched.
  const tally = useMemo(() => createTally(verificationRules(Date.now())), [day]); // eslint-disable-line react-hooks/exhaustive-deps
  // Until the list is counted, the figures of the last visit today (kept-counts.ts).
  const counts = useKeptCounts('verification-health', useListTally(list, tally));
  const count = (key: keyof ReturnType<typeof verificationRules>) => (counts ? counts[key] : null);

  return (
    <FigureCard title="Verification health" description="Every provider on this device, by what the registries last said." testId="dashboard-verification">
      {counts && (
        <StackedBar
          label={`PECOS: ${counts.enrolled} enrolled, ${counts.not_enrolled} not enrolled, ${counts.never_verified} never verified, ${counts.no_npi} without an NPI`}
          testId="dashboard-pecos-bar"
          segments={[
            { key: 'enrolled', label: 'Enrolled', count: counts.enrolled, color: 'green.solid', to: providerListLink({ pecos: 'enrolled' }) },
            { key: 'not_enrolled', label: 'Not enrolled', count: counts.not_enrolled, color: 'red.solid', to: providerListLink({ pecos: 'not_enrolled' }) },
            { key: 'never_verified', label: 'Never verified', count: counts.never_verified, color: 'gray.400', to: providerListLink({ pecos: 'never_verified' }) },
            { key: 'no_npi', label: 'No NPI', count: counts.no_npi, color: 'orange.300', to: LIST_PATHS.non_healthcare },
          ]}
        />
      )}
      <Box>
        <Figure label={CHECK_LABELS.pecos.enrolled} count={count('enrolled')} to={providerListLink({ pecos: 'enrolled' })} tone="success" testId="figure-pecos-enrolled" />
        <Figure label={CHECK_LABELS.pecos.not_enrolled} count={count('not_enrolled')} to={providerListLink({ pecos: 'not_enrolled' })} tone="danger" testId="figure-pecos-not-enrolled" />
        <Figure label={CHECK_LABELS.pecos.never_verified} count={count('never_verified')} to={providerListLink({ pecos: 'never_verified' })} tone="warning" testId="figure-pecos-never-verified" />
        <Figure label={CHECK_LABELS.pecos.stale} count={count('pecos_stale')} to={providerListLink({ pecos: 'stale' })} tone="warning" testId="figure-pecos-stale" />
      </Box>
      <Separator />
      <Box>
        <Figure label={CHECK_LABELS.part_b.eligible} count={count('part_b_eligible')} to={providerListLink({ part_b: 'eligible' })} tone="success" testId="figure-part-b-eligible" />
        <Figure label={CHECK_LABELS.part_b.not_eligible} count={count('part_b_not_eligible')} to={providerListLink({ part_b: 'not_eligible' })} tone="danger" testId="figure-part-b-not-eligible" />
      </Box>
      <Separator />
      <Box>
        <Figure label={CHECK_LABELS.nppes.stale} count={count('nppes_stale')} to={providerListLink({ nppes: 'stale' })} tone="warning" testId="figure-nppes-stale" />
        <Figure label={CHECK_LABELS.nppes.deactivated} count={count('npi_deactivated')} to={providerListLink({ nppes: 'deactivated' })} tone="danger" testId="figure-npi-deactivated" />
      </Box>
    </FigureCard>
  );
}
