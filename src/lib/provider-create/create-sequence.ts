/**
 * Creating a provider, as data (spec §4 creation flow, §7 create sequence): from the
 * validated form, the session's NPI and registry data, the signed-in user and fresh ids,
 * the three records to write, parents first: the provider, its membership in the chosen
 * organization, and its result-distribution preferences. Also the checks that stop it (no
 * user, no verified NPI for an individual, an NPI already in the directory) and the toasts.
 */
import type { ToastMessage } from '../functions/toast-message.ts';
import { emptyToNull } from '../provider/form-fields.ts';
import { hasRegistryData, type NppesData } from '../provider/nppes.ts';
import { withPrimaryTaxonomy } from '../provider/nppes-taxonomy.ts';
import { providerDisplayName } from '../provider/provider-name.ts';
import { hasVerifiedNpi, type StoredNpiVerification } from './npi-verification.ts';
import type { CreateProviderValues } from './create-provider-schema.ts';
import type { ProviderType } from './provider-type.ts';
import { writtenCredential } from '../provider/written-name.ts';

export const PROVIDER_ALREADY_EXISTS: ToastMessage = {
  title: 'Provider Already Exists',
  description: 'A provider with this NPI already exists in the system.',
  type: 'error',
};
export const USER_NOT_AUTHENTICATED: ToastMessage = { title: 'Error', description: 'User not authenticated', type: 'error' };
export const NPI_VERIFICATION_MISSING: ToastMessage = {
  title: 'Error',
  description: 'Please verify the NPI before adding an individual provider.',
  type: 'error',
};
export const CREATE_PROVIDER_FAILED: ToastMessage = {
  title: 'Error',
  description: 'Failed to add provider. Please try again.',
  type: 'error',
};

export function providerAddedToast(provider: { first_name: string; last_name: string; credential: string | null }): ToastMessage {
  return { title: 'Provider Added', description: `${providerDisplayName(provider)} has been added to the directory.`, type: 'success' };
}

export interface NewProviderRecord {
  id: string;
  npi: string | null;
  first_name: string;
  last_name: string;
  nickname: string | null;
  credential: string | null;
  email: string | null;
  phone: string | null;
  default_organization_id: string;
  taxonomy_code: string | null;
  taxonomy_description: string | null;
  is_active: true;
  pecos_verified: boolean;
  pecos_verification_date: string | null;
  pecos_verification_data: unknown;
  nppes_verified: boolean;
  nppes_data: NppesData | null;
  created_by: string;
  created_at: string;
  updated_at: string;
}

export interface NewMembershipRecord {
  id: string;
  provider_id: string;
  organization_id: string;
  is_active: true;
  assigned_by: string;
  created_at: string;
  updated_at: string;
}

export interface NewPreferencesRecord {
  id: string;
  provider_id: string;
  in_app_notifications: boolean;
  email_notifications: boolean;
  fax_notifications: boolean;
  fax_number: string | null;
  report_format: 'summary';
  favorite_reports: string[];
  created_at: string;
  updated_at: string;
}

export interface ProviderCreation {
  provider: NewProviderRecord;
  membership: NewMembershipRecord;
  preferences: NewPreferencesRecord;
}

export interface ProviderCreationInput {
  values: CreateProviderValues;
  providerType: ProviderType;
  verification: StoredNpiVerification | null;
  userId: string | null | undefined;
  ids: { provider: string; membership: string; preferences: string };
  now: string;
  /** The providers already in the directory, for the duplicate-NPI check. */
  existingProviders?: Iterable<ExistingProvider>;
}

export interface ExistingProvider {
  id: string;
  npi: string | null;
  _deleted?: boolean;
}

/** The live provider that already has this NPI (soft-deleted ones do not count), or null. */
export function findProviderWithNpi<P extends ExistingProvider>(npi: string | null, providers: Iterable<P>): P | null {
  const wanted = npi?.trim();
  if (!wanted) return null;
  for (const provider of providers) {
    if (!provider._deleted && provider.npi?.trim() === wanted) return provider;
  }
  return null;
}

export type ProviderCreationPlan = { ok: true; records: ProviderCreation } | { ok: false; error: ToastMessage };

export function planProviderCreation(input: ProviderCreationInput): ProviderCreationPlan {
  const { values, verification, ids, now } = input;
  const userId = input.userId?.trim();
  if (!userId) return { ok: false, error: USER_NOT_AUTHENTICATED };
  const individual = input.providerType === 'individual';
  if (individual && !hasVerifiedNpi(verification)) {
    return { ok: false, error: NPI_VERIFICATION_MISSING };
  }
  const npi = individual ? (verification?.npi.trim() ?? null) : null;
  if (npi && input.existingProviders && findProviderWithNpi(npi, input.existingProviders)) {
    return { ok: false, error: PROVIDER_ALREADY_EXISTS };
  }
  const registryData = individual ? (verification?.nppes_data ?? null) : null;
  // The lookup page's PECOS check, shown at once; the server applies the same recorded check.
  const pecos = individual ? (verification?.pecos_check ?? null) : null;
  const email = emptyToNull(values.email);

  const provider: NewProviderRecord = {
    id: ids.provider,
    npi,
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    nickname: emptyToNull(values.nickname),
    credential: emptyToNull(writtenCredential(values.credential)),
    email,
    phone: emptyToNull(values.phone),
    default_organization_id: values.organization_id.trim(),
    taxonomy_code: emptyToNull(values.taxonomy_code),
    taxonomy_description: emptyToNull(values.taxonomy_description),
    is_active: true,
    pecos_verified: pecos?.verified ?? false,
    pecos_verification_date: pecos?.checked_at ?? null,
    pecos_verification_data: pecos?.evidence ?? null,
    nppes_verified: hasRegistryData(registryData),
    nppes_data: registryDataToStore(registryData, values),
    created_by: userId,
    created_at: now,
    updated_at: now,
  };
  const membership: NewMembershipRecord = {
    id: ids.membership,
    provider_id: ids.provider,
    organization_id: provider.default_organization_id,
    is_active: true,
    assigned_by: userId,
    created_at: now,
    updated_at: now,
  };
  const preferences: NewPreferencesRecord = {
    id: ids.preferences,
    provider_id: ids.provider,
    in_app_notifications: values.in_app_notifications,
    email_notifications: values.email_notifications,
    fax_notifications: values.fax_notifications,
    fax_number: emptyToNull(values.fax_number),
    report_format: 'summary',
    favorite_reports: email ? [email] : [],
    created_at: now,
    updated_at: now,
  };
  return { ok: true, records: { provider, membership, preferences } };
}

/**
 * The form's state and license live in the primary taxonomy entry (spec §3), so they are
 * written into the registry data; without registry data, minimal data is made only to hold
 * a state or license (the code and description already have their columns).
 */
function registryDataToStore(registryData: unknown, values: CreateProviderValues): NppesData | null {
  const hasStateOrLicense = emptyToNull(values.primary_state) !== null || emptyToNull(values.license_number) !== null;
  if (!hasRegistryData(registryData) && !hasStateOrLicense) return null;
  return withPrimaryTaxonomy(registryData, {
    code: values.taxonomy_code,
    desc: values.taxonomy_description,
    state: values.primary_state,
    license: values.license_number,
  });
}
