/** The words of each list page that the spec leaves open: descriptions, search hints, counts. */
import type { ToastMessage } from '../../../lib/functions/index.ts';
import {
  HEALTHCARE_LIST_FETCH_FAILED,
  NON_HEALTHCARE_LIST_FETCH_FAILED,
  PROVIDER_LIST_FETCH_FAILED,
  SEARCH_PLACEHOLDER,
  UNEXPECTED_LIST_ERROR,
} from '../model/provider-texts.ts';
import type { ProviderSearchScope } from '../model/search-text.ts';
import type { ListFailure } from '../data/provider-list-source.ts';

export const LIST_DESCRIPTIONS: Readonly<Record<ProviderSearchScope, string>> = {
  all: 'Every provider in the directory, healthcare and non-healthcare, sorted by last name.',
  healthcare: 'Providers with an NPI, sorted by last name.',
  non_healthcare: 'Client and direct-bill providers without an NPI, sorted by last name.',
};

export const SEARCH_HINTS: Readonly<Record<ProviderSearchScope, string>> = {
  all: 'Matches first name, last name or NPI as you type.',
  healthcare: 'Matches first name, last name or NPI as you type.',
  non_healthcare: 'Matches first or last name as you type.',
};

export const SEARCH_PLACEHOLDERS: Readonly<Record<ProviderSearchScope, string>> = {
  all: SEARCH_PLACEHOLDER,
  healthcare: SEARCH_PLACEHOLDER,
  non_healthcare: 'Search by name...',
};

const FETCH_FAILED: Readonly<Record<ProviderSearchScope, ToastMessage>> = {
  all: PROVIDER_LIST_FETCH_FAILED,
  healthcare: HEALTHCARE_LIST_FETCH_FAILED,
  non_healthcare: NON_HEALTHCARE_LIST_FETCH_FAILED,
};

/** The spec §8 message of a list failure: a read that failed, or anything unexpected. */
export function listFailureMessage(scope: ProviderSearchScope, failure: ListFailure): ToastMessage {
  return failure === 'fetch' ? FETCH_FAILED[scope] : UNEXPECTED_LIST_ERROR;
}

/** One formatter for every count: toLocaleString builds a new one per call, on every keystroke. */
const COUNT_FORMAT = new Intl.NumberFormat('en-US');

/** '59 providers', '1 provider', '3 of 59 providers'. */
export function countSummary(shown: number, total: number, searching: boolean): string {
  const noun = (n: number) => (n === 1 ? 'provider' : 'providers');
  const count = (n: number) => COUNT_FORMAT.format(n);
  return searching ? `${count(shown)} of ${count(total)} ${noun(total)}` : `${count(total)} ${noun(total)}`;
}
