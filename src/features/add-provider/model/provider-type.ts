/** Where the add-provider flow's steps live, and the two choices of its first step. */
import type { ProviderType } from '../../../lib/provider-create/provider-type.ts';

export { isProviderType, PROVIDER_TYPES, type ProviderType } from '../../../lib/provider-create/provider-type.ts';

export const ADD_PROVIDER_PATHS = {
  typeSelection: '/providers/type-selection',
  lookup: '/providers/lookup',
  create: '/providers/create',
  done: '/providers',
} as const;

export interface ProviderTypeChoice {
  type: ProviderType;
  title: string;
  description: string;
  /** Where choosing it leads. */
  next: string;
}

export const PROVIDER_TYPE_CHOICES: readonly ProviderTypeChoice[] = [
  {
    type: 'individual',
    title: 'Individual Provider',
    description: 'A healthcare provider with their own NPI (Type 1).',
    next: ADD_PROVIDER_PATHS.lookup,
  },
  {
    type: 'non_healthcare',
    title: 'Non-Healthcare Provider',
    description: 'An organization or individual ordering on a client or direct-bill basis, without an NPI.',
    next: ADD_PROVIDER_PATHS.create,
  },
];

export const NPI_LOOKUP_BREADCRUMBS = ['Providers', 'Add Provider', 'NPI Lookup'] as const;
