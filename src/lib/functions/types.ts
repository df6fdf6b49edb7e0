/**
 * What the Edge Functions answer, as the app reads it (the wire contract of
 * supabase/functions/verify-npi, verify-pecos and invite-user). Kept here rather than
 * imported from supabase/: the functions deploy separately and only the JSON is shared.
 */

export type NpiType = 'individual' | 'organization';

export interface NpiPrimaryAddress {
  address_line_1: string;
  address_line_2: string | null;
  city: string;
  state: string;
  postal_code: string;
  telephone_number: string | null;
  fax_number: string | null;
}

/** The spec's "NPI verification result" (§3), plus the NPI and its enumeration type. */
export interface NpiVerificationResult {
  npi: string;
  enumeration_type: 'NPI-1' | 'NPI-2' | null;
  legal_name: string | null;
  primary_taxonomy_code: string | null;
  primary_taxonomy_description: string | null;
  primary_address: NpiPrimaryAddress | null;
  validation_errors: string[];
  error: string | null;
  /** The NPPES registry's answer (`{result_count, results}`), stored with the provider. */
  nppes_data: unknown;
  /** Other names of the record (a Type 2's "Doing Business As" among them); absent from older servers. */
  other_names?: Array<{ name: string; type: string }>;
  dba_name?: string | null;
  /** A Type 2 record's authorized official. */
  authorized_official?: NpiAuthorizedOfficial | null;
  mailing_address?: NpiPrimaryAddress | null;
  /** A Type 1 record's sole proprietor flag (null when the registry does not say). */
  sole_proprietor?: boolean | null;
}

export interface NpiAuthorizedOfficial {
  first_name: string | null;
  middle_name: string | null;
  last_name: string | null;
  credential: string | null;
  title: string | null;
  phone: string | null;
}

export interface CmsDatasetEvidence {
  dataset_id: string;
  url: string;
  rows: Record<string, unknown>[];
  /** The dataset release the answer came from (its Last-Modified date); absent in older evidence. */
  release?: string | null;
  /** What the dataset said: 'listed' / 'not_listed', or 'part_b' / 'no_part_b' for Order and Referring. */
  says?: 'listed' | 'not_listed' | 'part_b' | 'no_part_b';
}

/** What was checked, stored as providers.pecos_verification_data. */
export interface PecosEvidence {
  npi: string;
  checked_at: string;
  /** User id of the staff member whose request ran the check. */
  checked_by: string;
  source: 'CMS data API';
  /** The verdict (absent in evidence stored before issue 33): enrolled when either dataset lists the NPI. */
  enrolled?: boolean;
  can_order_part_b?: boolean;
  basis?: 'both' | 'enrollment_file' | 'order_referring' | 'neither';
  enrollment: CmsDatasetEvidence;
  order_referring: CmsDatasetEvidence;
}

export interface PecosVerification {
  npi: string;
  /** Enrolled in PECOS: a row in the quarterly PPEF file or in the Order and Referring dataset. */
  verified: boolean;
  /** May order Medicare Part B services, lab tests included (Order and Referring PARTB "Y"). */
  can_order_part_b: boolean;
  checked_at: string;
  evidence: PecosEvidence;
  /** Provider rows updated with the result; null when skip_db_update was asked. */
  updated_provider_ids: string[] | null;
}

export interface InviteUserInput {
  email: string;
  firstName: string;
  lastName: string;
  providerId: string;
  /** The signed-in admin's user id (the server records the verified caller either way). */
  invitedBy: string;
}

export interface InviteUserResult {
  user_id: string;
  email: string;
  provider_id: string;
  role: 'provider';
  /** False when the account already existed for this provider (a repeated call). */
  invited: boolean;
  message: string;
}

export interface InviteStaffInput {
  email: string;
  firstName: string;
  lastName: string;
  professionalTitle: string | null;
  role: 'staff' | 'admin';
  /** The signed-in admin's user id (the server records the verified caller either way). */
  invitedBy: string;
}

export interface InviteStaffResult {
  user_id: string;
  email: string;
  role: 'staff' | 'admin';
  invited: boolean;
  message: string;
}

export interface ManageUserResult {
  user_id: string;
  action: string;
  deactivated_at: string | null;
  invited_at: string | null;
  message: string;
}
