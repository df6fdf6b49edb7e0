/**
 * What saving the edit form writes (spec §7, calls 4 and 5), as data:
 * - part 1 (always): the identity, contact and taxonomy columns plus updated_at, trimmed,
 *   blanks stored as null;
 * - part 2 (sometimes): the whole nppes_data with the primary taxonomy's state and license
 *   updated (the only part of registry data staff may change: the server refuses the
 *   rest), made only when the record has registry data or a state or license was entered,
 *   and the primary state or license actually changed.
 * Pure and non-mutating: the provider record and its nppes_data are left untouched.
 */
import { emptyToNull } from '../../../lib/provider/form-fields.ts';
import { hasRegistryData, primaryStateAndLicense, type NppesData } from '../../../lib/provider/nppes.ts';
import { withPrimaryTaxonomy } from '../../../lib/provider/nppes-taxonomy.ts';
import type { EditProviderFormValues } from './edit-provider-schema.ts';
import { writtenCredential } from '../../../lib/provider/written-name.ts';

export interface ProviderDetailsPatch {
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  nickname: string | null;
  credential: string | null;
  taxonomy_description: string | null;
  taxonomy_code: string | null;
  updated_at: string;
}

export interface ProviderRegistryPatch {
  nppes_data: NppesData;
  updated_at: string;
}

export interface ProviderUpdatePlan {
  /** Call 1: always made. */
  details: ProviderDetailsPatch;
  /** Call 2: null when it is not needed. */
  registry: ProviderRegistryPatch | null;
}

/** Part 1: the columns of call 1. Names are trimmed (the schema has already refused blanks). */
export function providerDetailsPatch(values: EditProviderFormValues, now: string): ProviderDetailsPatch {
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: emptyToNull(values.email),
    phone: emptyToNull(values.phone),
    nickname: emptyToNull(values.nickname),
    credential: emptyToNull(writtenCredential(values.credential)),
    taxonomy_description: emptyToNull(values.taxonomy_description),
    taxonomy_code: emptyToNull(values.taxonomy_code),
    updated_at: now,
  };
}

/** Part 2, or null when spec §7 call 5 is not to be made. */
export function providerRegistryPatch(
  provider: { nppes_data: unknown },
  values: EditProviderFormValues,
  now: string,
): ProviderRegistryPatch | null {
  const state = emptyToNull(values.primary_state);
  const license = emptyToNull(values.license_number);
  const before = primaryStateAndLicense(provider.nppes_data);
  const changed = (state ?? '') !== before.state || (license ?? '') !== before.license;
  const relevant = hasRegistryData(provider.nppes_data) || state !== null || license !== null;
  if (!changed || !relevant) return null;
  const nppesData = withPrimaryTaxonomy(provider.nppes_data, {
    code: emptyToNull(values.taxonomy_code),
    desc: emptyToNull(values.taxonomy_description),
    state,
    license,
  });
  return nppesData ? { nppes_data: nppesData, updated_at: now } : null;
}

export function planProviderUpdate(provider: { nppes_data: unknown }, values: EditProviderFormValues, now: string): ProviderUpdatePlan {
  return { details: providerDetailsPatch(values, now), registry: providerRegistryPatch(provider, values, now) };
}
