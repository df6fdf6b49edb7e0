/**
 * The "Edit Provider Information" form (spec §2 panel, §5 Edit form): its fields, texts and
 * rules, as a valibot schema that react-hook-form uses through `valibotResolver`, and the
 * mapping from a provider record to the form's values (null columns read as ''; the
 * primary state and license come from nppes_data's primary taxonomy, not from columns).
 */
import * as v from 'valibot';
import {
  FIRST_NAME_REQUIRED,
  LAST_NAME_REQUIRED,
  optionalEmail,
  optionalText,
  requiredText,
  toInputValue,
} from '../../../lib/provider/form-fields.ts';
import { primaryStateAndLicense } from '../../../lib/provider/nppes.ts';

export { FIRST_NAME_REQUIRED, INVALID_EMAIL_FORMAT, LAST_NAME_REQUIRED } from '../../../lib/provider/form-fields.ts';

export const editProviderSchema = v.object({
  first_name: requiredText(FIRST_NAME_REQUIRED),
  last_name: requiredText(LAST_NAME_REQUIRED),
  nickname: optionalText,
  credential: optionalText,
  email: optionalEmail,
  phone: optionalText,
  taxonomy_code: optionalText,
  taxonomy_description: optionalText,
  primary_state: optionalText,
  license_number: optionalText,
});

/** What the inputs hold (react-hook-form's field values); the schema's input and output alike. */
export type EditProviderFormValues = v.InferInput<typeof editProviderSchema>;

/** The fields in the order and groups the panel shows them. */
export const EDIT_PROVIDER_FIELD_GROUPS = {
  identity: ['first_name', 'last_name', 'nickname', 'credential'],
  contact: ['email', 'phone'],
  taxonomy: ['taxonomy_code', 'taxonomy_description', 'primary_state', 'license_number'],
} as const satisfies Record<string, readonly (keyof EditProviderFormValues)[]>;

export const EDIT_PROVIDER_PLACEHOLDERS: Readonly<Record<keyof EditProviderFormValues, string>> = {
  first_name: 'First name',
  last_name: 'Last name',
  nickname: 'Nickname (optional)',
  credential: 'Credentials (optional)',
  email: 'Email (optional)',
  phone: 'Phone (optional)',
  taxonomy_code: 'Taxonomy Code',
  taxonomy_description: 'Taxonomy Description',
  primary_state: 'Primary State',
  license_number: 'License Number',
};

export const CREDENTIAL_LABEL = 'Credential (MD, DO, NP, etc)';
export const EDIT_PROVIDER_TITLE = 'Edit Provider Information';
export const SAVE_CHANGES_LABEL = 'Save Changes';
export const SAVING_LABEL = 'Saving...';
export const CANCEL_LABEL = 'Cancel';

/** The provider columns the edit form reads. */
export interface EditableProvider {
  first_name: string | null;
  last_name: string | null;
  nickname: string | null;
  credential: string | null;
  email: string | null;
  phone: string | null;
  taxonomy_code: string | null;
  taxonomy_description: string | null;
  nppes_data: unknown;
}

/** The form's starting values: every null column as '', state and license from the registry data. */
export function editProviderDefaults(provider: EditableProvider): EditProviderFormValues {
  const { state, license } = primaryStateAndLicense(provider.nppes_data);
  return {
    first_name: toInputValue(provider.first_name),
    last_name: toInputValue(provider.last_name),
    nickname: toInputValue(provider.nickname),
    credential: toInputValue(provider.credential),
    email: toInputValue(provider.email),
    phone: toInputValue(provider.phone),
    taxonomy_code: toInputValue(provider.taxonomy_code),
    taxonomy_description: toInputValue(provider.taxonomy_description),
    primary_state: state,
    license_number: license,
  };
}
