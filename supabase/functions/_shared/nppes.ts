// Turns an NPPES API v2.1 answer into the product's "NPI verification result" (spec §3):
// the legal name, the primary taxonomy, the practice address and the validation issues a
// laboratory cares about; for organizations (Type 2) and sole proprietors also their other
// names (DBA), authorized official and mailing address (organization/nppes-organization.ts).
// Pure: the fetch happens in verify-npi; this file only reads JSON.
import {
  organizationDetails,
  registryAddress,
  type AuthorizedOfficial,
  type OtherName,
  type RegistryAddress,
} from './organization/nppes-organization.ts';

export { formatPostalCode } from './organization/nppes-organization.ts';

export type NpiType = 'individual' | 'organization';

export type PrimaryAddress = RegistryAddress;

/** The spec's NPI verification result, plus the NPI and its enumeration type. */
export interface NpiVerificationResult {
  npi: string;
  enumeration_type: 'NPI-1' | 'NPI-2' | null;
  legal_name: string | null;
  primary_taxonomy_code: string | null;
  primary_taxonomy_description: string | null;
  primary_address: PrimaryAddress | null;
  validation_errors: string[];
  error: string | null;
  /** The registry's response as it arrived (the `{result_count, results}` document). */
  nppes_data: unknown;
  /** Other names of the record (a Type 2's "Doing Business As" among them). */
  other_names: OtherName[];
  /** The first "Doing Business As" name. */
  dba_name: string | null;
  /** A Type 2 record's authorized official. */
  authorized_official: AuthorizedOfficial | null;
  mailing_address: PrimaryAddress | null;
  /** A Type 1 record's sole proprietor flag (null when the registry does not say). */
  sole_proprietor: boolean | null;
}

export interface NormaliseOptions {
  /** The caller adds a sole proprietor: a Type 1 record NPPES does not mark as one is refused. */
  soleProprietor?: boolean;
}

/** NPPES answered, but not with a usable document: a rejection or an unexpected shape. */
export interface NppesProblem {
  kind: 'rejected' | 'unreadable';
  message: string;
}

const BELONGS_TO = {
  'NPI-1': 'an individual provider (Type 1, NPI-1)',
  'NPI-2': 'an organization (Type 2, NPI-2)',
} as const;
const REQUESTED = {
  'NPI-1': 'an individual provider NPI (Type 1, NPI-1)',
  'NPI-2': 'an organization NPI (Type 2, NPI-2)',
} as const;

export function nppesLookupUrl(baseUrl: string, npi: string): string {
  const url = new URL(baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  url.searchParams.set('version', '2.1');
  url.searchParams.set('number', npi);
  return url.toString();
}

export function emptyResult(npi: string, nppesData: unknown = null): NpiVerificationResult {
  return {
    npi,
    enumeration_type: null,
    legal_name: null,
    primary_taxonomy_code: null,
    primary_taxonomy_description: null,
    primary_address: null,
    validation_errors: [],
    error: null,
    nppes_data: nppesData,
    other_names: [],
    dba_name: null,
    authorized_official: null,
    mailing_address: null,
    sole_proprietor: null,
  };
}

/** The refusal of an individual NPI that NPPES does not mark as a sole proprietor. */
export function notSoleProprietorMessage(npi: string): string {
  return `NPI ${npi} is not marked as a sole proprietor in the NPPES registry: only an individual whose registry record says sole proprietor can be added as one.`;
}

export function normaliseNppesAnswer(body: unknown, npi: string, type: NpiType, options: NormaliseOptions = {}): NpiVerificationResult | NppesProblem {
  if (!isRecord(body)) return { kind: 'unreadable', message: 'Failed to process the NPPES registry response: not a JSON object.' };
  if (Array.isArray(body.Errors) && body.Errors.length > 0) {
    const descriptions = body.Errors.map((entry) => (isRecord(entry) ? text(entry.description) : null)).filter(
      (entry): entry is string => !!entry,
    );
    return { kind: 'rejected', message: `The NPPES registry rejected the request: ${descriptions.join('; ') || 'no reason given'}.` };
  }
  if (!Array.isArray(body.results)) {
    return { kind: 'unreadable', message: 'Failed to process the NPPES registry response: no results list.' };
  }
  // `number` is a string in current answers and was an integer in older ones: accept both.
  const record = body.results.find((entry) => isRecord(entry) && npiText(entry.number) === npi);
  const result = emptyResult(npi, body);
  // NPPES answers result_count 0 for unknown and for deactivated NPIs alike.
  if (!isRecord(record)) {
    result.validation_errors.push(
      `NPI ${npi} was not found in the NPPES registry: it is unknown or has been deactivated.`,
    );
    return result;
  }
  const basic = isRecord(record.basic) ? record.basic : {};
  const status = text(basic.status);
  if (status && status !== 'A') {
    result.validation_errors.push(`NPI ${npi} is not active in the NPPES registry (status ${status}): it has been deactivated.`);
  }

  const enumerationType = record.enumeration_type === 'NPI-1' || record.enumeration_type === 'NPI-2' ? record.enumeration_type : null;
  result.enumeration_type = enumerationType;
  const wanted = type === 'individual' ? 'NPI-1' : 'NPI-2';
  if (enumerationType && enumerationType !== wanted) {
    result.validation_errors.push(
      `Wrong NPI type: this NPI belongs to ${BELONGS_TO[enumerationType]}, but ${REQUESTED[wanted]} was requested.`,
    );
  }
  result.legal_name = enumerationType === 'NPI-2' ? text(basic.organization_name) : individualName(basic);
  const details = organizationDetails(record);
  Object.assign(result, details);
  if (options.soleProprietor && enumerationType === 'NPI-1' && details.sole_proprietor !== true) {
    result.validation_errors.push(notSoleProprietorMessage(npi));
  }

  const primary = (Array.isArray(record.taxonomies) ? record.taxonomies : []).find(
    (taxonomy) => isRecord(taxonomy) && taxonomy.primary === true,
  );
  if (isRecord(primary)) {
    result.primary_taxonomy_code = text(primary.code);
    result.primary_taxonomy_description = text(primary.desc);
  } else {
    result.validation_errors.push('No primary taxonomy (specialty) is listed for this NPI in the NPPES registry.');
  }

  result.primary_address = practiceAddress(record);
  if (!result.primary_address) {
    result.validation_errors.push('No practice (LOCATION) address is listed for this NPI in the NPPES registry.');
  }
  return result;
}

export function isNppesProblem(value: NpiVerificationResult | NppesProblem): value is NppesProblem {
  return 'kind' in value;
}

/** The practice location: NPPES marks it LOCATION (older data and the spec also say PRIMARY). */
function practiceAddress(record: Record<string, unknown>): PrimaryAddress | null {
  const addresses = Array.isArray(record.addresses) ? record.addresses : [];
  const location = addresses.find(
    (address) => isRecord(address) && (address.address_purpose === 'LOCATION' || address.address_purpose === 'PRIMARY'),
  );
  return registryAddress(location);
}

function individualName(basic: Record<string, unknown>): string | null {
  const suffix = text(basic.name_suffix);
  const parts = [text(basic.first_name), text(basic.middle_name), text(basic.last_name), suffix === '--' ? null : suffix];
  const name = parts.filter((part): part is string => !!part).join(' ');
  return name || null;
}

function npiText(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return text(value);
}

function text(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
