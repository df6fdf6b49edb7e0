/**
 * What the verification-health card shows, given its counts: the PECOS bar and the figures,
 * each linking to the provider list it counts. Light on purpose (no local data): the
 * dashboard paints it with the counts kept at the last visit before the live card's code
 * and the provider list have arrived (KeptVerificationHealth), and the live card
 * (verification-health-card.tsx) renders the same view, so the switch moves nothing.
 */
import { Box, Separator } from '@chakra-ui/react';
import { Figure, FigureCard, StackedBar } from '../../../components/dashboard/figure-card.tsx';
import { useKeptCounts } from '../../../lib/list/kept-counts.ts';
import { filteredListPath } from '../../../lib/list/url-filters.ts';
import { LIST_PATHS } from '../list/list-paths.ts';
import { CHECK_LABELS, PROVIDER_LIST_FILTERS, type ProviderCheckFilters } from '../model/provider-checks.ts';

export type VerificationFigure =
  | 'enrolled'
  | 'not_enrolled'
  | 'never_verified'
  | 'no_npi'
  | 'pecos_stale'
  | 'part_b_eligible'
  | 'part_b_not_eligible'
  | 'nppes_stale'
  | 'npi_deactivated';

export type VerificationCounts = Readonly<Record<VerificationFigure, number>>;

/** The name its counts are kept under (kept-counts.ts). */
export const VERIFICATION_KEPT = 'verification-health';

/** A link to the provider list with one check filter set. */
export function providerListLink(filters: Partial<ProviderCheckFilters>): string {
  return filteredListPath(LIST_PATHS.all, PROVIDER_LIST_FILTERS, filters);
}

/** The card; null counts: not counted yet (each figure a skeleton, never a zero). */
export function VerificationHealthFigures({ counts }: { counts: VerificationCounts | null }) {
  const count = (key: VerificationFigure) => (counts ? counts[key] : null);
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

/** The card with the counts kept at the last visit today, until the live card replaces it. */
export function KeptVerificationHealth() {
  return <VerificationHealthFigures counts={useKeptCounts<VerificationCounts>(VERIFICATION_KEPT, null)} />;
}
