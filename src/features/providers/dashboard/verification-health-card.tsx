/**
 * The dashboard's verification health (issue 27): providers by PECOS state (with a bar),
 * Medicare Part B ordering, stale checks and deactivated NPIs. Counted from the provider
 * list's own in-memory index (list-tally.ts), with the same rules as the list's URL filters
 * (provider-checks.ts), so each figure is the count of the list it links to, offline too.
 * What it shows is verification-health-figures.tsx (also painted from the kept counts
 * before this code arrives).
 */
import { useMemo } from 'react';
import { useKeptCounts } from '../../../lib/list/kept-counts.ts';
import { createTally, useListTally } from '../../../lib/list/list-tally.ts';
import { useProviderList } from '../data/use-provider-list.ts';
import type { ListProvider } from '../data/provider-list-source.ts';
import { matchesNppes, matchesPartB, matchesPecos } from '../model/provider-checks.ts';
import { pecosStatus } from '../model/pecos-status.ts';
import { VERIFICATION_KEPT, VerificationHealthFigures, type VerificationFigure } from './verification-health-figures.tsx';

/** The figures, for a day (the 90-day and one-year rules move with the date). */
export function verificationRules(now: number): Record<VerificationFigure, (row: ListProvider) => boolean> {
  return {
    enrolled: (row) => matchesPecos(row, 'enrolled', now),
    not_enrolled: (row) => matchesPecos(row, 'not_enrolled', now),
    never_verified: (row) => matchesPecos(row, 'never_verified', now),
    no_npi: (row) => pecosStatus(row).state === 'npi_required',
    pecos_stale: (row) => matchesPecos(row, 'stale', now),
    part_b_eligible: (row) => matchesPartB(row, 'eligible'),
    part_b_not_eligible: (row) => matchesPartB(row, 'not_eligible'),
    nppes_stale: (row) => matchesNppes(row, 'stale', now),
    npi_deactivated: (row) => matchesNppes(row, 'deactivated', now),
  };
}

const dayStart = () => new Date(new Date().toDateString()).getTime();

export function VerificationHealthCard() {
  const list = useProviderList('all');
  const day = dayStart();
  // One tally per day: it remembers what each row matched.
  const tally = useMemo(() => createTally(verificationRules(Date.now())), [day]); // eslint-disable-line react-hooks/exhaustive-deps
  // Until the list is counted, the figures of the last visit today (kept-counts.ts).
  return <VerificationHealthFigures counts={useKeptCounts(VERIFICATION_KEPT, useListTally(list, tally))} />;
}
