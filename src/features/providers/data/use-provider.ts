/**
 * The provider of the manage page, live from the local database (spec §2: the id is
 * lowercased and trimmed first). 'not-found' only once this device has finished its first
 * download (before that, a provider that is not here yet is still 'loading'); 'error' when
 * the local read fails.
 */
import { useEffect, useState } from 'react';
import type { ProviderDoc } from '../../../db/index.ts';
import { useSyncStore } from '../../../stores/sync-store.ts';
import { normalizeProviderId } from '../model/manage-route.ts';
import { useLocalDatabase } from '../../../lib/local-data/use-local-database.ts';

export type ProviderLoad =
  | { status: 'loading'; provider: null }
  | { status: 'found'; provider: Readonly<ProviderDoc> }
  | { status: 'not-found'; provider: null }
  | { status: 'error'; provider: null; error: unknown };

type Found = { id: string; doc: Readonly<ProviderDoc> | null } | { id: string; error: unknown };

export function useProvider(rawId: string | undefined): ProviderLoad {
  const id = normalizeProviderId(rawId);
  const db = useLocalDatabase();
  const [found, setFound] = useState<Found | null>(null);
  const firstSyncDone = useSyncStore((state) => state.firstSync.done);
  const syncFailed = useSyncStore((state) => !state.firstSync.done && state.phase === 'error');

  useEffect(() => {
    if (!db || id === '') return undefined;
    const subscription = db.providers.findOne(id).$.subscribe({
      next: (doc) => setFound({ id, doc: doc ? (doc.toJSON() as Readonly<ProviderDoc>) : null }),
      error: (error: unknown) => {
        console.error('[providers] loading the provider failed', error);
        setFound({ id, error });
      },
    });
    return () => subscription.unsubscribe();
  }, [db, id]);

  if (id === '') return { status: 'not-found', provider: null };
  if (!found || found.id !== id) return { status: 'loading', provider: null };
  if ('error' in found) return { status: 'error', provider: null, error: found.error };
  if (found.doc) return { status: 'found', provider: found.doc };
  return firstSyncDone || syncFailed ? { status: 'not-found', provider: null } : { status: 'loading', provider: null };
}
