/**
 * The patient form (add and edit): demographics, MRNs and coverage, validated with the
 * form's rules (model/patient-form.ts) on submit and then as fields change. `aside` shows
 * beside the form what depends on its current values (the possible duplicates).
 */
import { Button, HStack, Stack } from '@chakra-ui/react';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useOrganizations } from '../data/use-organization-names.ts';
import { patientFormSchema, type PatientFormOutput, type PatientFormValues } from '../model/patient-form.ts';
import { PATIENT_TEXT } from '../model/patient-texts.ts';
import { CoverageSection } from './coverage-section.tsx';
import { DemographicsSection } from './demographics-section.tsx';
import { MrnSection } from './mrn-section.tsx';

export interface PatientFormProps {
  defaultValues: PatientFormValues;
  submitLabel: string;
  onSubmit: (values: PatientFormOutput) => Promise<void>;
  onCancel: () => void;
  /** What to show below the form from its current values (possible duplicates). */
  aside?: (values: PatientFormValues) => ReactNode;
  /** Told every change of the values (the form's draft keeps them: src/lib/drafts). */
  onValuesChange?: (values: PatientFormValues) => void;
}

export function PatientForm({ defaultValues, submitLabel, onSubmit, onCancel, aside, onValuesChange }: PatientFormProps) {
  const schema = useMemo(() => patientFormSchema(), []);
  const form = useForm<PatientFormValues, unknown, PatientFormOutput>({
    defaultValues,
    resolver: valibotResolver(schema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, control, handleSubmit, formState } = form;
  const values = useWatch({ control }) as PatientFormValues;
  const organizations = useOrganizations();
  useEffect(() => onValuesChange?.(values), [values, onValuesChange]);

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label={submitLabel}>
      <Stack gap="5">
      <DemographicsSection register={register} errors={formState.errors} />
      <MrnSection control={control} register={register} errors={formState.errors} organizations={organizations} />
      <CoverageSection register={register} errors={formState.errors} primaryType={values.primary?.payer_type ?? ''} secondaryType={values.secondary?.payer_type ?? ''} />
      {aside?.(values)}
      <HStack justify="flex-end" gap="3">
        <Button variant="outline" onClick={onCancel}>
          {PATIENT_TEXT.cancel}
        </Button>
        <Button type="submit" loading={formState.isSubmitting}>
          {submitLabel}
        </Button>
      </HStack>
      </Stack>
    </form>
  );
}
