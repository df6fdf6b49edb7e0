/**
 * How lab results reach the new provider (spec §3 provider_preferences, §5): in-app
 * notifications on by default, email and fax off; email notifications need the email above,
 * fax notifications the fax number here ('Email required for email notifications', 'Fax
 * required for fax notifications'). The fax number is prefilled from the registry.
 */
import { Stack, Switch, Text } from '@chakra-ui/react';
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { CreateProviderFormValues, CreateProviderValues } from '../../../lib/provider-create/create-provider-schema.ts';
import { FAX_FIELD, NOTIFICATION_SWITCHES, SECTION_TITLES } from './create-form-layout.ts';
import { FormSection } from '../../../components/form/form-section.tsx';
import { TextField } from './text-field.tsx';

export interface PreferencesSectionProps {
  control: Control<CreateProviderFormValues, unknown, CreateProviderValues>;
  register: UseFormRegister<CreateProviderFormValues>;
  errors: FieldErrors<CreateProviderFormValues>;
}

export function PreferencesSection({ control, register, errors }: PreferencesSectionProps) {
  return (
    <FormSection id="create-preferences" title={SECTION_TITLES.preferences} description="You can change these later on the provider's Preferences tab.">
      <Stack gap="4" gridColumn={{ md: 'span 2' }}>
        {NOTIFICATION_SWITCHES.map((item) => (
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
                  colorPalette="brand"
                >
                  <Switch.HiddenInput onBlur={field.onBlur} ref={field.ref} aria-describedby={`${item.name}-help`} />
                  <Switch.Control>
                    <Switch.Thumb />
                  </Switch.Control>
                  <Switch.Label fontWeight="medium">{item.label}</Switch.Label>
                </Switch.Root>
                {/* Beside the label, not in it: the switch is named by its label alone and described by this. */}
                <Text id={`${item.name}-help`} color="fg.muted" fontSize="sm" ps="11">
                  {item.help}
                </Text>
              </Stack>
            )}
          />
        ))}
      </Stack>
      <TextField spec={FAX_FIELD} register={register} errors={errors} />
    </FormSection>
  );
}
