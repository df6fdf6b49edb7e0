/** The patient form's demographics: name, date of birth, sex, address and contact. */
import { Input, NativeSelect } from '@chakra-ui/react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Field } from '../../../components/ui/field.tsx';
import type { PatientFormValues } from '../model/patient-form.ts';
import { SEX_LABELS, SEXES } from '../model/patient-record.ts';
import { FormSection } from './form-section.tsx';

interface Props {
  register: UseFormRegister<PatientFormValues>;
  errors: FieldErrors<PatientFormValues>;
}

type TextName = 'first_name' | 'middle_name' | 'last_name' | 'address_line1' | 'address_line2' | 'city' | 'state' | 'postal_code' | 'phone' | 'email';

const TEXT_FIELDS: Array<{ name: TextName; label: string; required?: boolean; autoComplete?: string; type?: string }> = [
  { name: 'first_name', label: 'First name', required: true, autoComplete: 'off' },
  { name: 'middle_name', label: 'Middle name' },
  { name: 'last_name', label: 'Last name', required: true },
];

const CONTACT_FIELDS: Array<{ name: TextName; label: string; type?: string }> = [
  { name: 'address_line1', label: 'Address' },
  { name: 'address_line2', label: 'Address line 2' },
  { name: 'city', label: 'City' },
  { name: 'state', label: 'State' },
  { name: 'postal_code', label: 'ZIP code' },
  { name: 'phone', label: 'Phone', type: 'tel' },
  { name: 'email', label: 'Email', type: 'email' },
];

export function DemographicsSection({ register, errors }: Props) {
  const text = (spec: { name: TextName; label: string; required?: boolean; type?: string }) => (
    <Field key={spec.name} label={spec.label} required={spec.required} invalid={!!errors[spec.name]} errorText={errors[spec.name]?.message}>
      <Input {...register(spec.name)} type={spec.type ?? 'text'} autoComplete="off" />
    </Field>
  );
  return (
    <>
      <FormSection id="patient-demographics" title="Demographics">
        {TEXT_FIELDS.map(text)}
        <Field label="Date of birth" required invalid={!!errors.date_of_birth} errorText={errors.date_of_birth?.message}>
          <Input {...register('date_of_birth')} type="date" max="9999-12-31" />
        </Field>
        <Field label="Sex" required invalid={!!errors.sex} errorText={errors.sex?.message}>
          <NativeSelect.Root>
            <NativeSelect.Field {...register('sex')}>
              <option value="">Choose…</option>
              {SEXES.map((sex) => (
                <option key={sex} value={sex}>
                  {SEX_LABELS[sex]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field>
      </FormSection>
      <FormSection id="patient-contact" title="Address and contact">
        {CONTACT_FIELDS.map(text)}
      </FormSection>
    </>
  );
}
