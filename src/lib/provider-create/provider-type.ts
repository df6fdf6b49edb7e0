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
