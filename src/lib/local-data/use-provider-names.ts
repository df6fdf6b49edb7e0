/** The names and NPIs of the providers a list names (orders, results), from the user's database (the directory). */
import { useMemo } from 'react';
import { map } from 'rxjs';
import type { ProviderDoc } from '../../db/index.ts';
import { useLiveQuery } from './use-live-query.ts';
import { providerListName } from '../provider/provider-name.ts';

export interface ProviderName {
  name: string;
  npi: string;
  doc: ProviderDoc;
}

export function useProviderNames(ids: readonly string[]): Map<string, ProviderName> {
  const unique = [...new Set(ids)].sort();
  const key = unique.join(',');
  const live = useLiveQuery(
    `providers-named-${key}`,
    (db) => db.providers.findByIds(unique).$.pipe(map((found) => [...found.values()].map((doc) => doc.toJSON() as ProviderDoc))),
    'the providers named',
  );
  return useMemo(
    () =>
      new Map(
        (live.status === 'ready' ? live.value : []).map((provider) => [
          provider.id,
          { name: providerListName(provider), npi: provider.npi ?? '', doc: provider },
        ]),
      ),
    [live],
  );
}
