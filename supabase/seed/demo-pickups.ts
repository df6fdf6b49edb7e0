/**
 * The demo's extra pickup requests (public.pickup_requests): one for today and an open one
 * for next week, one the courier collected and one a client cancelled, so the schedule tab
 * shows each state and the dashboard's "pickups today" counts one. Dated live
 * (render-sql.ts live()): the dates move to the day the seed runs.
 */
import type { DemoOrganization } from './demo-organizations.ts';
import { daysAgo, seedUuid } from './ids.ts';
import { live, type SqlRow } from './render-sql.ts';

const day = (iso: string) => live(iso.slice(0, 10), 'date');

export function demoPickupRequests(organizations: readonly DemoOrganization[], requestedBy: string): SqlRow[] {
  const id = (key: string) => {
    const organization = organizations.find((candidate) => candidate.key === key);
    if (!organization) throw new Error(`No demo organization ${key}`);
    return organization.id;
  };
  const request = (key: string, name: string, fields: Omit<SqlRow, 'id' | 'organization_id' | 'requested_by'>): SqlRow => ({
    id: seedUuid(`pickup:${key}:${name}`),
    organization_id: id(key),
    requested_by: requestedBy,
    cancelled_at: null,
    cancelled_by: null,
    collected_at: null,
    ...fields,
  });
  return [
    request('hudson-valley', 'today', {
      pickup_date: day(daysAgo(0)),
      window_start: '15:00',
      window_end: '16:00',
      specimen_count: 12,
      transport_temperature: 'ambient',
      note: null,
      status: 'requested',
      created_at: live(daysAgo(1, 16)),
      updated_at: live(daysAgo(1, 16)),
    }),
    request('capital-region', 'open', {
      pickup_date: day(daysAgo(-6)),
      window_start: '13:00',
      window_end: '14:00',
      specimen_count: 18,
      transport_temperature: 'refrigerated',
      note: 'Extra draw for the anticoagulation clinic.',
      status: 'requested',
      created_at: live(daysAgo(2, 9)),
      updated_at: live(daysAgo(2, 9)),
    }),
    request('capital-region', 'collected', {
      pickup_date: day(daysAgo(5)),
      window_start: '12:00',
      window_end: '13:00',
      specimen_count: 7,
      transport_temperature: 'ambient',
      note: null,
      status: 'collected',
      collected_at: live(daysAgo(5, 12, 40)),
      created_at: live(daysAgo(6, 15)),
      updated_at: live(daysAgo(5, 12, 40)),
    }),
    request('empire-drug-testing', 'cancelled', {
      pickup_date: day(daysAgo(3)),
      window_start: '17:00',
      window_end: '18:00',
      specimen_count: 25,
      transport_temperature: 'ambient',
      note: 'Screening event moved to next month.',
      status: 'cancelled',
      cancelled_at: live(daysAgo(4, 10)),
      cancelled_by: requestedBy,
      created_at: live(daysAgo(8, 11)),
      updated_at: live(daysAgo(4, 10)),
    }),
  ];
}
