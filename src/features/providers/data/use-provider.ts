/**
 * The provider of the manage page, live from the local database (spec §2: the id is
 * lowercased and trimmed first): the shared record hook (src/lib/local-data/use-local-record.ts).
 */
import type { ProviderDoc } from '../../../db/index.ts';
import { useLocalRecord, type RecordLoad } from '../../../lib/local-data/use-local-record.ts';
import { normalizeProviderId } from '../model/manage-route.ts';

export type ProviderLoad = RecordLoad<ProviderDoc>;

export function useProvider(rawId: string | undefined): ProviderLoad {
  return useLocalRecord('providers', normalizeProviderId(rawId), 'provider');
}
