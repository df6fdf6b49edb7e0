/**
 * The memberships list's live local read: every provider–organization membership on this
 * device, joined with its provider and organization (src/lib/membership/membership-directory.ts).
 * A membership deactivated here, on another tab or synced from another device shows at once.
 */
import { combineLatest, map, of, switchMap, type Observable } from 'rxjs';
import { organizationsByName, type LocalDatabase } from '../../../db/index.ts';
import { useLiveQuery, type Live } from '../../../lib/local-data/use-live-query.ts';
import { membershipEntries, type MemberProvider, type MembershipEntry } from '../../../lib/membership/membership-directory.ts';
import type { OrganizationRow } from '../../../lib/membership/membership-rules.ts';

export interface MembershipDirectory {
  entries: MembershipEntry[];
  organizations: OrganizationRow[];
}

function directoryOf(db: LocalDatabase): Observable<MembershipDirectory> {
  return combineLatest([db.memberships.find().$, organizationsByName(db).$]).pipe(
    switchMap(([membershipDocs, organizationDocs]) => {
      const memberships = membershipDocs.map((doc) => doc.toJSON());
      const organizations = organizationDocs.map((doc): OrganizationRow => ({ id: doc.id, legal_name: doc.legal_name, type: doc.type, is_active: doc.is_active }));
      const byOrganization = new Map(organizations.map((organization) => [organization.id, organization]));
      const ids = [...new Set(memberships.map((membership) => membership.provider_id))];
      if (ids.length === 0) return of({ entries: [], organizations });
      return db.providers.findByIds(ids).$.pipe(
        map((providers) => {
          const byProvider = new Map<string, MemberProvider>(
            [...providers.values()].map((doc) => [doc.id, { id: doc.id, first_name: doc.first_name, last_name: doc.last_name, credential: doc.credential, npi: doc.npi, is_active: doc.is_active }]),
          );
          return { entries: membershipEntries(memberships, byProvider, byOrganization), organizations };
        }),
      );
    }),
  );
}

export function useAllMemberships(): Live<MembershipDirectory> {
  return useLiveQuery('all-memberships', directoryOf, 'the memberships');
}
