/**
 * The provider create form (spec §5 Provider create form): names and organization
 * required, email valid when given, and the notification switches that need a contact
 * (email notifications need an email, fax notifications a fax number). A valibot schema
 * that react-hook-form uses through `valibotResolver`; cross-field rules are reported on
 * the field to fix (email, fax_number).
 */
import * as v from 'valibot';
import {
  EMAIL_REQUIRED_FOR_NOTIFICATIONS,
  FAX_REQUIRED_FOR_NOTIFICATIONS,
  FIRST_NAME_REQUIRED,
  LAST_NAME_REQUIRED,
  ORGANIZATION_REQUIRED,
  optionalEmail,
  optionalText,
  requiredText,
} from '../provider/form-fields.ts';

export {
  EMAIL_REQUIRED_FOR_NOTIFICATIONS,
  FAX_REQUIRED_FOR_NOTIFICATIONS,
  FIRST_NAME_REQUIRED,
  INVALID_EMAIL_FORMAT,
  LAST_NAME_REQUIRED,
  ORGANIZATION_REQUIRED,
} from '../provider/form-fields.ts';

export const createProviderSchema = v.pipe(
  v.object({
    first_name: requiredText(FIRST_NAME_REQUIRED),
    last_name: requiredText(LAST_NAME_REQUIRED),
    nickname: optionalText,
    credential: optionalText,
    email: optionalEmail,
    phone: optionalText,
    fax_number: optionalText,
    organization_id: requiredText(ORGANIZATION_REQUIRED),
    taxonomy_code: optionalText,
    taxonomy_description: optionalText,
    primary_state: optionalText,
    license_number: optionalText,
    in_app_notifications: v.boolean(),
    email_notifications: v.boolean(),
    fax_notifications: v.boolean(),
  }),
  v.forward(
    v.partialCheck(
      [['email'], ['email_notifications']],
      (input) => !input.email_notifications || input.email !== '',
      EMAIL_REQUIRED_FOR_NOTIFICATIONS,
    ),
    ['email'],
  ),
  v.forward(
    v.partialCheck(
      [['fax_number'], ['fax_notifications']],
      (input) => !input.fax_notifications || input.fax_number !== '',
      FAX_REQUIRED_FOR_NOTIFICATIONS,
    ),
    ['fax_number'],
  ),
);

/** The validated form (trimmed strings, '' for blanks). */
export type CreateProviderValues = v.InferOutput<typeof createProviderSchema>;

/** What the inputs hold (react-hook-form's field values). */
export type CreateProviderFormValues = v.InferInput<typeof createProviderSchema>;

/** An empty form: in-app notifications on, email and fax off (spec §5 defaults). */
export function createProviderDefaults(): CreateProviderFormValues {
  return {
    first_name: '',
    last_name: '',
    nickname: '',
    credential: '',
    email: '',
    phone: '',
    fax_number: '',
    organization_id: '',
    taxonomy_code: '',
    taxonomy_description: '',
    primary_state: '',
    license_number: '',
    in_app_notifications: true,
    email_notifications: false,
    fax_notifications: false,
  };
}
