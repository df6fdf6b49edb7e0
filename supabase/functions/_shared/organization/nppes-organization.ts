// What an NPPES v2.1 record says about an organization (a Type 2 record) or a sole
// proprietor (a Type 1 record whose basic.sole_proprietor is "YES"): its other names (the
// DBA, "Doing Business As"), its authorized official, its mailing address and whether it
// is a sole proprietor. verify-npi adds these to the NPI verification result; pure.

export interface RegistryAddress {
  address_line_1: string;
  address_line_2: string | null;
  city: string;
  state: string;
  postal_code: string;
  telephone_number: string | null;
  fax_number: string | null;
}

export interface AuthorizedOfficial {
  first_name: string | null;
  middle_name: string | null;
  last_name: string | null;
  credential: string | null;
  title: string | null;
  phone: string | null;
}

export interface OtherName {
  name: string;
  /** As NPPES says it: 'Doing Business As', 'Former Legal Business Name', 'Other Name', 'Former Name', … */
  type: string;
}

export interface NppesOrganizationDetails {
  other_names: OtherName[];
  /** The first "Doing Business As" name, if any. */
  dba_name: string | null;
  authorized_official: AuthorizedOfficial | null;
  mailing_address: RegistryAddress | null;
  /** basic.sole_proprietor of a Type 1 record: true for "YES", false for "NO" or "X", null when absent. */
  sole_proprietor: boolean | null;
}

export const DOING_BUSINESS_AS = 'Doing Business As';

/** NPPES writes ZIP+4 as nine bare digits; show it the way US mail does (12207-1234). */
export function formatPostalCode(code: string): string {
  return /^\d{9}$/.test(code) ? `${code.slice(0, 5)}-${code.slice(5)}` : code;
}

/** A phone as NPPES writes it (5185550100 or 518-555-0100) in the 518-555-0100 form. */
export function formatRegistryPhone(value: string | null): string | null {
  if (!value) return null;
  const digits = value.replace(/\D/g, '');
  return digits.length === 10 ? `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}` : value;
}

export function registryAddress(address: unknown): RegistryAddress | null {
  if (!isRecord(address)) return null;
  const line1 = text(address.address_1);
  if (!line1) return null;
  return {
    address_line_1: line1,
    address_line_2: text(address.address_2),
    city: text(address.city) ?? '',
    state: text(address.state) ?? '',
    postal_code: formatPostalCode(text(address.postal_code) ?? ''),
    telephone_number: text(address.telephone_number),
    fax_number: text(address.fax_number),
  };
}

function personName(entry: Record<string, unknown>): string | null {
  const suffix = text(entry.suffix);
  const parts = [text(entry.first_name), text(entry.middle_name), text(entry.last_name), suffix === '--' ? null : suffix];
  const name = parts.filter((part): part is string => !!part).join(' ');
  return name || null;
}

export function organizationDetails(record: Record<string, unknown>): NppesOrganizationDetails {
  const basic = isRecord(record.basic) ? record.basic : {};
  const otherNames: OtherName[] = [];
  for (const entry of Array.isArray(record.other_names) ? record.other_names : []) {
    if (!isRecord(entry)) continue;
    const name = text(entry.organization_name) ?? personName(entry);
    if (name) otherNames.push({ name, type: text(entry.type) ?? 'Other Name' });
  }
  const official: AuthorizedOfficial = {
    first_name: text(basic.authorized_official_first_name),
    middle_name: text(basic.authorized_official_middle_name),
    last_name: text(basic.authorized_official_last_name),
    credential: dashless(text(basic.authorized_official_credential)),
    title: text(basic.authorized_official_title_or_position),
    phone: formatRegistryPhone(text(basic.authorized_official_telephone_number)),
  };
  const hasOfficial = official.first_name !== null || official.last_name !== null;
  const addresses = Array.isArray(record.addresses) ? record.addresses : [];
  const mailing = addresses.find((address) => isRecord(address) && address.address_purpose === 'MAILING');
  const sole = text(basic.sole_proprietor);
  return {
    other_names: otherNames,
    dba_name: otherNames.find((entry) => entry.type === DOING_BUSINESS_AS)?.name ?? null,
    authorized_official: hasOfficial ? official : null,
    mailing_address: registryAddress(mailing),
    sole_proprietor: sole === null ? null : sole.toUpperCase() === 'YES',
  };
}

function dashless(value: string | null): string | null {
  return value === '--' ? null : value;
}

function text(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
