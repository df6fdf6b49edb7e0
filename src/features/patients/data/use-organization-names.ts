/**
 * The client organizations a patient's MRNs can belong to, live from the user's database:
 * id → name (all of them, for showing an MRN's organization) and the active ones sorted
 * (for choosing one).
 */
import { useEffect, useState } from 'react';
import { useLocalDatabase } from './use-data-layer.ts';

export interface OrganizationChoice {
  id: string;
  name: string;
  active: boolean;
}

export function useOrganizations(): OrganizationChoice[] {
  const db = useLocalDatabase();
  const [organizations, setOrganizations] = useState<OrganizationChoice[]>([]);
  useEffect(() => {
    if (!db) return undefined;
    const subscription = db.organizations.find({ sort: [{ sort_name: 'asc' }, { id: 'asc' }] }).$.subscribe((docs) =>
      setOrganizations(docs.map((doc) => ({ id: doc.id, name: doc.legal_name, active: doc.is_active }))),
    );
    return () => subscription.unsubscribe();
  }, [db]);
  return organizations;
}
