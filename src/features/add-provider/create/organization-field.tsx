/**
 * The organization a new provider joins (spec §5: required, 'Organization is required'),
 * chosen from the active organizations on this device, ordered by legal name. A native
 * select: keyboard, screen readers and touch devices handle it natively.
 */
import { NativeSelect, Text } from '@chakra-ui/react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Field } from '../../../components/ui/field.tsx';
import type { CreateProviderFormValues } from '../model/create-provider-schema.ts';
import { CREATE_TEXT } from '../shared/flow-texts.ts';
import type { OrganizationsState } from './use-active-organizations.ts';

const TYPE_LABELS: Readonly<Record<string, string>> = {
  healthcare: 'Healthcare',
  non_healthcare: 'Non-healthcare',
  sole_proprietor: 'Sole proprietor',
};

export interface OrganizationFieldProps {
  organizations: OrganizationsState;
  register: UseFormRegister<CreateProviderFormValues>;
  errors: FieldErrors<CreateProviderFormValues>;
}

export function OrganizationField({ organizations, register, errors }: OrganizationFieldProps) {
  const error = errors.organization_id?.message;
  const loading = organizations.status === 'loading';
  const none = organizations.status !== 'loading' && organizations.organizations.length === 0;
  return (
    <Field label="Organization" required invalid={!!error} errorText={error} gridColumn={{ md: 'span 2' }}>
      <NativeSelect.Root disabled={loading} maxW={{ md: 'xl' }}>
        <NativeSelect.Field {...register('organization_id')} placeholder={loading ? CREATE_TEXT.loadingOrganizations : CREATE_TEXT.organizationPlaceholder}>
          {organizations.organizations.map((organization) => (
            <option key={organization.id} value={organization.id}>
              {organization.legal_name}
              {TYPE_LABELS[organization.type] ? ` (${TYPE_LABELS[organization.type]})` : ''}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {none && (
        <Text fontSize="sm" color="fg.muted" data-testid="no-organizations">
          {organizations.status === 'error' ? 'Failed to load organizations' : CREATE_TEXT.noOrganizations}
        </Text>
      )}
    </Field>
  );
}
