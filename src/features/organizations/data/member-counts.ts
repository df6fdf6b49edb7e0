/**
 * How many active providers each organization has (the list's "Active providers" column,
 * the manage page's header, the list's `?providers=none` filter and the dashboard's figure),
 * from the local memberships, kept current from their change stream (grouped-counts.ts).
 * A membership counts when it is active and not deleted.
 */
import type { MembershipDoc } from '../../../db/index.ts';
import { useGroupedCounts, type CountRule, type GroupedCounts } from '../../../lib/local-data/grouped-counts.ts';
import { useLocalDatabase } from '../../../lib/local-data/use-local-database.ts';

const ACTIVE_MEMBERS: CountRule<'memberships'> = {
  name: 'organizations:active-members',
  collection: 'memberships',
  keyOf: (doc: MembershipDoc) => (doc.is_active ? doc.organization_id : null),
};

/** Active providers per organization id (empty until the memberships are read). */
export function useActiveMemberCounts(): GroupedCounts {
  return useGroupedCounts(useLocalDatabase(), ACTIVE_MEMBERS).counts;
}

/** The same counts, and whether the memberships have been read yet. */
export function useActiveMemberCountsState(): { counts: GroupedCounts; ready: boolean } {
  return useGroupedCounts(useLocalDatabase(), ACTIVE_MEMBERS);
}
