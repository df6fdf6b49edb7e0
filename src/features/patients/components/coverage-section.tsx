/**
 * The patient form's coverage: primary and secondary, each a payer type and, for insurance,
 * the payer, member ID (the MBI for Medicare, checked as CMS publishes it), group number,
 * and the subscriber when it is not the patient.
 */
import { Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Field } from '../../../components/ui/field.tsx';
import type { PatientFormValues } from '../model/patient-form.ts';
import { PAYER_TYPE_LABELS, PAYER_TYPES, RELATIONSHIP_LABELS, RELATIONSHIPS, type PayerType } from '../model/patient-record.ts';
import { FormSection } from './form-section.tsx';

interface Props {
  register: UseFormRegister<PatientFormValues>;
  errors: FieldErrors<PatientFormValues>;
  primaryType: PayerType | '';
  secondaryType: PayerType | '';
}

function CoverageFields({ rank, register, errors, payerType }: { rank: 'primary' | 'secondary'; register: Props['register']; errors: Props['errors']; payerType: PayerType | '' }) {
  const fieldErrors = errors[rank];
  const label = rank === 'primary' ? 'Primary coverage' : 'Secondary coverage';
  const insured = payerType !== '' && payerType !== 'self_pay';
  return (
    <Stack gap="4" as="fieldset" aria-label={label}>
      <Text as="legend" fontWeight="semibold" fontSize="sm">
        {label}
      </Text>
      <Field label="Payer type" required={rank === 'primary'} invalid={!!fieldErrors?.payer_type} errorText={fieldErrors?.payer_type?.message}>
        <NativeSelect.Root>
          <NativeSelect.Field {...register(`${rank}.payer_type`)}>
            <option value="">{rank === 'primary' ? 'Choose…' : 'None'}</option>
            {PAYER_TYPES.map((type) => (
              <option key={type} value={type}>
                {PAYER_TYPE_LABELS[type]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field>
      {insured && (
        <>
          <Field label="Payer name" required={payerType === 'commercial'} invalid={!!fieldErrors?.payer_name} errorText={fieldErrors?.payer_name?.message}>
            <Input {...register(`${rank}.payer_name`)} placeholder={payerType === 'medicare' ? 'Medicare' : undefined} autoComplete="off" />
          </Field>
          <Field
            label={payerType === 'medicare' ? 'Medicare Beneficiary Identifier (MBI)' : 'Member ID'}
            required
            invalid={!!fieldErrors?.member_id}
            errorText={fieldErrors?.member_id?.message}
            helperText={payerType === 'medicare' ? '11 characters from the Medicare card, with or without dashes, e.g. 1EG4-TE5-MK73' : undefined}
          >
            <Input {...register(`${rank}.member_id`)} autoComplete="off" spellCheck={false} textTransform={payerType === 'medicare' ? 'uppercase' : undefined} />
          </Field>
          <Field label="Group number">
            <Input {...register(`${rank}.group_number`)} autoComplete="off" />
          </Field>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <Field label="Patient’s relationship to subscriber">
              <NativeSelect.Root>
                <NativeSelect.Field {...register(`${rank}.relationship`)}>
                  {RELATIONSHIPS.map((relationship) => (
                    <option key={relationship} value={relationship}>
                      {RELATIONSHIP_LABELS[relationship]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field>
            <Field label="Subscriber name" invalid={!!fieldErrors?.subscriber_name} errorText={fieldErrors?.subscriber_name?.message}>
              <Input {...register(`${rank}.subscriber_name`)} autoComplete="off" />
            </Field>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

export function CoverageSection({ register, errors, primaryType, secondaryType }: Props) {
  return (
    <FormSection id="patient-coverage" title="Coverage" description="Who pays for the patient’s tests.">
      <CoverageFields rank="primary" register={register} errors={errors} payerType={primaryType} />
      <CoverageFields rank="secondary" register={register} errors={errors} payerType={secondaryType} />
    </FormSection>
  );
}
