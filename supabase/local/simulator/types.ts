/**
 * The shapes the simulated registries answer with: NPPES API v2.1 results and the rows of
 * the two CMS data API datasets (PPEF enrollment, Order and Referring). They mirror the
 * real registries field for field (see /work/shared/reference/registries.md).
 */

export interface NppesAddress {
  country_code: string;
  country_name: string;
  address_purpose: 'LOCATION' | 'MAILING';
  address_type: 'DOM' | 'FGN';
  address_1: string;
  /** Left out by the registry when the address has no second line (the simulator serves it so). */
  address_2?: string;
  city: string;
  state: string;
  /** 5 or 9 digits, no dash. */
  postal_code: string;
  telephone_number: string;
  fax_number?: string;
}

export interface NppesTaxonomy {
  code: string;
  taxonomy_group: string;
  desc: string;
  state: string;
  /** Self-reported licence number; null on organizations. */
  license: string | null;
  primary: boolean;
}

export interface NppesIdentifier {
  code: string;
  desc: string;
  issuer: string;
  identifier: string;
  state: string;
}

export interface NppesEndpoint {
  endpointType: string;
  endpointTypeDescription: string;
  endpoint: string;
  affiliation: string;
  use: string;
  useDescription: string;
  contentType: string;
  contentTypeDescription: string;
  country_code: string;
  country_name: string;
  address_type: string;
  address_1: string;
  city: string;
  state: string;
  postal_code: string;
}

export type NppesOtherName = Record<string, string>;

export interface NppesIndividualBasic {
  first_name: string;
  last_name: string;
  middle_name: string;
  credential: string;
  sole_proprietor: 'YES' | 'NO';
  sex: 'F' | 'M';
  enumeration_date: string;
  last_updated: string;
  certification_date: string;
  status: 'A';
  name_prefix: string;
  /** "--" when empty, as NPPES writes it. */
  name_suffix: string;
}

export interface NppesOrganizationBasic {
  organization_name: string;
  organizational_subpart: 'YES' | 'NO';
  enumeration_date: string;
  last_updated: string;
  certification_date: string;
  status: 'A';
  authorized_official_first_name: string;
  authorized_official_last_name: string;
  authorized_official_middle_name: string;
  authorized_official_telephone_number: string;
  authorized_official_title_or_position: string;
  authorized_official_name_prefix: string;
  authorized_official_name_suffix: string;
  authorized_official_credential: string;
}

interface NppesResultBase {
  /** Milliseconds since the epoch, as a string. */
  created_epoch: string;
  last_updated_epoch: string;
  /** The NPI, as a string. */
  number: string;
  addresses: NppesAddress[];
  practiceLocations: NppesAddress[];
  taxonomies: NppesTaxonomy[];
  identifiers: NppesIdentifier[];
  endpoints: NppesEndpoint[];
  other_names: NppesOtherName[];
}

export interface NppesIndividual extends NppesResultBase {
  enumeration_type: 'NPI-1';
  basic: NppesIndividualBasic;
}

export interface NppesOrganization extends NppesResultBase {
  enumeration_type: 'NPI-2';
  basic: NppesOrganizationBasic;
}

export type NppesResult = NppesIndividual | NppesOrganization;

export interface NppesSearchAnswer {
  result_count: number;
  results: NppesResult[];
}

export interface NppesError {
  description: string;
  field: string;
  number: string;
}

/** An NPI that NPPES deactivated: the registry answers result_count 0 for it. */
export interface DeactivatedNpi {
  number: string;
  enumeration_type: 'NPI-1' | 'NPI-2';
  deactivation_date: string;
}

/** Medicare FFS Public Provider Enrollment (dataset 2457ea29-…); every value is a string. */
export interface PpefRow {
  NPI: string;
  MULTIPLE_NPI_FLAG: string;
  PECOS_ASCT_CNTL_ID: string;
  ENRLMT_ID: string;
  PROVIDER_TYPE_CD: string;
  PROVIDER_TYPE_DESC: string;
  STATE_CD: string;
  FIRST_NAME: string;
  MDL_NAME: string;
  LAST_NAME: string;
  ORG_NAME: string;
}

/** Order and Referring (dataset c99b5865-…): eligibility flags "Y" / "N". */
export interface OrderReferringRow {
  NPI: string;
  LAST_NAME: string;
  FIRST_NAME: string;
  PARTB: 'Y' | 'N';
  DME: 'Y' | 'N';
  HHA: 'Y' | 'N';
  PMD: 'Y' | 'N';
  HOSPICE: 'Y' | 'N';
}

export type CmsRow = Record<string, string>;

export const PPEF_DATASET_ID = '2457ea29-fc82-48b0-86ec-3b0755de7515';
export const ORDER_REFERRING_DATASET_ID = 'c99b5865-1119-4436-bb80-c5af2773ea1f';
