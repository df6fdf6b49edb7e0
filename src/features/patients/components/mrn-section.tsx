/** The patient form's medical record numbers: one per client organization, added and removed as rows. */
import { Button, HStack, IconButton, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { Field } from '../../../components/ui/field.tsx';
import type { OrganizationChoice } from '../data/use-organization-names.ts';
import type { PatientFormValues } from '../model/patient-form.ts';
import { FormSection } from './form-section.tsx';

interface Props {
  control: Control<PatientFormValues>;
  register: UseFormRegister<PatientFormValues>;
  errors: FieldErrors<PatientFormValues>;
  organizations: OrganizationChoice[];
}

export function MrnSection({ control, register, errors, organizations }: Props) {
  const { fields, append, remove } = useFieldArray({ control, name: 'mrns' });
  return (
    <FormSection
      id="patient-mrns"
      title="Medical record numbers"
      description="The patient’s MRN at each client organization that gave one."
      footer={
        <Stack gap="3">
          {fields.length === 0 && (
            <Text color="fg.muted" fontSize="sm">
              No MRN yet.
            </Text>
          )}
          {fields.map((field, index) => {
            const rowErrors = errors.mrns?.[index];
            return (
              <HStack key={field.id} align="flex-start" gap="3" data-testid="mrn-row">
                <Field label="Organization" required flex="2" invalid={!!rowErrors?.organization_id} errorText={rowErrors?.organization_id?.message}>
                  <NativeSelect.Root>
                    <NativeSelect.Field {...register(`mrns.${index}.organization_id`)}>
                      <option value="">Choose…</option>
                      {organizations.map((organization) => (
                        <option key={organization.id} value={organization.id} disabled={!organization.active}>
                          {organization.name}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field>
                <Field label="MRN" required flex="1" invalid={!!rowErrors?.mrn} errorText={rowErrors?.mrn?.message}>
                  <Input {...register(`mrns.${index}.mrn`)} autoComplete="off" />
                </Field>
                <IconButton aria-label={`Remove MRN ${index + 1}`} variant="ghost" mt="7" onClick={() => remove(index)}>
                  <LuTrash2 />
                </IconButton>
              </HStack>
            );
          })}
          <Button alignSelf="flex-start" size="sm" variant="outline" onClick={() => append({ organization_id: '', mrn: '' })}>
            <LuPlus aria-hidden /> Add MRN
          </Button>
        </Stack>
      }
    >
      {null}
    </FormSection>
  );
}
