/**
 * Pickups asked of the courier for today, per organization (the dashboard's figure and the
 * organization list's `?pickup=today` filter): requests still open (`requested`) whose
 * pickup date is today on this device's calendar. Kept current from the change stream
 * (grouped-counts.ts); the day is part of the rule's name, so a new day counts afresh.
 */
import { useMemo } from 'react';
import type { PickupRequestDoc } from '../../../db/index.ts';
import { useGroupedCounts, type CountRule, type GroupedCounts } from '../../../lib/local-data/grouped-counts.ts';
import { useLocalDatabase } from '../../../lib/local-data/use-local-database.ts';

/** Today's date on this device, as the pickup requests store it (yyyy-MM-dd). */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function pickupsOnRule(day: string): CountRule<'pickup_requests'> {
  return {
    name: `organizations:pickups:${day}`,
    collection: 'pickup_requests',
    keyOf: (doc: PickupRequestDoc) => (doc.status === 'requested' && doc.pickup_date === day ? doc.organization_id : null),
  };
}

/** Open pickup requests for today per organization id, and whether they have been read. */
export function usePickupsToday(): { counts: GroupedCounts; ready: boolean } {
  const day = localToday();
  const rule = useMemo(() => pickupsOnRule(day), [day]);
  return useGroupedCounts(useLocalDatabase(), rule);
}
