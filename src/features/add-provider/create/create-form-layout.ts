/**
 * The create form's fields as the page lays them out: labels, placeholders (the same as the
 * edit panel's, spec §2), input types and groups. The rules live in
 * model/create-provider-schema.ts; this is only how the fields look.
 */
import type { CreateProviderFormValues } from '../../../lib/provider-create/create-provider-schema.ts';

export type TextFieldName = Exclude<keyof CreateProviderFormValues, 'organization_id' | 'in_app_notifications' | 'email_notifications' | 'fax_notifications'>;

export interface TextFieldSpec {
  name: TextFieldName;
  label: string;
  placeholder: string;
  type?: 'email' | 'tel' | 'text';
  required?: boolean;
  autoComplete?: string;
}

export const IDENTITY_FIELDS: readonly TextFieldSpec[] = [
  { name: 'first_name', label: 'First name', placeholder: 'First name', required: true, autoComplete: 'off' },
  { name: 'last_name', label: 'Last name', placeholder: 'Last name', required: true, autoComplete: 'off' },
  { name: 'nickname', label: 'Nickname', placeholder: 'Nickname (optional)' },
  { name: 'credential', label: 'Credential (MD, DO, NP, etc)', placeholder: 'Credentials (optional)' },
];

export const CONTACT_FIELDS: readonly TextFieldSpec[] = [
  { name: 'email', label: 'Email', placeholder: 'Email (optional)', type: 'email' },
  { name: 'phone', label: 'Phone', placeholder: 'Phone (optional)', type: 'tel' },
];

export const TAXONOMY_FIELDS: readonly TextFieldSpec[] = [
  { name: 'taxonomy_code', label: 'Taxonomy code', placeholder: 'Taxonomy Code' },
  { name: 'taxonomy_description', label: 'Taxonomy description (specialty)', placeholder: 'Taxonomy Description' },
  { name: 'primary_state', label: 'Primary state', placeholder: 'Primary State' },
  { name: 'license_number', label: 'License number', placeholder: 'License Number' },
];

export const FAX_FIELD: TextFieldSpec = { name: 'fax_number', label: 'Fax number', placeholder: 'Fax (optional)', type: 'tel' };

export const NOTIFICATION_SWITCHES = [
  { name: 'in_app_notifications', label: 'In-app notifications', help: 'Results appear in the app for the provider and their delegates.' },
  { name: 'email_notifications', label: 'Email notifications', help: 'Results are emailed to the provider (needs an email address).' },
  { name: 'fax_notifications', label: 'Fax notifications', help: 'Results are faxed to the fax number below (needs a fax number).' },
] as const satisfies ReadonlyArray<{ name: keyof CreateProviderFormValues; label: string; help: string }>;

export const SECTION_TITLES = {
  identity: 'Provider Information',
  contact: 'Contact',
  organization: 'Organization',
  taxonomy: 'Taxonomy and License',
  preferences: 'Result Distribution Preferences',
} as const;
