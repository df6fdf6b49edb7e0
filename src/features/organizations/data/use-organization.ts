/**
 * The organization of the manage page, live from the local database (the id trimmed and
 * lowercased first). 'not-found' only once this device has finished its first download
 * (before that, an organization that is not here yet is still 'loading'); 'error' when the
 * local read fails.
 */
import { useEffect, useState } from 'react';
import type { OrganizationDoc } from '../../../db/index.ts';
import { useLocalDatabase } from '../../../lib/local-data/use-local-database.ts';
import { useSyncStore } from '../../../stores/sync-store.ts';
import { normalizeOrganizationId } from '../model/organization-paths.ts';

export type OrganizationLoad =
  | { status: 'loading'; organization: null }
  | { status: 'found'; organization: Readonly<OrganizationDoc> }
  | { status: 'not-found'; organization: null }
  | { status: 'error'; organization: null };

type Found = { id: string; doc: Readonly<OrganizationDoc> | null } | { id: string; error: unknown };

export function useOrganization(rawId: string | undefined): OrganizationLoad {
  const id = normalizeOrganizationId(rawId);
  const db = useLocalDatabase();
  const [found, setFound] = useState<Found | null>(null);
  const firstSyncDone = useSyncStore((state) => state.firstSync.done);
  const syncFailed = useSyncStore((state) => !state.firstSync.done && state.phase === 'error');

  useEffect(() => {
    if (!db || id === '') return undefined;
    const subscription = db.organizations.findOne(id).$.subscribe({
      next: (doc) => setFound({ id, doc: doc ? (doc.toJSON() as Readonly<OrganizationDoc>) : null }),
      error: (error: unknown) => {
        console.error('[organizations] loading the organization failed', error);
        setFound({ id, error });
      },
    });
    return () => subscription.unsubscribe();
  }, [db, id]);

  if (id === '') return { status: 'not-found', organization: null };
  if (!found || found.id !== id) return { status: 'loading', organization: null };
  if ('error' in found) return { status: 'error', organization: null };
  if (found.doc) return { status: 'found', organization: found.doc };
  return firstSyncDone || syncFailed ? { status: 'not-found', organization: null } : { status: 'loading', organization: null };
}
