/**
 * The provider pages' own words (spec §2 and §8), exported once so the pages, their tests
 * and the end-to-end specs use the same strings: list headings and empty states, the
 * list and detail loading errors, the edit form's toasts and the not-found page.
 */
import type { ToastMessage } from '../../../lib/functions/toast-message.ts';
import type { ProviderSearchScope } from './search-text.ts';

export const SEARCH_PLACEHOLDER = 'Search by name or NPI...';
export const ADD_PROVIDER_LABEL = 'Add Provider';
export const FIND_PROVIDERS_TITLE = 'Find Providers';
export const PROVIDER_LIST_COLUMNS = ['Provider', 'NPI', 'Specialty', 'Status', 'PECOS', 'Actions'] as const;

export const LIST_TITLES: Readonly<Record<ProviderSearchScope, string>> = {
  all: 'Providers',
  healthcare: 'Healthcare Providers',
  non_healthcare: 'Non-Healthcare Providers',
};

export interface EmptyState {
  title: string;
  description: string;
  /** Offer the Add Provider button (only when nothing has been added yet). */
  showAddButton: boolean;
}

const EMPTY_TITLES: Readonly<Record<ProviderSearchScope, string>> = {
  all: 'No Providers Found',
  healthcare: 'No Healthcare Providers Found',
  non_healthcare: 'No Non-Healthcare Providers Found',
};

const NOUNS: Readonly<Record<ProviderSearchScope, string>> = {
  all: 'providers',
  healthcare: 'healthcare providers',
  non_healthcare: 'non-healthcare providers',
};

/** The empty state of a list: with a search active it suggests another search, else adding one. */
export function emptyState(scope: ProviderSearchScope, searching: boolean): EmptyState {
  const noun = NOUNS[scope];
  return searching
    ? { title: EMPTY_TITLES[scope], description: `No ${noun} match your search criteria. Try a different search.`, showAddButton: false }
    : {
        title: EMPTY_TITLES[scope],
        description: `You haven't added any ${noun} yet. Click the button below to get started.`,
        showAddButton: true,
      };
}

/** 'Active' or 'Inactive' from is_active (spec §4). */
export function providerStatusLabel(isActive: boolean | null | undefined): 'Active' | 'Inactive' {
  return isActive === false ? 'Inactive' : 'Active';
}

const error = (description: string, title = 'Error'): ToastMessage => ({ title, description, type: 'error' });

export const PROVIDER_LIST_FETCH_FAILED = error('Failed to fetch providers. Please try again.');
export const HEALTHCARE_LIST_FETCH_FAILED = error('Failed to fetch healthcare providers. Please try again.');
export const NON_HEALTHCARE_LIST_FETCH_FAILED = error('Failed to fetch non-healthcare providers. Please try again.');
export const UNEXPECTED_LIST_ERROR = error('An unexpected error occurred. Please try again.');
export const PROVIDER_LOAD_FAILED = error('Failed to load provider details. Please try again.');

/** Call 1 failed: no success toast follows. */
export const EDIT_DETAILS_FAILED = error('Failed to update provider information');
/** Call 2 failed: a warning, and the success toast still shows. */
export const EDIT_TAXONOMY_WARNING: ToastMessage = {
  title: 'Warning',
  description: 'Provider information updated but there was an issue with the taxonomy data',
  type: 'warning',
};
export const EDIT_SUCCESS: ToastMessage = { title: 'Success', description: 'Provider information updated successfully', type: 'success' };

export interface SaveOutcome {
  detailsSaved: boolean;
  /** null when call 2 was not needed. */
  registrySaved: boolean | null;
}

/** The toasts a save shows, in order, and whether the parent's save-success callback runs. */
export function editSaveToasts(outcome: SaveOutcome): { toasts: ToastMessage[]; succeeded: boolean } {
  if (!outcome.detailsSaved) return { toasts: [EDIT_DETAILS_FAILED], succeeded: false };
  return {
    toasts: outcome.registrySaved === false ? [EDIT_TAXONOMY_WARNING, EDIT_SUCCESS] : [EDIT_SUCCESS],
    succeeded: true,
  };
}

export const PROVIDER_NOT_FOUND_TITLE = 'Provider Not Found';
export const PROVIDER_NOT_FOUND_TEXT = "The provider you're looking for couldn't be found.";
export const RETURN_TO_PROVIDERS = 'Return to Providers';

export const DATES_SECTION_LABELS = {
  created: 'Date Created',
  nppesRefresh: 'Last NPPES Refresh',
  updated: 'Last Updated',
} as const;
