/**
 * The field rules the provider forms share (the edit panel, the create form, preferences,
 * link user): exact spec texts (§5), valibot field schemas that work both alone and through
 * react-hook-form's valibot resolver, and the form ↔ record conventions: inputs are
 * strings ('' when a column is null), records store trimmed text or null.
 *
 * The schemas take exactly what the inputs hold (strings), not null: react-hook-form types
 * its resolver by the schema's input, so a wider input type would not fit `useForm<Values>`.
 * Nullable columns become '' in the form's default values (toInputValue) instead.
 */
import * as v from 'valibot';

export const FIRST_NAME_REQUIRED = 'First name is required';
export const LAST_NAME_REQUIRED = 'Last name is required';
export const INVALID_EMAIL_FORMAT = 'Invalid email format';
export const EMAIL_REQUIRED_FOR_NOTIFICATIONS = 'Email required for email notifications';
export const FAX_REQUIRED_FOR_NOTIFICATIONS = 'Fax required for fax notifications';
export const ORGANIZATION_REQUIRED = 'Organization is required';

/** valibot's own email pattern, so every form agrees with `v.email()`. */
export function isValidEmail(value: string): boolean {
  return v.EMAIL_REGEX.test(value.trim());
}

/** A text input, surrounding spaces dropped. */
export const optionalText = v.pipe(v.string(), v.trim());

/** A text input that must not be blank. */
export function requiredText(message: string) {
  return v.pipe(v.string(), v.trim(), v.nonEmpty(message));
}

/** An email input that may be empty (a null column) but must be valid when filled in. */
export const optionalEmail = v.pipe(
  v.string(),
  v.trim(),
  v.check((value) => value === '' || isValidEmail(value), INVALID_EMAIL_FORMAT),
);

/** A column value as an input shows it: null and undefined read as ''. */
export function toInputValue(value: string | null | undefined): string {
  return value ?? '';
}

/** An input's value as a column stores it: trimmed, and null when blank. */
export function emptyToNull(value: string | null | undefined): string | null {
  const text = value?.trim();
  return text ? text : null;
}
