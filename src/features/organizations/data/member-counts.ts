/**
 * How many active providers each organization has (the list's "Active providers" column,
 * the manage page's header, the list's `?providers=none` filter and the dashboard's figure),
 * from the local memberships and providers, kept current from their change streams
 * (grouped-counts.ts). A provider counts when their membership is active and they are
 * active themselves: an inactive provider still listed on the People tab is not one of the
 * organization's "active providers".
 */
import { useMemo } from 'react';
import type { MembershipDoc, ProviderDoc } from '../../../db/index.ts';
import { useGroupedCounts, type CountRule, type GroupedCounts } from '../../../lib/local-data/grouped-counts.ts';
import { useLocalDatabase } from '../../../lib/local-data/use-local-database.ts';

const SEPARATOR = '|';

/** Active memberships, one key per organization and provider. */
const ACTIVE_MEMBERSHIPS: CountRule<'memberships'> = {
  name: 'organizations:active-memberships',
  collection: 'memberships',
  keyOf: (doc: MembershipDoc) => (doc.is_active ? `${doc.organization_id}${SEPARATOR}${doc.provider_id}` : null),
};

/** The inactive providers, by id (few: the key set is the answer). */
const INACTIVE_PROVIDERS: CountRule<'providers'> = {
  name: 'organizations:inactive-providers',
  collection: 'providers',
  keyOf: (doc: ProviderDoc) => (doc.is_active ? null : doc.id),
};

/** Active providers per organization: the active memberships whose provider is active. */
export function activeProviderCounts(memberships: GroupedCounts, inactiveProviders: GroupedCounts): GroupedCounts {
  const counts = new Map<string, number>();
  for (const key of memberships.keys()) {
    const at = key.indexOf(SEPARATOR);
    if (inactiveProviders.has(key.slice(at + 1))) continue;
    const organization = key.slice(0, at);
    counts.set(organization, (counts.get(organization) ?? 0) + 1);
  }
  return counts;
}

/** The counts, and whether the memberships and providers have been read yet. */
export function useActiveMemberCountsState(): { counts: GroupedCounts; ready: boolean } {
  const db = useLocalDatabase();
  const memberships = useGroupedCounts(db, ACTIVE_MEMBERSHIPS);
  const inactive = useGroupedCounts(db, INACTIVE_PROVIDERS);
  const counts = useMemo(() => activeProviderCounts(memberships.counts, inactive.counts), [memberships.counts, inactive.counts]);
  return { counts, ready: memberships.ready && inactive.ready };
}

/** Active providers per organization id (empty until read). */
export function useActiveMemberCounts(): GroupedCounts {
  return useActiveMemberCountsState().counts;
}
