/**
 * The input rules of every NPI lookup (spec §5 NPI lookup; providers and organizations):
 * Verify is disabled while the input is empty; an empty NPI says 'NPI Required'; anything
 * but ten digits, or ten digits whose check digit does not match, is refused in the browser
 * before any network call, so a typo is reported as a typo and never as an unknown record.
 * Continue appears only for an NPI the registry verified without validation issues.
 */
import { NPI_REQUIRED } from '../functions/npi-messages.ts';
import type { ToastMessage } from '../functions/toast-message.ts';
import { NPI_LENGTH, isValidNpi, normalizeNpiInput } from './npi.ts';

export { NPI_REQUIRED } from '../functions/npi-messages.ts';

export const NPI_NOT_TEN_DIGITS: ToastMessage = {
  title: 'Invalid NPI',
  description: 'An NPI is 10 digits. Please check the number and try again.',
  type: 'error',
};

export const NPI_CHECK_DIGIT_MISMATCH: ToastMessage = {
  title: 'Invalid NPI',
  description: 'This is not a valid NPI: its check digit does not match. Please check the number for a typo.',
  type: 'error',
};

/** What may be typed or pasted: digits only (spaces and dashes of a pasted number dropped), at most ten. */
export function sanitizeNpiInput(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, NPI_LENGTH);
}

/** Verify is enabled once something is typed. */
export function canVerifyNpi(value: string): boolean {
  return normalizeNpiInput(value) !== '';
}

/** Why the value cannot be verified, or null when it is a well-formed NPI. */
export function npiInputIssue(value: string): ToastMessage | null {
  const npi = normalizeNpiInput(value);
  if (npi === '') return NPI_REQUIRED;
  if (!/^\d{10}$/.test(npi)) return NPI_NOT_TEN_DIGITS;
  return isValidNpi(npi) ? null : NPI_CHECK_DIGIT_MISMATCH;
}

/** Continue appears when the NPI was verified (no error) without validation issues. */
export function canContinueAfterLookup(result: { error?: string | null; validation_errors?: readonly string[] } | null): boolean {
  return result !== null && !result.error && (result.validation_errors ?? []).length === 0;
}
