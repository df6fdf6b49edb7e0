/**
 * The live local reads of this feature (spec §7's selects, answered by the local database):
 * organizations, a provider's memberships, preferences and delegate approvals (with the
 * delegates' profiles), every profile (the delegate search and the link-user email check
 * run over the profiles synced to this device), and a provider's linked login account
 * (user_roles joined with profiles).
 */
import { combineLatest, map, of, switchMap, type Observable } from 'rxjs';
import type {
  DelegateDoc,
  LocalDatabase,
  MembershipDoc,
  OrganizationDoc,
  PreferenceDoc,
  ProfileDoc,
} from '../../../db/index.ts';
import { organizationsByName } from '../../../db/index.ts';
import { useLiveQuery, type Live } from '../../../lib/local-data/use-live-query.ts';

type Plain<D> = Readonly<D>;

export function useOrganizations(): Live<Plain<OrganizationDoc>[]> {
  return useLiveQuery('organizations', (db) => organizationsByName(db).$.pipe(map((docs) => docs.map((doc) => doc.toJSON() as Plain<OrganizationDoc>))), 'organizations');
}

export function useProviderMemberships(providerId: string): Live<Plain<MembershipDoc>[]> {
  return useLiveQuery(
    `memberships:${providerId}`,
    (db) => db.memberships.find({ selector: { provider_id: providerId } }).$.pipe(map((docs) => docs.map((doc) => doc.toJSON()))),
    'the provider organization data',
  );
}

export function usePreferences(providerId: string): Live<Plain<PreferenceDoc> | null> {
  return useLiveQuery(
    `preferences:${providerId}`,
    (db) => db.preferences.findOne({ selector: { provider_id: providerId } }).$.pipe(map((doc) => (doc ? doc.toMutableJSON() : null))),
    'the provider preferences',
  );
}

export function useProfiles(enabled = true): Live<Plain<ProfileDoc>[]> {
  return useLiveQuery(enabled ? 'profiles' : null, (db) => db.profiles.find().$.pipe(map((docs) => docs.map((doc) => doc.toJSON()))), 'profiles');
}

export interface DelegateEntry {
  approval: Plain<DelegateDoc>;
  /** null while the delegate's profile is not on this device. */
  profile: Plain<ProfileDoc> | null;
}

function delegatesOf(db: LocalDatabase, providerId: string): Observable<DelegateEntry[]> {
  return db.delegates.find({ selector: { provider_id: providerId } }).$.pipe(
    map((docs) => docs.map((doc) => doc.toJSON())),
    switchMap((approvals) => {
      if (approvals.length === 0) return of([]);
      const ids = [...new Set(approvals.map((approval) => approval.delegate_id))];
      return db.profiles.findByIds(ids).$.pipe(
        map((profiles) => approvals.map((approval) => ({ approval, profile: profiles.get(approval.delegate_id)?.toJSON() ?? null }))),
      );
    }),
  );
}

/** Every approval of the provider (active or not) with its delegate's profile. */
export function useProviderDelegates(providerId: string): Live<DelegateEntry[]> {
  return useLiveQuery(`delegates:${providerId}`, (db) => delegatesOf(db, providerId), 'delegates');
}

export interface LinkedUser {
  profile: Plain<ProfileDoc>;
  /** The user has the provider role (set by the invite). */
  hasProviderRole: boolean;
}

function linkedUserOf(db: LocalDatabase, providerId: string): Observable<LinkedUser | null> {
  return db.profiles.find({ selector: { provider_id: providerId } }).$.pipe(
    map((docs) => docs.map((doc) => doc.toJSON())),
    switchMap((profiles) => {
      if (profiles.length === 0) return of(null);
      const roles$ = db.user_roles.find({ selector: { user_id: { $in: profiles.map((profile) => profile.id) }, role: 'provider' } }).$;
      return combineLatest([of(profiles), roles$]).pipe(
        map(([linked, roles]) => {
          const withRole = new Set(roles.map((role) => role.user_id));
          // user_roles joined with profiles, limit 1: the one with the provider role first.
          const [first] = [...linked].sort((a, b) => Number(withRole.has(b.id)) - Number(withRole.has(a.id)));
          return first ? { profile: first, hasProviderRole: withRole.has(first.id) } : null;
        }),
      );
    }),
  );
}

export function useLinkedUser(providerId: string): Live<LinkedUser | null> {
  return useLiveQuery(`linked-user:${providerId}`, (db) => linkedUserOf(db, providerId), 'the linked user');
}
