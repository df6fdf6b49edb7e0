/**
 * The organization a new provider joins (spec §5: required, 'Organization is required'),
 * chosen from every active organization on this device (the seeded ones and every one
 * staff added since), ordered by legal name. A search box narrows the choice by legal
 * name, DBA name, NPI, account number or city (src/components/form/filterable-select.tsx):
 * with thousands of client accounts a bare select cannot be scrolled.
 */
import { Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { FilterableSelect, type FilterableOption } from '../../../components/form/filterable-select.tsx';
import type { CreateProviderFormValues } from '../../../lib/provider-create/create-provider-schema.ts';
import { CREATE_TEXT } from '../shared/flow-texts.ts';
import type { OrganizationOption, OrganizationsState } from './use-active-organizations.ts';

const TYPE_LABELS: Readonly<Record<string, string>> = {
  healthcare: 'Healthcare',
  non_healthcare: 'Non-healthcare',
  sole_proprietor: 'Sole proprietor',
};

export function organizationOption(organization: OrganizationOption): FilterableOption {
  const label = `${organization.legal_name}${TYPE_LABELS[organization.type] ? ` (${TYPE_LABELS[organization.type]})` : ''}`;
  const keywords = [label, organization.dba_name, organization.npi, organization.account_number, organization.city].filter(Boolean).join(' ').toLowerCase();
  return { value: organization.id, label, keywords };
}

export interface OrganizationFieldProps {
  organizations: OrganizationsState;
  register: UseFormRegister<CreateProviderFormValues>;
  errors: FieldErrors<CreateProviderFormValues>;
  /** The organization chosen so far ('' for none). */
  chosen: string;
}

export function OrganizationField({ organizations, register, errors, chosen }: OrganizationFieldProps) {
  const error = errors.organization_id?.message;
  const loading = organizations.status === 'loading';
  const none = organizations.status !== 'loading' && organizations.organizations.length === 0;
  const options = useMemo(() => organizations.organizations.map(organizationOption), [organizations.organizations]);
  return (
    <FilterableSelect
      label="Organization"
      required
      error={error}
      options={options}
      value={chosen}
      placeholder={loading ? CREATE_TEXT.loadingOrganizations : CREATE_TEXT.organizationPlaceholder}
      searchLabel="Find the organization"
      searchPlaceholder="Legal name, DBA name, NPI, account number or city"
      disabled={loading}
      selectProps={register('organization_id')}
      gridColumn={{ md: 'span 2' }}
      note={
        none && (
          <Text fontSize="sm" color="fg.muted" data-testid="no-organizations">
            {organizations.status === 'error' ? 'Failed to load organizations' : CREATE_TEXT.noOrganizations}
          </Text>
        )
      }
    />
  );
}
