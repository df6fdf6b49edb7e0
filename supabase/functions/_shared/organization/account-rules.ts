// The rules of an organization's account record that the form and the database both
// apply (the database's check constraints in 20261125200000_organization_accounts.sql
// mirror them): organization types, bill types, account numbers, CLIA numbers, ZIP codes,
// e-mail addresses. Pure: the app re-exports it from src/lib/organization.

export const ORGANIZATION_TYPES = ['healthcare', 'sole_proprietor', 'non_healthcare'] as const;
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number];

export function isOrganizationType(value: unknown): value is OrganizationType {
  return typeof value === 'string' && (ORGANIZATION_TYPES as readonly string[]).includes(value);
}

/** Healthcare organizations (Type 2) and sole proprietors (Type 1) have an NPI; non-healthcare accounts have none. */
export function typeNeedsNpi(type: OrganizationType): boolean {
  return type !== 'non_healthcare';
}

export const BILL_TYPES = ['client', 'patient', 'third_party'] as const;
export type BillType = (typeof BILL_TYPES)[number];

export const BILL_TYPE_LABELS: Readonly<Record<BillType, string>> = {
  client: 'Client bill',
  patient: 'Patient bill',
  third_party: 'Third-party insurance',
};

export function isBillType(value: unknown): value is BillType {
  return typeof value === 'string' && (BILL_TYPES as readonly string[]).includes(value);
}

/** Account numbers: 3 to 20 capital letters, digits and hyphens, starting with a letter or digit. */
export const ACCOUNT_NUMBER_PATTERN = /^[A-Z0-9][A-Z0-9-]{2,19}$/;

/** The first account number of an empty directory (the database numbers from 10001 too). */
export const FIRST_ACCOUNT_NUMBER = 10001;

/** One more than the largest numeric account number in use (ignoring others), from 10001. */
export function nextAccountNumber(inUse: Iterable<string | null | undefined>): string {
  let largest = FIRST_ACCOUNT_NUMBER - 1;
  for (const value of inUse) {
    if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) continue;
    const number = Number(value);
    if (number > largest) largest = number;
  }
  return String(largest + 1);
}

/** A CLIA certificate number: 10 characters, two digits, the letter D, seven digits (e.g. 33D1234567). */
export const CLIA_PATTERN = /^\d{2}D\d{7}$/;

/** ZIP or ZIP+4. */
export const ZIP_PATTERN = /^\d{5}(-\d{4})?$/;

/** ZIP+4 as NPPES writes it (nine bare digits) in the US Mail form; other values unchanged. */
export function normaliseZip(value: string): string {
  const trimmed = value.trim();
  return /^\d{9}$/.test(trimmed) ? `${trimmed.slice(0, 5)}-${trimmed.slice(5)}` : trimmed;
}

/** The e-mail shape the database accepts (something@domain.tld, no spaces). */
export const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export interface PostalAddress {
  line1: string;
  line2?: string | null;
  city: string;
  state: string;
  zip: string;
}

/** How a contact at the client prefers to be reached. */
export const CONTACT_CHANNELS = ['phone', 'email', 'fax', 'text'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

export const CONTACT_CHANNEL_LABELS: Readonly<Record<ContactChannel, string>> = {
  phone: 'Phone',
  email: 'Email',
  fax: 'Fax',
  text: 'Text message',
};

/** A person to call at the client (organizations.contacts). */
export interface OrganizationContact {
  id: string;
  name: string;
  role: string;
  phone: string | null;
  email: string | null;
  preferred_channel: ContactChannel;
}
