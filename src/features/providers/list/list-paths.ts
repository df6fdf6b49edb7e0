/** Where the list pages link to (spec §2). */
import type { ProviderSearchScope } from '../model/search-text.ts';

export const TYPE_SELECTION_PATH = '/providers/type-selection';
export const IMPORT_PATH = '/providers/import';

export const LIST_PATHS: Readonly<Record<ProviderSearchScope, string>> = {
  all: '/providers',
  healthcare: '/providers/healthcare',
  non_healthcare: '/providers/non-healthcare',
};
