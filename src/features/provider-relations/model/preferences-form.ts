/**
 * The Provider Preferences card (spec §5 Preferences form, §3 provider_preferences): how
 * lab results reach a provider. favorite_reports holds the distribution email addresses;
 * staff may list several fax numbers but only the first is saved (fax_number). The
 * provider's own email is always offered in the list. Adding an address or number is
 * checked as it is added (valid, not already listed); the whole form is checked again on
 * save by the schema, which react-hook-form uses through `valibotResolver`.
 */
import * as v from 'valibot';
import type { ToastMessage } from '../../../lib/functions/toast-message.ts';
import { phoneDigits } from '../../../lib/format/phone.ts';
import {
  EMAIL_REQUIRED_FOR_NOTIFICATIONS,
  FAX_REQUIRED_FOR_NOTIFICATIONS,
  INVALID_EMAIL_FORMAT,
  isValidEmail,
} from '../../../lib/provider/form-fields.ts';

export { INVALID_EMAIL_FORMAT } from '../../../lib/provider/form-fields.ts';

export const REPORT_FORMATS = ['summary', 'comprehensive', 'summary_plus', 'comprehensive_plus'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const DEFAULT_REPORT_FORMAT: ReportFormat = 'summary';

export const REPORT_FORMAT_LABELS: Readonly<Record<ReportFormat, string>> = {
  summary: 'Summary',
  comprehensive: 'Comprehensive',
  summary_plus: 'Summary Plus',
  comprehensive_plus: 'Comprehensive Plus',
};

export const FAX_NUMBER_REQUIRED = 'Fax number is required';
export const EMAIL_REQUIRED = 'Email is required';
export const EMAIL_ALREADY_LISTED = 'This email address is already in the list';
export const FAX_ALREADY_LISTED = 'This fax number is already in the list';
export const ONLY_FIRST_FAX_SAVED = 'Only the first fax number is used to send results.';

export const PREFERENCES_LOAD_FAILED: ToastMessage = { title: 'Error', description: 'Failed to load provider preferences', type: 'error' };
export const PREFERENCES_UPDATE_FAILED: ToastMessage = { title: 'Error', description: 'Failed to update provider preferences', type: 'error' };
export const PREFERENCES_NOT_FOUND: ToastMessage = {
  title: 'Error',
  description: 'Provider preferences not found. Please try again later.',
  type: 'error',
};
export const PREFERENCES_SAVED: ToastMessage = { title: 'Success', description: 'Provider preferences updated successfully', type: 'success' };

export function isReportFormat(value: unknown): value is ReportFormat {
  return typeof value === 'string' && (REPORT_FORMATS as readonly string[]).includes(value);
}

export const preferencesSchema = v.pipe(
  v.object({
    in_app_notifications: v.boolean(),
    email_notifications: v.boolean(),
    fax_notifications: v.boolean(),
    report_format: v.picklist(REPORT_FORMATS, 'Choose a report format'),
    emails: v.array(v.pipe(v.string(), v.trim(), v.check(isValidEmail, INVALID_EMAIL_FORMAT))),
    fax_numbers: v.array(v.pipe(v.string(), v.trim(), v.nonEmpty(FAX_NUMBER_REQUIRED))),
  }),
  v.forward(
    v.partialCheck([['emails'], ['email_notifications']], (input) => !input.email_notifications || input.emails.length > 0, EMAIL_REQUIRED_FOR_NOTIFICATIONS),
    ['emails'],
  ),
  v.forward(
    v.partialCheck(
      [['fax_numbers'], ['fax_notifications']],
      (input) => !input.fax_notifications || input.fax_numbers.length > 0,
      FAX_REQUIRED_FOR_NOTIFICATIONS,
    ),
    ['fax_numbers'],
  ),
);

export type PreferencesFormValues = v.InferOutput<typeof preferencesSchema>;

export type ListAddition = { ok: true; list: string[] } | { ok: false; error: string };

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Two spellings of one fax number are the same number: compare digits when there are any. */
function sameFax(a: string, b: string): boolean {
  const digitsA = phoneDigits(a);
  const digitsB = phoneDigits(b);
  return digitsA !== '' && digitsB !== '' ? digitsA === digitsB : a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** Adds a distribution email: it must contain '@', be a valid address, and not be listed yet (any case). */
export function addDistributionEmail(list: readonly string[], candidate: string): ListAddition {
  const email = candidate.trim();
  if (email === '') return { ok: false, error: EMAIL_REQUIRED };
  if (!email.includes('@') || !isValidEmail(email)) return { ok: false, error: INVALID_EMAIL_FORMAT };
  if (list.some((listed) => sameEmail(listed, email))) return { ok: false, error: EMAIL_ALREADY_LISTED };
  return { ok: true, list: [...list, email] };
}

/** Adds a fax number: it must not be blank nor already listed (compared by digits). */
export function addFaxNumber(list: readonly string[], candidate: string): ListAddition {
  const fax = candidate.trim();
  if (fax === '') return { ok: false, error: FAX_NUMBER_REQUIRED };
  if (list.some((listed) => sameFax(listed, fax))) return { ok: false, error: FAX_ALREADY_LISTED };
  return { ok: true, list: [...list, fax] };
}

export function removeAt(list: readonly string[], index: number): string[] {
  return list.filter((_, position) => position !== index);
}

/** The stored preferences, as the local database or the API gives them. */
export interface StoredPreferences {
  in_app_notifications: boolean;
  email_notifications: boolean;
  fax_notifications: boolean;
  report_format: string | null;
  fax_number: string | null;
  /** text[]: an array, or its JSON text. */
  favorite_reports: readonly string[] | string | null;
}

function textList(value: StoredPreferences['favorite_reports']): string[] {
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      list = [];
    }
  }
  return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
}

/** Trimmed, non-empty, first spelling of each address kept (case-insensitive). */
function uniqueEmails(emails: readonly string[]): string[] {
  const unique: string[] = [];
  for (const email of emails.map((item) => item.trim()).filter((item) => item !== '')) {
    if (!unique.some((listed) => sameEmail(listed, email))) unique.push(email);
  }
  return unique;
}

/** The form's values: the stored list with the provider's own (valid) email added first when missing. */
export function preferencesFormValues(stored: StoredPreferences, providerEmail: string | null | undefined): PreferencesFormValues {
  const emails = uniqueEmails(textList(stored.favorite_reports));
  const own = providerEmail?.trim();
  if (own && isValidEmail(own) && !emails.some((email) => sameEmail(email, own))) emails.unshift(own);
  const fax = stored.fax_number?.trim();
  return {
    in_app_notifications: stored.in_app_notifications,
    email_notifications: stored.email_notifications,
    fax_notifications: stored.fax_notifications,
    report_format: isReportFormat(stored.report_format) ? stored.report_format : DEFAULT_REPORT_FORMAT,
    emails,
    fax_numbers: fax ? [fax] : [],
  };
}

export interface PreferencesPatch {
  in_app_notifications: boolean;
  email_notifications: boolean;
  fax_notifications: boolean;
  report_format: ReportFormat;
  fax_number: string | null;
  favorite_reports: string[];
  updated_at: string;
}

/** What saving writes: only the first fax number, the emails de-duplicated. */
export function preferencesPatch(values: PreferencesFormValues, now: string): PreferencesPatch {
  const fax = values.fax_numbers.map((item) => item.trim()).find((item) => item !== '');
  return {
    in_app_notifications: values.in_app_notifications,
    email_notifications: values.email_notifications,
    fax_notifications: values.fax_notifications,
    report_format: values.report_format,
    fax_number: fax ?? null,
    favorite_reports: uniqueEmails(values.emails),
    updated_at: now,
  };
}
