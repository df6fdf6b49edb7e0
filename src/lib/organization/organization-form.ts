/**
 * The organization form (create, and the Edit tab): a valibot schema that react-hook-form
 * uses through `valibotResolver`, with the rules the database's check constraints also
 * apply (rules.ts, 20261125200000_organization_accounts.sql): legal name required; an NPI
 * with a valid check digit for healthcare organizations and sole proprietors; an account
 * number of 3 to 20 capital letters, digits and hyphens; at least one bill type; a complete
 * US practice address (state from the list, ZIP or ZIP+4), and a billing address unless it
 * is the practice address (`billing.same`); e-mail and CLIA formats. Uniqueness (account number, NPI) needs
 * the other records and is checked by the save (organization-uniqueness.ts), and again by
 * the database's unique indexes.
 *
 * Inputs are strings ('' when a column is null), as the provider forms do
 * (lib/provider/form-fields.ts); `organizationFromForm` turns them into the record's columns.
 */
import * as v from 'valibot';
import { isValidNpi } from '../provider/npi.ts';
import { INVALID_EMAIL_FORMAT, optionalEmail, optionalText } from '../provider/form-fields.ts';
import type { PostalAddress } from './rules.ts';
import {
  ACCOUNT_NUMBER_PATTERN,
  BILL_TYPES,
  CLIA_PATTERN,
  isUsStateCode,
  ORGANIZATION_TYPES,
  typeNeedsNpi,
  ZIP_PATTERN,
  type BillType,
  type OrganizationType,
} from './rules.ts';
import { addressOf, billTypesOf } from './organization-record.ts';

export { INVALID_EMAIL_FORMAT };

export const LEGAL_NAME_REQUIRED = 'Legal name is required';
export const TYPE_REQUIRED = 'Choose the type of organization';
export const NPI_REQUIRED_FOR_TYPE = 'An NPI is required for healthcare organizations and sole proprietors';
export const NPI_FORMAT = 'An NPI is exactly 10 digits';
export const NPI_CHECK_DIGIT = 'This is not a valid NPI: its check digit does not match';
export const ACCOUNT_NUMBER_REQUIRED = 'Account number is required';
export const ACCOUNT_NUMBER_FORMAT = 'Use 3 to 20 capital letters, digits or hyphens';
export const BILL_TYPE_REQUIRED = 'Choose at least one bill type';
export const STREET_REQUIRED = 'Street address is required';
export const CITY_REQUIRED = 'City is required';
export const STATE_REQUIRED = 'Choose a state';
export const ZIP_FORMAT = 'Enter a ZIP code (12345) or ZIP+4 (12345-6789)';
export const CLIA_FORMAT = 'A CLIA number is 10 characters: two digits, the letter D, then seven digits (e.g. 33D1234567)';

const addressEntries = {
  line1: v.pipe(v.string(), v.trim(), v.nonEmpty(STREET_REQUIRED)),
  line2: optionalText,
  city: v.pipe(v.string(), v.trim(), v.nonEmpty(CITY_REQUIRED)),
  state: v.pipe(v.string(), v.trim(), v.check(isUsStateCode, STATE_REQUIRED)),
  zip: v.pipe(v.string(), v.trim(), v.regex(ZIP_PATTERN, ZIP_FORMAT)),
};

const practiceAddress = v.object(addressEntries);

/** The billing address: none to check when it is the practice address (`same`), else a whole address. */
const billingAddress = v.variant('same', [
  v.object({ same: v.literal(true), line1: optionalText, line2: optionalText, city: optionalText, state: optionalText, zip: optionalText }),
  v.object({ same: v.literal(false), ...addressEntries }),
]);

export const organizationFormSchema = v.pipe(
  v.object({
    legal_name: v.pipe(v.string(), v.trim(), v.nonEmpty(LEGAL_NAME_REQUIRED)),
    dba_name: optionalText,
    type: v.picklist(ORGANIZATION_TYPES, TYPE_REQUIRED),
    npi: v.pipe(v.string(), v.trim()),
    account_number: v.pipe(v.string(), v.trim(), v.toUpperCase(), v.nonEmpty(ACCOUNT_NUMBER_REQUIRED), v.regex(ACCOUNT_NUMBER_PATTERN, ACCOUNT_NUMBER_FORMAT)),
    bill_types: v.pipe(v.array(v.picklist(BILL_TYPES)), v.minLength(1, BILL_TYPE_REQUIRED)),
    practice: practiceAddress,
    billing: billingAddress,
    phone: optionalText,
    fax: optionalText,
    email: optionalEmail,
    clia_number: v.pipe(v.string(), v.trim(), v.toUpperCase(), v.check((value) => value === '' || CLIA_PATTERN.test(value), CLIA_FORMAT)),
    notes: optionalText,
  }),
  v.forward(
    v.partialCheck([['type'], ['npi']], (input) => !typeNeedsNpi(input.type) || input.npi !== '', NPI_REQUIRED_FOR_TYPE),
    ['npi'],
  ),
  v.forward(
    v.partialCheck([['npi']], (input) => input.npi === '' || /^\d{10}$/.test(input.npi), NPI_FORMAT),
    ['npi'],
  ),
  v.forward(
    v.partialCheck([['npi']], (input) => !/^\d{10}$/.test(input.npi) || isValidNpi(input.npi), NPI_CHECK_DIGIT),
    ['npi'],
  ),
);

/** The validated form (trimmed strings, '' for blanks). */
export type OrganizationFormOutput = v.InferOutput<typeof organizationFormSchema>;

/** What the inputs hold (react-hook-form's field values). */
export type OrganizationFormValues = v.InferInput<typeof organizationFormSchema>;

/** The columns the form writes. */
export interface OrganizationFields {
  legal_name: string;
  dba_name: string | null;
  type: OrganizationType;
  npi: string | null;
  account_number: string;
  bill_types: BillType[];
  practice_address: PostalAddress;
  billing_address: PostalAddress | null;
  phone: string | null;
  fax: string | null;
  email: string | null;
  clia_number: string | null;
  notes: string | null;
}

const orNull = (value: string): string | null => (value === '' ? null : value);

function addressFrom(address: { line1: string; line2: string; city: string; state: string; zip: string }): PostalAddress {
  return { line1: address.line1, line2: orNull(address.line2), city: address.city, state: address.state, zip: address.zip };
}

/** The record's columns from a validated form. */
export function organizationFromForm(values: OrganizationFormOutput): OrganizationFields {
  return {
    legal_name: values.legal_name,
    dba_name: orNull(values.dba_name),
    type: values.type,
    npi: values.type === 'non_healthcare' ? orNull(values.npi) : values.npi,
    account_number: values.account_number,
    bill_types: BILL_TYPES.filter((type) => values.bill_types.includes(type)),
    practice_address: addressFrom(values.practice),
    billing_address: values.billing.same ? null : addressFrom(values.billing),
    phone: orNull(values.phone),
    fax: orNull(values.fax),
    email: orNull(values.email),
    clia_number: orNull(values.clia_number),
    notes: orNull(values.notes),
  };
}

function addressInputs(address: PostalAddress | null) {
  return { line1: address?.line1 ?? '', line2: address?.line2 ?? '', city: address?.city ?? '', state: address?.state ?? '', zip: address?.zip ?? '' };
}

export interface OrganizationFormSource {
  legal_name?: string | null;
  dba_name?: string | null;
  type?: string | null;
  npi?: string | null;
  account_number?: string | null;
  bill_types?: unknown;
  practice_address?: unknown;
  billing_address?: unknown;
  phone?: string | null;
  fax?: string | null;
  email?: string | null;
  clia_number?: string | null;
  notes?: string | null;
}

/** The inputs for a record (or a prefill): null columns read as ''. */
export function organizationFormValues(source: OrganizationFormSource): OrganizationFormValues {
  const billing = addressOf(source.billing_address);
  const type = (ORGANIZATION_TYPES as readonly string[]).includes(source.type ?? '') ? (source.type as OrganizationType) : 'healthcare';
  const billTypes = billTypesOf(source.bill_types).filter((entry): entry is BillType => (BILL_TYPES as readonly string[]).includes(entry));
  return {
    legal_name: source.legal_name ?? '',
    dba_name: source.dba_name ?? '',
    type,
    npi: source.npi ?? '',
    account_number: source.account_number ?? '',
    bill_types: billTypes.length > 0 ? billTypes : ['client'],
    practice: addressInputs(addressOf(source.practice_address)),
    billing: { same: billing === null, ...addressInputs(billing) },
    phone: source.phone ?? '',
    fax: source.fax ?? '',
    email: source.email ?? '',
    clia_number: source.clia_number ?? '',
    notes: source.notes ?? '',
  };
}
