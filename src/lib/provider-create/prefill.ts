/**
 * The create form prefilled from a verified NPI (spec §5): the registry's name (then
 * read-only: it is the provider's legal identity), credential, phone and fax from the
 * practice (LOCATION or PRIMARY) address, the primary taxonomy's code and description, and
 * its state and license. What the registry leaves empty stays editable and empty.
 */
import { textOrNull } from '../provider/json-field.ts';
import { primaryStateAndLicense, primaryTaxonomy, registryContact, registryIdentity } from '../provider/nppes.ts';
import type { StoredNpiVerification } from './npi-verification.ts';
import { createProviderDefaults, type CreateProviderFormValues } from './create-provider-schema.ts';
import { writtenCredential, writtenPersonName } from '../provider/written-name.ts';

export interface CreateFormPrefill {
  values: CreateProviderFormValues;
  /** Fields shown read-only because the registry supplied them. */
  readOnly: { first_name: boolean; last_name: boolean };
}

export function prefillFromVerification(verification: StoredNpiVerification | null): CreateFormPrefill {
  const values = createProviderDefaults();
  if (!verification) return { values, readOnly: { first_name: false, last_name: false } };
  const registry = verification.nppes_data;
  const identity = registryIdentity(registry);
  const contact = registryContact(registry);
  const taxonomy = primaryTaxonomy(registry);
  const { state, license } = primaryStateAndLicense(registry);
  const address = verification.primary_address;
  return {
    values: {
      ...values,
      // As people write them; the registry's own text stays in nppes_data.
      first_name: writtenPersonName(identity.first_name),
      last_name: writtenPersonName(identity.last_name),
      credential: writtenCredential(identity.credential),
      // The normalised answer first (verify-npi already chose the practice address), then the raw registry data.
      phone: textOrNull(address?.telephone_number) ?? contact.phone,
      fax_number: textOrNull(address?.fax_number) ?? contact.fax,
      taxonomy_code: textOrNull(verification.primary_taxonomy_code) ?? textOrNull(taxonomy?.code) ?? '',
      taxonomy_description: textOrNull(verification.primary_taxonomy_description) ?? textOrNull(taxonomy?.desc) ?? '',
      primary_state: state,
      license_number: license,
    },
    readOnly: { first_name: identity.first_name !== '', last_name: identity.last_name !== '' },
  };
}
