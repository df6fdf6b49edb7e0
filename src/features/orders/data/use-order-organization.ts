/** The client organization an order names, from the user's database (the directory). */
import { map } from 'rxjs';
import type { OrganizationDoc } from '../../../db/index.ts';
import { useLiveQuery } from '../../../lib/local-data/use-live-query.ts';

export function useOrderOrganization(id: string | null): OrganizationDoc | null {
  const live = useLiveQuery(
    id ? `order-organization-${id}` : null,
    (db) => db.organizations.findOne(id ?? '').$.pipe(map((doc) => (doc ? (doc.toJSON() as OrganizationDoc) : null))),
    'the order’s organization',
  );
  return live.status === 'ready' ? live.value : null;
}
