/**
 * The organization of the manage page, live from the local database (the id trimmed and
 * lowercased first): the shared record hook (src/lib/local-data/use-local-record.ts).
 */
import type { OrganizationDoc } from '../../../db/index.ts';
import { useLocalRecord, type RecordLoad } from '../../../lib/local-data/use-local-record.ts';
import { normalizeOrganizationId } from '../model/organization-paths.ts';

export type OrganizationLoad = RecordLoad<OrganizationDoc>;

export function useOrganization(rawId: string | undefined): OrganizationLoad {
  return useLocalRecord('organizations', normalizeOrganizationId(rawId), 'organization');
}
