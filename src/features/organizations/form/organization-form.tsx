/**
 * The organization form (issue 24), for /organizations/create and the Edit tab: identity
 * (legal name, DBA, type, NPI, account number, bill types), practice and billing addresses,
 * contact (phone, fax, e-mail), laboratory (CLIA) and notes. Validation is the shared valibot
 * schema (lib/organization/organization-form.ts); the save's own refusals (a taken account
 * number or NPI) come back from `onSave` and show under their field, nothing written.
 */
import { Button, Checkbox, Fieldset, HStack, Input, NativeSelect, Stack, Switch, Textarea } from '@chakra-ui/react';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useEffect, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormSection } from '../../../components/form/form-section.tsx';
import { Field } from '../../../components/ui/field.tsx';
import {
  organizationFormSchema,
  organizationFromForm,
  type OrganizationFields,
  type OrganizationFormOutput,
  type OrganizationFormValues,
} from '../../../lib/organization/organization-form.ts';
import { BILL_TYPE_LABELS, BILL_TYPES, type BillType } from '../../../lib/organization/rules.ts';
import { ORGANIZATION_KIND_LABELS } from '../model/organization-texts.ts';
import { AddressFields } from './address-fields.tsx';

const resolver = valibotResolver(organizationFormSchema);

export type SaveRefusal = { field: 'account_number' | 'npi'; message: string } | null;

export interface OrganizationFormProps {
  defaultValues: OrganizationFormValues;
  /** The NPI came from the registry (create after a lookup, or an organization with an NPI): shown read-only. */
  npiLocked: boolean;
  submitLabel: string;
  onSave: (fields: OrganizationFields) => Promise<SaveRefusal>;
  /** Buttons beside Save (Back, Cancel). */
  actions?: ReactNode;
  testId: string;
  /** Told every change of the values (the form's draft keeps them: src/lib/drafts). */
  onValuesChange?: (values: OrganizationFormValues) => void;
}

export function OrganizationForm({ defaultValues, npiLocked, submitLabel, onSave, actions, testId, onValuesChange }: OrganizationFormProps) {
  const {
    register,
    control,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<OrganizationFormValues, unknown, OrganizationFormOutput>({ defaultValues, resolver });
  const sameBilling = watch('billing.same');
  const type = watch('type');
  useEffect(() => {
    if (!onValuesChange) return undefined;
    const subscription = watch((values) => onValuesChange(values as OrganizationFormValues));
    return () => subscription.unsubscribe();
  }, [watch, onValuesChange]);

  const submit = handleSubmit(async (values) => {
    const refusal = await onSave(organizationFromForm(values));
    if (refusal) setError(refusal.field, { message: refusal.message }, { shouldFocus: true });
  });

  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel} data-testid={testId}>
      <Stack gap="5" maxW="5xl">
        <FormSection id="organization-identity" title="Organization">
          <Field label="Legal name" required invalid={!!errors.legal_name} errorText={errors.legal_name?.message}>
            <Input {...register('legal_name')} autoComplete="organization" />
          </Field>
          <Field label="DBA name" invalid={!!errors.dba_name} errorText={errors.dba_name?.message} helperText="Doing business as, when it differs from the legal name">
            <Input {...register('dba_name')} autoComplete="off" />
          </Field>
          <Field label="Type" required invalid={!!errors.type} errorText={errors.type?.message} helperText={npiLocked ? 'Set by the NPI registry lookup' : undefined}>
            {npiLocked ? (
              // The type that was looked up (kept in the form's values): shown, not changed.
              <Input value={ORGANIZATION_KIND_LABELS[type]} readOnly bg="bg.muted" />
            ) : (
              <NativeSelect.Root>
                <NativeSelect.Field {...register('type')}>
                  {Object.entries(ORGANIZATION_KIND_LABELS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            )}
          </Field>
          <Field
            label="NPI"
            required={type !== 'non_healthcare'}
            invalid={!!errors.npi}
            errorText={errors.npi?.message}
            helperText={npiLocked ? 'From the NPI registry' : undefined}
            readOnly={npiLocked}
          >
            <Input {...register('npi')} inputMode="numeric" fontFamily="mono" readOnly={npiLocked} bg={npiLocked ? 'bg.muted' : undefined} autoComplete="off" />
          </Field>
          <Field label="Account number" required invalid={!!errors.account_number} errorText={errors.account_number?.message} helperText="Unique; the next free number is offered">
            <Input {...register('account_number')} fontFamily="mono" autoComplete="off" />
          </Field>
          <Fieldset.Root invalid={!!errors.bill_types}>
            <Fieldset.Legend fontSize="sm" fontWeight="medium">
              Bill types
            </Fieldset.Legend>
            <Controller
              control={control}
              name="bill_types"
              render={({ field }) => (
                <HStack gap="4" wrap="wrap" mt="1.5">
                  {BILL_TYPES.map((billType) => (
                    <Checkbox.Root
                      key={billType}
                      checked={field.value.includes(billType)}
                      onCheckedChange={(details) =>
                        field.onChange(details.checked === true ? [...field.value, billType] : field.value.filter((entry: BillType) => entry !== billType))
                      }
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>{BILL_TYPE_LABELS[billType]}</Checkbox.Label>
                    </Checkbox.Root>
                  ))}
                </HStack>
              )}
            />
            {errors.bill_types?.message && <Fieldset.ErrorText>{errors.bill_types.message}</Fieldset.ErrorText>}
          </Fieldset.Root>
        </FormSection>
        <FormSection id="organization-practice" title="Practice address">
          <AddressFields prefix="practice" label="Practice" register={register} errors={errors} />
        </FormSection>
        <FormSection
          id="organization-billing"
          title="Billing address"
          lead={
            <Controller
              control={control}
              name="billing.same"
              render={({ field }) => (
                <Switch.Root checked={field.value} onCheckedChange={(details) => field.onChange(details.checked)}>
                  <Switch.HiddenInput />
                  <Switch.Control />
                  <Switch.Label>Bill to the practice address</Switch.Label>
                </Switch.Root>
              )}
            />
          }
        >
          {!sameBilling && <AddressFields prefix="billing" label="Billing" register={register} errors={errors} />}
        </FormSection>
        <FormSection id="organization-contact" title="Contact and laboratory">
          <Field label="Phone" invalid={!!errors.phone} errorText={errors.phone?.message}>
            <Input {...register('phone')} type="tel" autoComplete="off" />
          </Field>
          <Field label="Fax" invalid={!!errors.fax} errorText={errors.fax?.message}>
            <Input {...register('fax')} type="tel" autoComplete="off" />
          </Field>
          <Field label="Email" invalid={!!errors.email} errorText={errors.email?.message}>
            <Input {...register('email')} type="email" autoComplete="off" />
          </Field>
          <Field label="CLIA number" invalid={!!errors.clia_number} errorText={errors.clia_number?.message} helperText="When the client runs its own laboratory">
            <Input {...register('clia_number')} fontFamily="mono" autoComplete="off" />
          </Field>
          <Field label="Notes" invalid={!!errors.notes} errorText={errors.notes?.message} gridColumn={{ md: 'span 2' }}>
            <Textarea {...register('notes')} rows={3} />
          </Field>
        </FormSection>
        <HStack justify="space-between" gap="3">
          <HStack gap="3">{actions}</HStack>
          <Button type="submit" loading={isSubmitting}>
            {submitLabel}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
