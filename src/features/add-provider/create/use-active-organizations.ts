/**
 * The organizations a new provider can join (spec §7): the active ones on this device,
 * ordered by legal name, read live from the local database (an organization synced while
 * the form is open appears in the list), with what the organization search matches.
 */
import { useEffect, useState } from 'react';
import { organizationsByName, type LocalDatabase } from '../../../db/index.ts';

export interface OrganizationOption {
  id: string;
  legal_name: string;
  type: string;
  dba_name: string | null;
  npi: string | null;
  account_number: string | null;
  city: string | null;
}

function cityOf(address: unknown): string | null {
  if (!address || typeof address !== 'object') return null;
  const city = (address as { city?: unknown }).city;
  return typeof city === 'string' && city.trim() ? city.trim() : null;
}

export type OrganizationsState =
  | { status: 'loading'; organizations: readonly OrganizationOption[] }
  | { status: 'ready'; organizations: readonly OrganizationOption[] }
  | { status: 'error'; organizations: readonly OrganizationOption[] };

const LOADING: OrganizationsState = { status: 'loading', organizations: [] };

export function useActiveOrganizations(db: LocalDatabase | null): OrganizationsState {
  const [state, setState] = useState<{ db: LocalDatabase | null; value: OrganizationsState }>({ db: null, value: LOADING });
  useEffect(() => {
    if (!db) return;
    const subscription = organizationsByName(db, { activeOnly: true }).$.subscribe({
      next: (docs) =>
        setState({
          db,
          value: { status: 'ready', organizations: docs.map((doc) => ({
            id: doc.id,
            legal_name: doc.legal_name,
            type: doc.type,
            dba_name: doc.dba_name ?? null,
            npi: doc.npi ?? null,
            account_number: doc.account_number ?? null,
            city: cityOf(doc.practice_address),
          })) },
        }),
      error: (error: unknown) => {
        console.error('[add-provider] reading the organizations failed', error);
        setState({ db, value: { status: 'error', organizations: [] } });
      },
    });
    return () => subscription.unsubscribe();
  }, [db]);
  // A result of another database (another user signed in meanwhile) is not shown.
  return state.db === db && db ? state.value : LOADING;
}
