/**
 * One verify-npi call for an organization type (a Type 2 NPI, or a Type 1 NPI marked sole
 * proprietor): the lookup page and Refresh from NPPES ask the registry the same way, and
 * get the answer as the flow keeps it, or the failure message to show.
 */
import { npiFailure, verifyNpi, type NpiFailureMessage } from '../../../lib/functions/index.ts';
import type { OrganizationType } from '../../../lib/organization/rules.ts';
import type { StoredOrganizationLookup } from '../model/add-organization-session.ts';
import { lookupRequest } from '../model/organization-lookup.ts';

export type OrganizationNpiAnswer = { result: StoredOrganizationLookup } | { failure: NpiFailureMessage };

export async function lookUpOrganizationNpi(npi: string, type: OrganizationType): Promise<OrganizationNpiAnswer> {
  try {
    const { supabase } = await import('../../../lib/supabase.ts');
    const answer = await verifyNpi(supabase, { npi, ...lookupRequest(type) });
    if (answer.ok) return { result: { ...answer.data, looked_up_as: type } };
    console.error('[organizations] verify-npi failed', answer);
    return { failure: npiFailure({ message: answer.message, status: answer.status }) };
  } catch (error) {
    console.error('[organizations] the NPI lookup could not run', error);
    return { failure: npiFailure('Failed to fetch') };
  }
}
