/**
 * The signed-in provider's own record: their profile's provider link, and that provider
 * from the local database (a provider login syncs only its own record and what hangs off
 * it). 'unlinked' when the account has no provider record (anymore).
 */
import { map, of, switchMap } from 'rxjs';
import type { ProviderDoc } from '../../db/index.ts';
import { useLiveQuery, type Live } from '../../lib/local-data/use-live-query.ts';

export type MyProvider = { kind: 'linked'; provider: Readonly<ProviderDoc> } | { kind: 'waiting' } | { kind: 'unlinked' };

export function useMyProvider(userId: string | null): Live<MyProvider> {
  return useLiveQuery(
    userId ? `my-provider:${userId}` : null,
    (db) =>
      db.profiles.findOne(userId ?? '').$.pipe(
        switchMap((profile) => {
          const providerId = profile?.provider_id ?? null;
          if (!profile) return of<MyProvider>({ kind: 'waiting' });
          if (!providerId) return of<MyProvider>({ kind: 'unlinked' });
          return db.providers.findOne(providerId).$.pipe(
            map((doc): MyProvider => (doc ? { kind: 'linked', provider: doc.toJSON() as Readonly<ProviderDoc> } : { kind: 'waiting' })),
          );
        }),
      ),
    'your provider record',
  );
}
