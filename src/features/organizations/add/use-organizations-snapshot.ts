/**
 * The organizations on this device, read once per change of the local database, for the
 * add flow's checks: an NPI already in the directory, and the next free account number.
 */
import { useEffect, useState } from 'react';
import { readAllDocs, watchChanges, type OrganizationDoc } from '../../../db/index.ts';
import { useLocalDatabase } from '../../../lib/local-data/use-local-database.ts';

export function useOrganizationsSnapshot(): ReadonlyArray<Readonly<OrganizationDoc>> | null {
  const db = useLocalDatabase();
  const [docs, setDocs] = useState<ReadonlyArray<Readonly<OrganizationDoc>> | null>(null);
  useEffect(() => {
    if (!db) return undefined;
    let cancelled = false;
    const read = () =>
      void readAllDocs(db, 'organizations').then(
        (all) => !cancelled && setDocs(all),
        (error: unknown) => console.error('[organizations] reading the organizations failed', error),
      );
    read();
    const subscription = watchChanges(db, 'organizations').subscribe(() => read());
    return () => {
      cancelled = true;
      subscription.unsubscribe();
    };
  }, [db]);
  return docs;
}
