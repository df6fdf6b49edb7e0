/**
 * The two kinds of provider one can add (spec §2 type selection, §9): an individual
 * healthcare provider with their own Type 1 NPI, verified in the registry first, or a
 * non-healthcare provider (a client or direct-bill organisation or individual) without one.
 */

export const PROVIDER_TYPES = ['individual', 'non_healthcare'] as const;
export type ProviderType = (typeof PROVIDER_TYPES)[number];

export function isProviderType(value: unknown): value is ProviderType {
  return typeof value === 'string' && (PROVIDER_TYPES as readonly string[]).includes(value);
}

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
