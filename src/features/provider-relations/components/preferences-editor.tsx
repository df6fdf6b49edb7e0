/**
 * The Provider Preferences form (spec §3, §5): report format, the distribution email list
 * (stored in favorite_reports; the provider's own email is offered first), fax numbers
 * (only the first is saved as fax_number), and the email, fax and in-app notification
 * switches. Validated by the model's valibot schema through react-hook-form; saved to the
 * local database (data/relation-writes.ts). Untouched fields follow the record as it syncs;
 * what the user changed is kept until saved or discarded.
 */
import { Button, Card, HStack, NativeSelect, SimpleGrid, Stack, Switch, Text } from '@chakra-ui/react';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useMemo } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import type { PreferenceDoc, ProviderDoc } from '../../../db/index.ts';
import { Field } from '../../../components/ui/field.tsx';
import { savePreferences } from '../data/relation-writes.ts';
import { useLocalDatabase } from '../../../lib/local-data/use-local-database.ts';
import {
  ONLY_FIRST_FAX_SAVED,
  PREFERENCES_NOT_FOUND,
  PREFERENCES_SAVED,
  PREFERENCES_UPDATE_FAILED,
  REPORT_FORMATS,
  REPORT_FORMAT_LABELS,
  addDistributionEmail,
  addFaxNumber,
  preferencesFormValues,
  preferencesSchema,
  removeAt,
  type PreferencesFormValues,
} from '../model/preferences-form.ts';
import { showToast } from '../../../components/show-toast.ts';
import { SAVE_PREFERENCES_LABEL, SAVING_LABEL } from '../shared/texts.ts';
import { ListEditor } from './list-editor.tsx';

const resolver = valibotResolver(preferencesSchema) as unknown as Resolver<PreferencesFormValues, unknown, PreferencesFormValues>;

const SWITCHES = [
  { name: 'email_notifications', label: 'Email notifications', help: 'Send results to the distribution email addresses.' },
  { name: 'fax_notifications', label: 'Fax notifications', help: 'Send results to the first fax number.' },
  { name: 'in_app_notifications', label: 'In-app notifications', help: 'Show new results in the app.' },
] as const;

export interface PreferencesEditorProps {
  provider: Readonly<ProviderDoc>;
  preferences: Readonly<PreferenceDoc>;
}

export function PreferencesEditor({ provider, preferences }: PreferencesEditorProps) {
  const db = useLocalDatabase();
  const values = useMemo(() => preferencesFormValues(preferences, provider.email), [preferences, provider.email]);
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<PreferencesFormValues, unknown, PreferencesFormValues>({
    values,
    resetOptions: { keepDirtyValues: true },
    resolver,
  });

  const submit = handleSubmit(async (submitted) => {
    const outcome = db ? await savePreferences(db, provider.id, submitted) : 'failed';
    if (outcome === 'not-found') {
      showToast(PREFERENCES_NOT_FOUND);
      return;
    }
    if (outcome === 'failed') {
      showToast(PREFERENCES_UPDATE_FAILED);
      return;
    }
    showToast(PREFERENCES_SAVED);
    reset(submitted);
  });

  // react-hook-form reports a list's own error as an object and per-entry errors as an array.
  const itemErrors = (errorsOfList: unknown) =>
    Array.isArray(errorsOfList) ? errorsOfList.map((entry: { message?: string } | undefined) => entry?.message) : undefined;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Provider preferences" data-testid="preferences-form">
      <Card.Body pt="4">
        <Stack gap="6">
          <Field label="Report format" invalid={!!errors.report_format} errorText={errors.report_format?.message} maxW="sm">
            <NativeSelect.Root disabled={isSubmitting}>
              <NativeSelect.Field {...register('report_format')}>
                {REPORT_FORMATS.map((format) => (
                  <option key={format} value={format}>
                    {REPORT_FORMAT_LABELS[format]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field>

          <Stack gap="3" role="group" aria-label="Notifications">
            {SWITCHES.map((item) => (
              <Controller
                key={item.name}
                control={control}
                name={item.name}
                render={({ field }) => (
                  <Stack gap="0.5">
                    <Switch.Root
                      name={field.name}
                      checked={field.value}
                      onCheckedChange={(details) => field.onChange(details.checked)}
                      disabled={isSubmitting}
                      colorPalette="brand"
                    >
                      <Switch.HiddenInput onBlur={field.onBlur} role="switch" />
                      <Switch.Control>
                        <Switch.Thumb />
                      </Switch.Control>
                      <Switch.Label>{item.label}</Switch.Label>
                    </Switch.Root>
                    <Text fontSize="xs" color="fg.muted" ps="10">
                      {item.help}
                    </Text>
                  </Stack>
                )}
              />
            ))}
          </Stack>

          {/* Columns by the card's own width (minChildWidth), not the window's: on a provider's own page the card is half as wide. */}
          <SimpleGrid minChildWidth="20rem" gap="6">
            <Controller
              control={control}
              name="emails"
              render={({ field }) => (
                <ListEditor
                  legend="Distribution emails"
                  inputLabel="Add an email address"
                  placeholder="results@clinic.example"
                  addLabel="Add email address"
                  emptyText="No distribution email addresses."
                  inputType="email"
                  helperText="Results are emailed to every address in this list."
                  items={field.value}
                  onChange={field.onChange}
                  add={addDistributionEmail}
                  remove={removeAt}
                  listError={errors.emails?.message}
                  itemErrors={itemErrors(errors.emails)}
                  disabled={isSubmitting}
                  testId="distribution-emails"
                />
              )}
            />
            <Controller
              control={control}
              name="fax_numbers"
              render={({ field }) => (
                <ListEditor
                  legend="Fax numbers"
                  inputLabel="Add a fax number"
                  placeholder="(518) 555-0100"
                  addLabel="Add fax number"
                  emptyText="No fax numbers."
                  inputType="tel"
                  helperText={ONLY_FIRST_FAX_SAVED}
                  firstBadge="Used for results"
                  items={field.value}
                  onChange={field.onChange}
                  add={addFaxNumber}
                  remove={removeAt}
                  listError={errors.fax_numbers?.message}
                  itemErrors={itemErrors(errors.fax_numbers)}
                  disabled={isSubmitting}
                  testId="fax-numbers"
                />
              )}
            />
          </SimpleGrid>
        </Stack>
      </Card.Body>
      <Card.Footer justifyContent="flex-end" borderTopWidth="1px" pt="4">
        <HStack gap="3">
          <Button type="button" variant="outline" onClick={() => reset(values)} disabled={isSubmitting || !isDirty}>
            Discard changes
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? SAVING_LABEL : SAVE_PREFERENCES_LABEL}
          </Button>
        </HStack>
      </Card.Footer>
    </form>
  );
}
