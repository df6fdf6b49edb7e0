/**
 * The People tab's live local reads: the organization's memberships (active or not) joined
 * with their providers, the login accounts linked to those providers (profiles.provider_id),
 * and, while the Add Provider dialog is open, every provider on this device to choose from.
 * A membership added or removed here, on another tab or on another device shows at once.
 */
import { combineLatest, from, map, of, switchMap, type Observable } from 'rxjs';
import type { LocalDatabase, OrganizationDoc, ProfileDoc } from '../../../db/index.ts';
import { useLiveQuery, type Live } from '../../../lib/local-data/use-live-query.ts';
import { membershipEntries, type MemberProvider, type MembershipEntry } from '../../../lib/membership/membership-directory.ts';

export interface OrganizationPeople {
  entries: MembershipEntry[];
  /** Login accounts by provider id. */
  accounts: ReadonlyMap<string, Array<Readonly<ProfileDoc>>>;
}

const memberProvider = (doc: { id: string; first_name: string; last_name: string; credential: string | null; npi: string | null; is_active: boolean }): MemberProvider => ({
  id: doc.id,
  first_name: doc.first_name,
  last_name: doc.last_name,
  credential: doc.credential,
  npi: doc.npi,
  is_active: doc.is_active,
});

function peopleOf(db: LocalDatabase, organization: Readonly<OrganizationDoc>): Observable<OrganizationPeople> {
  const organizations = new Map([[organization.id, organization]]);
  return db.memberships.find({ selector: { organization_id: organization.id } }).$.pipe(
    map((docs) => docs.map((doc) => doc.toJSON())),
    switchMap((memberships) => {
      const ids = [...new Set(memberships.map((membership) => membership.provider_id))];
      if (ids.length === 0) return of({ entries: [], accounts: new Map() });
      return combineLatest([db.providers.findByIds(ids).$, db.profiles.find({ selector: { provider_id: { $in: ids } } }).$]).pipe(
        map(([providers, profiles]) => {
          const byId = new Map([...providers.values()].map((doc) => [doc.id, memberProvider(doc)]));
          const accounts = new Map<string, Array<Readonly<ProfileDoc>>>();
          for (const profile of profiles) {
            if (!profile.provider_id) continue;
            accounts.set(profile.provider_id, [...(accounts.get(profile.provider_id) ?? []), profile.toJSON()]);
          }
          return { entries: membershipEntries(memberships, byId, organizations), accounts };
        }),
      );
    }),
  );
}

export function useOrganizationPeople(organization: Readonly<OrganizationDoc>): Live<OrganizationPeople> {
  return useLiveQuery(`people:${organization.id}`, (db) => peopleOf(db, organization), 'the organization providers');
}

/** Every provider on this device (read once per opening of the dialog: there can be tens of thousands). */
export function useAllProviders(enabled: boolean): Live<MemberProvider[]> {
  return useLiveQuery(
    enabled ? 'all-providers' : null,
    (db) => from(db.providers.find().exec()).pipe(map((docs) => docs.map((doc) => memberProvider(doc)))),
    'the providers',
  );
}
