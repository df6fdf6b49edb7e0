/**
 * The provider create form (spec §2, §5): identity (names read-only when the registry
 * supplied them), contact, the organization, for an individual the taxonomy and license,
 * and the result-distribution preferences. Validation is the model's valibot schema through
 * react-hook-form; the save itself is the page's (onSave). While saving, the button reads
 * 'Adding…' and every field is disabled.
 */
import { Badge, Button, Fieldset, HStack, Stack, Text } from '@chakra-ui/react';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useForm } from 'react-hook-form';
import { LuArrowLeft, LuBadgeCheck, LuUserPlus } from 'react-icons/lu';
import { createProviderSchema, type CreateProviderFormValues, type CreateProviderValues } from '../../../lib/provider-create/create-provider-schema.ts';
import type { CreateFormPrefill } from '../../../lib/provider-create/prefill.ts';
import { CREATE_TEXT } from '../shared/flow-texts.ts';
import { CONTACT_FIELDS, IDENTITY_FIELDS, SECTION_TITLES, TAXONOMY_FIELDS } from './create-form-layout.ts';
import { FormSection } from '../../../components/form/form-section.tsx';
import { OrganizationField } from './organization-field.tsx';
import { PreferencesSection } from './preferences-section.tsx';
import { TextField } from './text-field.tsx';
import type { OrganizationsState } from './use-active-organizations.ts';

const resolver = valibotResolver(createProviderSchema);

export interface CreateProviderFormProps {
  prefill: CreateFormPrefill;
  /** The verified NPI and the registry's name for it; null for a non-healthcare provider. */
  registry: { npi: string; legalName: string | null } | null;
  organizations: OrganizationsState;
  onSave: (values: CreateProviderValues) => Promise<void>;
  onBack: () => void;
}

export function CreateProviderForm({ prefill, registry, organizations, onSave, onBack }: CreateProviderFormProps) {
  // criteriaMode 'all': the resolver reports every rule at once (both notification rules), not only the first.
  const {
    register,
    control,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<CreateProviderFormValues, unknown, CreateProviderValues>({ defaultValues: prefill.values, resolver, criteriaMode: 'all' });

  const registrySummary = registry && (
    <HStack gap="3" wrap="wrap" bg="bg.muted" rounded="md" px="4" py="3" data-testid="create-registry-summary">
      <Badge colorPalette="green" variant="subtle">
        <LuBadgeCheck aria-hidden /> NPI verified
      </Badge>
      <Text>
        <Text as="span" color="fg.muted" fontSize="sm">
          NPI{' '}
        </Text>
        <Text as="span" fontFamily="mono">
          {registry.npi}
        </Text>
      </Text>
      {registry.legalName && <Text fontWeight="medium">{registry.legalName}</Text>}
    </HStack>
  );

  return (
    <form onSubmit={handleSubmit(onSave)} noValidate aria-label="New provider" data-testid="create-provider-form">
      <Fieldset.Root disabled={isSubmitting}>
        <Stack gap="5">
          <FormSection id="create-identity" title={SECTION_TITLES.identity} lead={registrySummary}>
            {IDENTITY_FIELDS.map((spec) => (
              <TextField
                key={spec.name}
                spec={spec}
                register={register}
                errors={errors}
                readOnly={(spec.name === 'first_name' || spec.name === 'last_name') && prefill.readOnly[spec.name]}
              />
            ))}
          </FormSection>
          <FormSection id="create-contact" title={SECTION_TITLES.contact}>
            {CONTACT_FIELDS.map((spec) => (
              <TextField key={spec.name} spec={spec} register={register} errors={errors} />
            ))}
          </FormSection>
          <FormSection id="create-organization" title={SECTION_TITLES.organization} description="The provider becomes a member of this organization; it is also their default organization.">
            <OrganizationField organizations={organizations} register={register} errors={errors} chosen={watch('organization_id') ?? ''} />
          </FormSection>
          {registry && (
            <FormSection id="create-taxonomy" title={SECTION_TITLES.taxonomy} description="Prefilled from the primary taxonomy in the NPI registry.">
              {TAXONOMY_FIELDS.map((spec) => (
                <TextField key={spec.name} spec={spec} register={register} errors={errors} />
              ))}
            </FormSection>
          )}
          <PreferencesSection control={control} register={register} errors={errors} />
          <HStack justify="space-between" gap="3" pt="1">
            <Button type="button" variant="outline" onClick={onBack} disabled={isSubmitting}>
              <LuArrowLeft aria-hidden /> {CREATE_TEXT.back}
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              <LuUserPlus aria-hidden /> {isSubmitting ? CREATE_TEXT.submitting : CREATE_TEXT.submit}
            </Button>
          </HStack>
        </Stack>
      </Fieldset.Root>
    </form>
  );
}
