/**
 * The dashboard's organization figures (issue 27): organizations without an active provider
 * (nobody there can order) and pickups asked of the courier for today. Counted from the
 * organization list's own index and the shared membership and pickup counts, with the same
 * rules as the list's URL filters, so each figure is the count of the list it links to.
 */
import { useMemo } from 'react';
import { Figure, FigureCard } from '../../../components/dashboard/figure-card.tsx';
import { useKeptCounts } from '../../../lib/list/kept-counts.ts';
import { createTally, useListTally } from '../../../lib/list/list-tally.ts';
import { filteredListPath } from '../../../lib/list/url-filters.ts';
import { useList } from '../../../lib/list/use-list.ts';
import { useActiveMemberCountsState } from '../data/member-counts.ts';
import { organizationListDefinition, type ListOrganization } from '../data/organization-list-definition.ts';
import { usePickupsToday } from '../data/pickups-today.ts';
import { ORGANIZATION_LIST_FILTERS, PICKUP_TODAY_LABEL } from '../model/organization-list-filters.ts';
import { LIST_PATHS } from '../model/organization-paths.ts';

export const WITHOUT_PROVIDER_PATH = filteredListPath(LIST_PATHS.all, ORGANIZATION_LIST_FILTERS, { providers: 'none' });
export const PICKUP_TODAY_PATH = filteredListPath(LIST_PATHS.all, ORGANIZATION_LIST_FILTERS, { pickup: 'today' });

export function OrganizationFiguresCard() {
  const list = useList(organizationListDefinition, 'all');
  const members = useActiveMemberCountsState();
  const pickups = usePickupsToday();
  // New rules (and so a recount) whenever the membership or pickup counts change.
  const tally = useMemo(
    () =>
      createTally({
        without_provider: (row: ListOrganization) => !members.counts.get(row.id),
        pickup_today: (row: ListOrganization) => (pickups.counts.get(row.id) ?? 0) > 0,
      }),
    [members.counts, pickups.counts],
  );
  const tallied = useListTally(list, tally);
  const live = useMemo(
    () => (tallied && members.ready && pickups.ready ? { without_provider: tallied.without_provider, pickup_today: tallied.pickup_today } : null),
    [tallied, members.ready, pickups.ready],
  );
  // Until the lists are counted, the figures of the last visit today (kept-counts.ts).
  const counts = useKeptCounts('organization-figures', live);
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
