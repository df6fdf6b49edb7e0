/**
 * Every account on this device as users-page entries (model/user-entries.ts), live from
 * the local database's profiles and user_roles (and the linked providers' names): offline
 * like every list, and current as the sync brings changes. An admin's device holds every
 * account (RLS gives admins all profiles and roles); the list is hundreds of rows, so the
 * entries are rebuilt whole on a change and searched in memory.
 */
import { combineLatest, map, of, switchMap, type Observable } from 'rxjs';
import type { LocalDatabase } from '../../../db/index.ts';
import { useLiveQuery, type Live } from '../../../lib/local-data/use-live-query.ts';
import { providerDisplayName } from '../../../lib/provider/provider-name.ts';
import { buildUserEntries, type UserEntry } from '../model/user-entries.ts';

export function userEntries$(db: LocalDatabase): Observable<UserEntry[]> {
  const profiles$ = db.profiles.find().$.pipe(map((docs) => docs.map((doc) => doc.toJSON())));
  const roles$ = db.user_roles.find().$.pipe(map((docs) => docs.map((doc) => doc.toJSON())));
  return combineLatest([profiles$, roles$]).pipe(
    switchMap(([profiles, roles]) => {
      const providerIds = [...new Set(profiles.map((profile) => profile.provider_id).filter((id): id is string => !!id))];
      const names$ = providerIds.length
        ? db.providers.findByIds(providerIds).$.pipe(map((docs) => new Map([...docs].map(([id, doc]) => [id, providerDisplayName(doc.toJSON())]))))
        : of(new Map<string, string>());
      return names$.pipe(map((names) => buildUserEntries(profiles, roles, names)));
    }),
  );
}

export function useUserEntries(): Live<UserEntry[]> {
  return useLiveQuery('user-entries', userEntries$, 'the accounts');
}
