/**
 * "Refresh from NPPES" on a healthcare organization or a sole proprietor (issue 24): the
 * registry is asked again (the same verify-npi call as the lookup) and what it now says is
 * compared with the record, field by field (legal name, DBA name, practice address, phone,
 * fax, authorized official, primary taxonomy), so staff see what changed before anything
 * is applied. Applying writes the changed fields and the registry's answer (nppes_data,
 * verified date, official, taxonomy), as the create step saves them. An answer the lookup
 * would refuse (deactivated, wrong type, no longer a sole proprietor) changes nothing. Pure.
 */
import type { JsonValue, OrganizationDoc } from '../../../db/index.ts';
import { organizationFormValues } from '../../../lib/organization/organization-form.ts';
import { addressLines, addressOf, officialName, officialOf } from '../../../lib/organization/organization-record.ts';
import type { OrganizationType, PostalAddress } from '../../../lib/organization/rules.ts';
import type { StoredOrganizationLookup } from './add-organization-session.ts';
import { createFormPrefill } from './organization-lookup.ts';

export const REFRESH_TEXT = {
  title: 'NPPES registry',
  button: 'Refresh from NPPES',
  refreshing: 'Asking NPPES…',
  apply: 'Apply changes',
  discard: 'Discard',
  noChanges: 'NPPES has nothing new for this organization: the record already matches the registry.',
  changesIntro: 'NPPES now says the following. Nothing changes until you apply it.',
  refused: 'NPPES no longer accepts this NPI for this organization: nothing was changed.',
} as const;

/** What the registry said, saved with the organization (at creation and at each refresh). */
export interface RegistryFields {
  nppes_data: JsonValue;
  nppes_verified_at: string;
  authorized_official: JsonValue | null;
  primary_taxonomy_code: string | null;
  primary_taxonomy_description: string | null;
}

export function registryFields(lookup: StoredOrganizationLookup, now: string): RegistryFields {
  const { looked_up_as: _type, ...answer } = lookup;
  return {
    nppes_data: answer as unknown as JsonValue,
    nppes_verified_at: now,
    authorized_official: (answer.authorized_official ?? null) as unknown as JsonValue | null,
    primary_taxonomy_code: answer.primary_taxonomy_code ?? null,
    primary_taxonomy_description: answer.primary_taxonomy_description ?? null,
  };
}

export interface RegistryChange {
  field: 'legal_name' | 'dba_name' | 'practice_address' | 'phone' | 'fax' | 'authorized_official' | 'taxonomy';
  label: string;
  current: string;
  next: string;
}

const show = (value: string | null | undefined) => (value && value.trim() !== '' ? value : '—');

function addressText(address: PostalAddress | null): string {
  return addressLines(address).join(', ');
}

function taxonomyText(code: string | null | undefined, description: string | null | undefined): string {
  if (code && description) return `${description} (${code})`;
  return description ?? code ?? '';
}

export interface RegistryRefresh {
  changes: RegistryChange[];
  /** What applying writes: the changed fields and the registry's answer. */
  patch: Partial<OrganizationDoc>;
}

export function registryRefresh(organization: Readonly<OrganizationDoc>, lookup: StoredOrganizationLookup, now: string): RegistryRefresh {
  const registry = createFormPrefill(organization.type as OrganizationType, lookup, []);
  const record = organizationFormValues(organization);
  const changes: RegistryChange[] = [];
  const patch: Partial<OrganizationDoc> = {};
  const compare = (field: RegistryChange['field'], label: string, current: string, next: string, write: () => void) => {
    if (next.trim() === '' || current.trim() === next.trim()) return;
    changes.push({ field, label, current: show(current), next });
    write();
  };
  compare('legal_name', 'Legal name', record.legal_name, registry.legal_name, () => (patch.legal_name = registry.legal_name));
  compare('dba_name', 'DBA name', record.dba_name, registry.dba_name, () => (patch.dba_name = registry.dba_name));
  const practice: PostalAddress = { ...registry.practice, line2: registry.practice.line2 || null };
  compare('practice_address', 'Practice address', addressText(addressOf(organization.practice_address)), addressText(practice), () => (patch.practice_address = practice as unknown as JsonValue));
  compare('phone', 'Phone', record.phone, registry.phone, () => (patch.phone = registry.phone));
  compare('fax', 'Fax', record.fax, registry.fax, () => (patch.fax = registry.fax));
  const fields = registryFields(lookup, now);
  compare('authorized_official', 'Authorized official', officialName(officialOf(organization.authorized_official)), officialName(officialOf(fields.authorized_official)), () => {});
  compare(
    'taxonomy',
    'Primary taxonomy',
    taxonomyText(organization.primary_taxonomy_code, organization.primary_taxonomy_description),
    taxonomyText(fields.primary_taxonomy_code, fields.primary_taxonomy_description),
    () => {},
  );
  return { changes, patch: { ...patch, ...fields } };
}
