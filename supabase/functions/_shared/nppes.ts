// Turns an NPPES API v2.1 answer into the product's "NPI verification result" (spec §3):
// the legal name, the primary taxonomy, the practice address and the validation issues a
// laboratory cares about. Pure: the fetch happens in verify-npi; this file only reads JSON.

export type NpiType = 'individual' | 'organization';

export interface PrimaryAddress {
  address_line_1: string;
  address_line_2: string | null;
  city: string;
  state: string;
  postal_code: string;
  telephone_number: string | null;
  fax_number: string | null;
}

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
  };
}

export function normaliseNppesAnswer(body: unknown, npi: string, type: NpiType): NpiVerificationResult | NppesProblem {
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
  const record = body.results.find((entry) => isRecord(entry) && text(entry.number) === npi);
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
  if (!isRecord(location)) return null;
  const line1 = text(location.address_1);
  if (!line1) return null;
  return {
    address_line_1: line1,
    address_line_2: text(location.address_2),
    city: text(location.city) ?? '',
    state: text(location.state) ?? '',
    postal_code: formatPostalCode(text(location.postal_code) ?? ''),
    telephone_number: text(location.telephone_number),
    fax_number: text(location.fax_number),
  };
}

/** NPPES writes ZIP+4 as nine bare digits; show it the way US mail does (12207-1234). */
export function formatPostalCode(code: string): string {
  return /^\d{9}$/.test(code) ? `${code.slice(0, 5)}-${code.slice(5)}` : code;
}

function individualName(basic: Record<string, unknown>): string | null {
  const suffix = text(basic.name_suffix);
  const parts = [text(basic.first_name), text(basic.middle_name), text(basic.last_name), suffix === '--' ? null : suffix];
  const name = parts.filter((part): part is string => !!part).join(' ');
  return name || null;
}

function text(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
