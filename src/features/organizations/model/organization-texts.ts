/**
 * The organization pages' own words (the spec leaves these pages' content open; these are
 * the texts staff see), exported once so the pages, their tests and the end-to-end specs
 * use the same strings: list titles, search, counts and empty states, the page errors, the
 * not-found page and the save and status toasts.
 */
import type { ToastMessage } from '../../../lib/functions/toast-message.ts';
import type { ListFailure } from '../../../lib/list/list-source.ts';

export type OrganizationScope = 'all' | 'healthcare' | 'non_healthcare' | 'sole_proprietor';

export const ORGANIZATION_SCOPES: readonly OrganizationScope[] = ['all', 'healthcare', 'non_healthcare', 'sole_proprietor'];

export const ADD_ORGANIZATION_LABEL = 'Add Organization';
export const FIND_ORGANIZATIONS_TITLE = 'Find Organizations';
export const ORGANIZATION_SEARCH_PLACEHOLDER = 'Search by name, DBA, NPI, account number or city...';
export const ORGANIZATION_SEARCH_HINT = 'Matches legal name, DBA name, NPI, account number or city as you type.';
export const ORGANIZATION_LIST_COLUMNS = ['Organization', 'Type', 'NPI', 'Account', 'City/State', 'Active providers', 'Status'] as const;

export const LIST_TITLES: Readonly<Record<OrganizationScope, string>> = {
  all: 'Organizations',
  healthcare: 'Healthcare Organizations',
  non_healthcare: 'Non-Healthcare Organizations',
  sole_proprietor: 'Sole Proprietors',
};

export const LIST_DESCRIPTIONS: Readonly<Record<OrganizationScope, string>> = {
  all: "The laboratory's client accounts: practices, hospitals, sole proprietors and direct-bill clients, sorted by legal name.",
  healthcare: 'Practices, clinics and hospitals with an organization (Type 2) NPI, sorted by legal name.',
  non_healthcare: 'Client-bill and direct-bill accounts without an NPI, sorted by legal name.',
  sole_proprietor: 'Individual practitioners billing as a business under their own (Type 1) NPI, sorted by legal name.',
};

export const SCOPE_LABELS: Readonly<Record<OrganizationScope, string>> = {
  all: 'All',
  healthcare: 'Healthcare',
  non_healthcare: 'Non-healthcare',
  sole_proprietor: 'Sole proprietor',
};

const NOUNS: Readonly<Record<OrganizationScope, string>> = {
  all: 'organizations',
  healthcare: 'healthcare organizations',
  non_healthcare: 'non-healthcare organizations',
  sole_proprietor: 'sole proprietors',
};

const EMPTY_TITLES: Readonly<Record<OrganizationScope, string>> = {
  all: 'No Organizations Found',
  healthcare: 'No Healthcare Organizations Found',
  non_healthcare: 'No Non-Healthcare Organizations Found',
  sole_proprietor: 'No Sole Proprietors Found',
};

export interface EmptyText {
  title: string;
  description: string;
  showAddButton: boolean;
}

/** The empty state: with a search or a status filter it suggests another search; with nothing at all, adding one. */
export function organizationEmptyState(scope: OrganizationScope, narrowed: boolean): EmptyText {
  const noun = NOUNS[scope];
  return narrowed
    ? { title: EMPTY_TITLES[scope], description: `No ${noun} match your search criteria. Try a different search.`, showAddButton: false }
    : { title: EMPTY_TITLES[scope], description: `You haven't added any ${noun} yet. Click the button below to get started.`, showAddButton: true };
}

const COUNT_FORMAT = new Intl.NumberFormat('en-US');

/** '12 organizations', '1 organization', '3 of 12 organizations'. */
export function organizationCount(shown: number, total: number, searching: boolean): string {
  const noun = (n: number) => (n === 1 ? 'organization' : 'organizations');
  return searching ? `${COUNT_FORMAT.format(shown)} of ${COUNT_FORMAT.format(total)} ${noun(total)}` : `${COUNT_FORMAT.format(total)} ${noun(total)}`;
}

const error = (description: string, title = 'Error'): ToastMessage => ({ title, description, type: 'error' });
const success = (description: string, title = 'Success'): ToastMessage => ({ title, description, type: 'success' });

export const ORGANIZATIONS_FETCH_FAILED = error('Failed to load organizations');
export const UNEXPECTED_LIST_ERROR = error('An unexpected error occurred. Please try again.');

export function listFailureMessage(failure: ListFailure): ToastMessage {
  return failure === 'fetch' ? ORGANIZATIONS_FETCH_FAILED : UNEXPECTED_LIST_ERROR;
}

export const ORGANIZATION_LOAD_FAILED = error('Failed to load organization details. Please try again.');
export const ORGANIZATION_NOT_FOUND_TITLE = 'Organization Not Found';
export const ORGANIZATION_NOT_FOUND_TEXT = "The organization you're looking for couldn't be found.";
export const RETURN_TO_ORGANIZATIONS = 'Return to Organizations';

export const ORGANIZATION_CREATED = success('Organization added', 'Organization Added');
export const ORGANIZATION_CREATE_FAILED = error('Failed to add organization. Please try again.');
export const ORGANIZATION_SAVED = success('Organization information updated successfully');
export const ORGANIZATION_SAVE_FAILED = error('Failed to update organization information');
export const ORGANIZATION_SAVED_OFFLINE: ToastMessage = {
  title: 'Saved on this device',
  description: 'The change is saved here and will sync when the connection is back.',
  type: 'info',
};
export const ORGANIZATION_DEACTIVATED = success('The organization is inactive: it is no longer offered for new providers and orders.', 'Organization deactivated');
export const ORGANIZATION_REACTIVATED = success('The organization is active again.', 'Organization reactivated');
export const ORGANIZATION_STATUS_FAILED = error('Failed to change the organization status');

export const ACCOUNT_NUMBER_TAKEN = (accountNumber: string, name: string) => `Account number ${accountNumber} is already used by ${name}`;
export const NPI_ALREADY_IN_DIRECTORY_TITLE = 'Organization Already Exists';
export const NPI_ALREADY_IN_DIRECTORY = (name: string) => `An organization with this NPI is already in the directory: ${name}.`;

/** 'Active' or 'Inactive' from is_active. */
export function organizationStatusLabel(isActive: boolean | null | undefined): 'Active' | 'Inactive' {
  return isActive === false ? 'Inactive' : 'Active';
}

/** The kinds as the form and the manage page name them (the list badge uses the short lib/organization labels). */
export const ORGANIZATION_KIND_LABELS: Readonly<Record<'healthcare' | 'sole_proprietor' | 'non_healthcare', string>> = {
  healthcare: 'Healthcare organization',
  sole_proprietor: 'Sole proprietor',
  non_healthcare: 'Non-healthcare account',
};
