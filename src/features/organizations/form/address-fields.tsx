/** One postal address of the organization form (practice or billing): street, suite, city, US state, ZIP or ZIP+4. */
import { Input, NativeSelect } from '@chakra-ui/react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Field } from '../../../components/ui/field.tsx';
import type { OrganizationFormValues } from '../../../lib/organization/organization-form.ts';
import { US_STATES } from '../../../lib/organization/rules.ts';

export interface AddressFieldsProps {
  prefix: 'practice' | 'billing';
  label: string;
  register: UseFormRegister<OrganizationFormValues>;
  errors: FieldErrors<OrganizationFormValues>;
}

export function AddressFields({ prefix, label, register, errors }: AddressFieldsProps) {
  const error = errors[prefix] as Partial<Record<'line1' | 'line2' | 'city' | 'state' | 'zip', { message?: string }>> | undefined;
  return (
    <>
      <Field label={`${label} street`} required invalid={!!error?.line1} errorText={error?.line1?.message}>
        <Input {...register(`${prefix}.line1`)} autoComplete="off" />
      </Field>
      <Field label={`${label} suite or floor`} invalid={!!error?.line2} errorText={error?.line2?.message}>
        <Input {...register(`${prefix}.line2`)} autoComplete="off" />
      </Field>
      <Field label={`${label} city`} required invalid={!!error?.city} errorText={error?.city?.message}>
        <Input {...register(`${prefix}.city`)} autoComplete="off" />
      </Field>
      <Field label={`${label} state`} required invalid={!!error?.state} errorText={error?.state?.message}>
        <NativeSelect.Root>
          <NativeSelect.Field {...register(`${prefix}.state`)}>
            <option value="">Choose a state</option>
            {US_STATES.map((state) => (
              <option key={state.code} value={state.code}>
                {state.name} ({state.code})
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field>
      <Field label={`${label} ZIP code`} required invalid={!!error?.zip} errorText={error?.zip?.message}>
        <Input {...register(`${prefix}.zip`)} inputMode="numeric" autoComplete="off" maxW="12rem" />
      </Field>
    </>
  );
}
