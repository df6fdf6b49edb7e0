/**
 * A verify-npi answer as the create sequence needs it (spec §4): the NPI and the registry
 * data, plus what the create form prefills from (structurally a subset of lib/functions'
 * NpiVerificationResult). The add-provider flow keeps one in the session; the bulk import
 * keeps one per row of its file.
 */
import { isValidNpi } from '../provider/npi.ts';
import { hasRegistryData } from '../provider/nppes.ts';

export interface StoredNpiVerification {
  npi: string;
  nppes_data: unknown;
  legal_name?: string | null;
  primary_taxonomy_code?: string | null;
  primary_taxonomy_description?: string | null;
  primary_address?: { telephone_number?: string | null; fax_number?: string | null } | null;
  validation_errors?: string[];
  /**
   * The PECOS check made on the lookup page, if any: the new provider is created with it
   * (the server keeps the same check for the NPI and applies it to the insert).
   */
  pecos_check?: PecosCheck | null;
}

/** A verify-pecos answer as the provider's PECOS fields store it. */
export interface PecosCheck {
  verified: boolean;
  checked_at: string;
  evidence: unknown;
}

/** True when the verification holds a valid NPI and its registry data, as the create step needs. */
export function hasVerifiedNpi(verification: StoredNpiVerification | null): verification is StoredNpiVerification {
  return verification !== null && isValidNpi(verification.npi.trim()) && hasRegistryData(verification.nppes_data);
}
