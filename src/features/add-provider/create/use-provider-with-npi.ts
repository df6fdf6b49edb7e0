/**
 * The provider on this device that already has the NPI being added, if any, read live so
 * the create page can warn before the user fills the form (the save blocks it anyway).
 */
import { useEffect, useState } from 'react';
import { providerByNpi, type LocalDatabase } from '../../../db/index.ts';
import { providerDisplayName } from '../../../lib/provider/provider-name.ts';

export interface ExistingProviderView {
  id: string;
  name: string;
}

export function useProviderWithNpi(db: LocalDatabase | null, npi: string | null): ExistingProviderView | null {
  const [found, setFound] = useState<{ key: string; provider: ExistingProviderView | null } | null>(null);
  const wanted = npi?.trim() ?? '';
  useEffect(() => {
    if (!db || !wanted) return;
    const subscription = providerByNpi(db, wanted).$.subscribe({
      next: (doc) => setFound({ key: wanted, provider: doc ? { id: doc.id, name: providerDisplayName(doc) || `NPI ${wanted}` } : null }),
      error: (error: unknown) => console.error('[add-provider] looking up the NPI on this device failed', error),
    });
    return () => subscription.unsubscribe();
  }, [db, wanted]);
  return found && found.key === wanted ? found.provider : null;
}
