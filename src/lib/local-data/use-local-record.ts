/**
 * One record of a manage page (a provider, an organization), live from the local database
 * by its id (already normalized by the caller). 'not-found' only once this device has
 * finished its first download (before that, a record that is not here yet is still
 * 'loading'); 'error' when the local read fails.
 */
import { useEffect, useState } from 'react';
import type { Observable } from 'rxjs';
import type { OrganizationDoc, ProviderDoc } from '../../db/index.ts';
import { useSyncStore } from '../../stores/sync-store.ts';
import { useLocalDatabase } from './use-local-database.ts';

export type RecordLoad<D> =
  | { status: 'loading'; record: null }
  | { status: 'found'; record: Readonly<D> }
  | { status: 'not-found'; record: null }
  | { status: 'error'; record: null; error: unknown };

type Found<D> = { id: string; doc: Readonly<D> | null } | { id: string; error: unknown };

/** The collections a manage page shows one record of, and their documents. */
interface RecordDocs {
  providers: ProviderDoc;
  organizations: OrganizationDoc;
}

type DocOf<K extends keyof RecordDocs> = RecordDocs[K];

export function useLocalRecord<K extends keyof RecordDocs>(collection: K, id: string, label: string): RecordLoad<DocOf<K>> {
  const db = useLocalDatabase();
  const [found, setFound] = useState<Found<DocOf<K>> | null>(null);
  const firstSyncDone = useSyncStore((state) => state.firstSync.done);
  const syncFailed = useSyncStore((state) => !state.firstSync.done && state.phase === 'error');

  useEffect(() => {
    if (!db || id === '') return undefined;
    const doc$ = db[collection].findOne(id).$ as Observable<{ toJSON: () => unknown } | null>;
    const subscription = doc$.subscribe({
      next: (doc) => setFound({ id, doc: doc ? (doc.toJSON() as Readonly<DocOf<K>>) : null }),
      error: (error: unknown) => {
        console.error(`[local-data] loading the ${label} failed`, error);
        setFound({ id, error });
      },
    });
    return () => subscription.unsubscribe();
  }, [db, id, collection, label]);

  if (id === '') return { status: 'not-found', record: null };
  if (!found || found.id !== id) return { status: 'loading', record: null };
  if ('error' in found) return { status: 'error', record: null, error: found.error };
  if (found.doc) return { status: 'found', record: found.doc };
  return firstSyncDone || syncFailed ? { status: 'not-found', record: null } : { status: 'loading', record: null };
}
