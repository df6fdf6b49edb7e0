/**
 * The field rules the provider forms share (the edit panel, the create form, preferences,
 * link user): exact spec texts (§5), valibot field schemas that work both alone and through
 * react-hook-form's valibot resolver, and the form ↔ record conventions: inputs are
 * strings ('' when a column is null), records store trimmed text or null.
 */
import * as v from 'valibot';

export const FIRST_NAME_REQUIRED = 'First name is required';
export const LAST_NAME_REQUIRED = 'Last name is required';
export const INVALID_EMAIL_FORMAT = 'Invalid email format';
export const EMAIL_REQUIRED_FOR_NOTIFICATIONS = 'Email required for email notifications';
export const FAX_REQUIRED_FOR_NOTIFICATIONS = 'Fax required for fax notifications';

/** valibot's own email pattern, so every form agrees with `v.email()`. */
export function isValidEmail(value: string): boolean {
  return v.EMAIL_REGEX.test(value.trim());
}

/** A text input: null/undefined read as '', surrounding spaces dropped. */
export const optionalText = v.pipe(v.nullish(v.string(), ''), v.trim());

/** A text input that must not be blank. */
export function requiredText(message: string) {
  return v.pipe(v.nullish(v.string(), ''), v.trim(), v.nonEmpty(message));
}

/** An email input that may be empty (or null) but must be valid when filled in. */
export const optionalEmail = v.pipe(
  optionalText,
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
