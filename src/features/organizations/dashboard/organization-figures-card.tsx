/**
 * The dashboard's organization figures (issue 27): organizations without an active provider
 * (nobody there can order) and pickups asked of the courier for today. Counted from the
 * organization list's own index and the shared membership and pickup counts, with the same
 * rules as the list's URL filters, so each figure is the count of the list it links to.
 * What it shows is organization-figures.tsx (also painted from the kept counts first).
 */
import { useMemo } from 'react';
import { useKeptCounts } from '../../../lib/list/kept-counts.ts';
import { createTally, useListTally } from '../../../lib/list/list-tally.ts';
import { useList } from '../../../lib/list/use-list.ts';
import { useActiveMemberCountsState } from '../data/member-counts.ts';
import { organizationListDefinition, type ListOrganization } from '../data/organization-list-definition.ts';
import { usePickupsToday } from '../data/pickups-today.ts';
import { ORGANIZATION_KEPT, OrganizationFigures, type OrganizationCounts } from './organization-figures.tsx';

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
  const live = useMemo<OrganizationCounts | null>(
    () => (tallied && members.ready && pickups.ready ? { without_provider: tallied.without_provider, pickup_today: tallied.pickup_today } : null),
    [tallied, members.ready, pickups.ready],
  );
  // Until the lists are counted, the figures of the last visit today (kept-counts.ts).
  return <OrganizationFigures counts={useKeptCounts(ORGANIZATION_KEPT, live)} />;
}
