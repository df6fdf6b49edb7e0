/**
 * What the organization card shows, given its counts, each figure linking to the list it
 * counts. Light on purpose (no local data): painted with the counts kept at the last visit
 * before the live card's code has arrived (KeptOrganizationFigures), then by the live card
 * (organization-figures-card.tsx) with the same markup.
 */
import { Figure, FigureCard } from '../../../components/dashboard/figure-card.tsx';
import { useKeptCounts } from '../../../lib/list/kept-counts.ts';
import { filteredListPath } from '../../../lib/list/url-filters.ts';
import { ORGANIZATION_LIST_FILTERS, PICKUP_TODAY_LABEL } from '../model/organization-list-filters.ts';
import { LIST_PATHS } from '../model/organization-paths.ts';

export const WITHOUT_PROVIDER_PATH = filteredListPath(LIST_PATHS.all, ORGANIZATION_LIST_FILTERS, { providers: 'none' });
export const PICKUP_TODAY_PATH = filteredListPath(LIST_PATHS.all, ORGANIZATION_LIST_FILTERS, { pickup: 'today' });

export type OrganizationCounts = Readonly<{ without_provider: number; pickup_today: number }>;

/** The name its counts are kept under (kept-counts.ts). */
export const ORGANIZATION_KEPT = 'organization-figures';

export function OrganizationFigures({ counts }: { counts: OrganizationCounts | null }) {
  return (
    <FigureCard title="Organizations" description="Client accounts that need a look today." testId="dashboard-organizations">
      <Figure
        label="Organizations without an active provider"
        count={counts ? counts.without_provider : null}
        to={WITHOUT_PROVIDER_PATH}
        tone="warning"
        testId="figure-organizations-without-provider"
      />
      <Figure label={`Organizations with a ${PICKUP_TODAY_LABEL.toLowerCase()}`} count={counts ? counts.pickup_today : null} to={PICKUP_TODAY_PATH} testId="figure-pickups-today" />
    </FigureCard>
  );
}

/** The card with the counts kept at the last visit today, until the live card replaces it. */
export function KeptOrganizationFigures() {
  return <OrganizationFigures counts={useKeptCounts<OrganizationCounts>(ORGANIZATION_KEPT, null)} />;
}
