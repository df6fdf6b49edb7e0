/**
 * The organization NPI lookup (issue 24): which verify-npi call a type makes (a healthcare
 * organization asks for a Type 2 NPI; a sole proprietor for a Type 1 NPI that NPPES marks
 * as a sole proprietor, which the server refuses otherwise), what the result card shows
 * (legal name, other names with the DBA, authorized official, practice and mailing
 * addresses, primary taxonomy), the hints for a wrong type, an individual that is not a sole
 * proprietor and an NPI the registry does not know, an NPI already in the directory, and
 * the create form's prefill from an accepted answer. Pure.
 */
import type { NpiType, NpiVerificationResult } from '../../../lib/functions/types.ts';
import { mentionsNpiType } from '../../../lib/functions/npi-messages.ts';
import { nextAccountNumber, normaliseZip, type OrganizationType } from '../../../lib/organization/rules.ts';
import { organizationFormValues, type OrganizationFormValues } from '../../../lib/organization/organization-form.ts';
import { registryTitleCase } from '../../../lib/organization/registry-text.ts';
import type { StoredOrganizationLookup } from './add-organization-session.ts';
import { writtenCredential, writtenPersonName } from '../../../lib/provider/written-name.ts';

export function lookupRequest(type: OrganizationType): { type: NpiType; soleProprietor: boolean } {
  return type === 'sole_proprietor' ? { type: 'individual', soleProprietor: true } : { type: 'organization', soleProprietor: false };
}

export const LOOKUP_TEXT = {
  title: 'Organization NPI Lookup',
  crumbs: ['Organizations', 'Add Organization', 'NPI Lookup'] as const,
  description: {
    healthcare: "Enter the organization's Type 2 NPI: its name, addresses, authorized official and taxonomy come from the NPPES registry.",
    sole_proprietor: "Enter the practitioner's individual (Type 1) NPI: NPPES must mark them as a sole proprietor.",
    non_healthcare: '',
  } satisfies Record<OrganizationType, string>,
  inputLabel: 'NPI',
  inputPlaceholder: '10-digit NPI',
  inputHelp: 'Ten digits; the last one is a check digit, so a typo is caught before the registry is asked.',
  verify: 'Verify NPI',
  verifying: 'Verifying…',
  back: 'Back',
  continue: 'Continue',
  offlineTitle: 'Verify NPI needs a connection',
  offlineDescription: 'This device is offline. Looking an NPI up asks the national registry: connect to the internet and try again. Everything else keeps working offline.',
} as const;

/** The hints under a registry answer the lookup cannot accept. */
export const LOOKUP_HINTS = {
  wrongTypeForOrganization:
    'This NPI belongs to an individual (Type 1). A healthcare organization has its own organization (Type 2) NPI. For a practitioner who bills as a business under their own NPI, go back and choose Sole Proprietor.',
  wrongTypeForSoleProprietor:
    'This NPI belongs to an organization (Type 2). A sole proprietor is added with their individual (Type 1) NPI. For a group practice, go back and choose Healthcare Organization.',
  notSoleProprietor:
    'NPPES does not mark this individual as a sole proprietor. Add them as a provider instead, or add their practice as a healthcare organization with its Type 2 NPI.',
  notFound:
    'NPPES has no active record for this NPI. Check the digits with the client; an NPI that was deactivated is no longer in the registry.',
} as const;

export const ALREADY_IN_DIRECTORY = 'This NPI is already in the directory';

export interface LookupAddress {
  lines: string[];
  phone: string | null;
  fax: string | null;
}

export interface OrganizationLookupView {
  npi: string;
  legalName: string | null;
  /** 'Individual (Type 1)' or 'Organization (Type 2)'. */
  npiType: string | null;
  dbaName: string | null;
  otherNames: Array<{ name: string; type: string }>;
  official: { name: string; title: string | null; phone: string | null } | null;
  practice: LookupAddress | null;
  mailing: LookupAddress | null;
  taxonomy: string | null;
  soleProprietor: boolean | null;
  /** The registry's findings, and the hint that says what to do about them. */
  issues: string[];
  hint: string | null;
  canContinue: boolean;
}

const NPI_TYPES: Readonly<Record<string, string>> = { 'NPI-1': 'Individual (Type 1)', 'NPI-2': 'Organization (Type 2)' };

function addressView(address: NpiVerificationResult['primary_address'] | undefined): LookupAddress | null {
  if (!address) return null;
  const cityLine = [address.city, [address.state, address.postal_code].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return { lines: [address.address_line_1, address.address_line_2 ?? '', cityLine].filter((line) => line !== ''), phone: address.telephone_number, fax: address.fax_number };
}

function hintFor(result: NpiVerificationResult, type: OrganizationType): string | null {
  const errors = result.validation_errors;
  if (errors.length === 0) return null;
  if (errors.some((error) => /not marked as a sole proprietor/i.test(error))) return LOOKUP_HINTS.notSoleProprietor;
  if (errors.some(mentionsNpiType)) return type === 'sole_proprietor' ? LOOKUP_HINTS.wrongTypeForSoleProprietor : LOOKUP_HINTS.wrongTypeForOrganization;
  if (errors.some((error) => /not found|deactivated|not active/i.test(error))) return LOOKUP_HINTS.notFound;
  return null;
}

export function organizationLookupView(result: NpiVerificationResult, type: OrganizationType): OrganizationLookupView {
  const official = result.authorized_official ?? null;
  const officialName = official ? writtenPersonName([official.first_name, official.middle_name, official.last_name].filter(Boolean).join(' ')) : '';
  const taxonomy =
    result.primary_taxonomy_code && result.primary_taxonomy_description
      ? `${result.primary_taxonomy_description} (${result.primary_taxonomy_code})`
      : (result.primary_taxonomy_description ?? result.primary_taxonomy_code);
  return {
    npi: result.npi,
    // As people write them: a business keeps its suffix's capitals, a sole proprietor is a person.
    legalName: result.legal_name ? (result.enumeration_type === 'NPI-1' ? writtenPersonName(result.legal_name) : registryTitleCase(result.legal_name)) : null,
    npiType: result.enumeration_type ? (NPI_TYPES[result.enumeration_type] ?? result.enumeration_type) : null,
    dbaName: result.dba_name ? registryTitleCase(result.dba_name) : null,
    otherNames: (result.other_names ?? []).map((other) => ({ ...other, name: registryTitleCase(other.name) })),
    official: official && officialName ? { name: official.credential ? `${officialName}, ${writtenCredential(official.credential)}` : officialName, title: official.title, phone: official.phone } : null,
    practice: addressView(result.primary_address),
    mailing: addressView(result.mailing_address),
    taxonomy,
    soleProprietor: result.sole_proprietor ?? null,
    issues: result.validation_errors,
    hint: hintFor(result, type),
    canContinue: !result.error && result.validation_errors.length === 0,
  };
}

/** The organization already in the directory with this NPI (not deleted), if any. */
export function organizationWithNpi<T extends { npi: string | null; _deleted?: boolean }>(organizations: Iterable<T>, npi: string): T | null {
  for (const organization of organizations) if (organization.npi === npi && !organization._deleted) return organization;
  return null;
}

function addressInputs(address: NpiVerificationResult['primary_address'] | undefined) {
  return address
    ? {
        line1: registryTitleCase(address.address_line_1).replace(/^Po Box/, 'PO Box'),
        line2: registryTitleCase(address.address_line_2),
        city: registryTitleCase(address.city),
        state: address.state,
        zip: normaliseZip(address.postal_code),
      }
    : { line1: '', line2: '', city: '', state: '', zip: '' };
}

/** The create form filled in from an accepted lookup (or empty for a non-healthcare account), with the next free account number. */
export function createFormPrefill(type: OrganizationType, lookup: StoredOrganizationLookup | null, accountNumbersInUse: Iterable<string | null>): OrganizationFormValues {
  const values = organizationFormValues({ type, account_number: nextAccountNumber(accountNumbersInUse) });
  if (!lookup) return values;
  const practice = addressInputs(lookup.primary_address);
  const mailing = addressInputs(lookup.mailing_address);
  const sameAddress = !lookup.mailing_address || (mailing.line1 === practice.line1 && mailing.zip === practice.zip);
  return {
    ...values,
    legal_name: registryTitleCase(lookup.legal_name),
    dba_name: registryTitleCase(lookup.dba_name),
    npi: lookup.npi,
    practice,
    billing: sameAddress ? { same: true, line1: '', line2: '', city: '', state: '', zip: '' } : { same: false, ...mailing },
    phone: lookup.primary_address?.telephone_number ?? '',
    fax: lookup.primary_address?.fax_number ?? '',
  };
}
