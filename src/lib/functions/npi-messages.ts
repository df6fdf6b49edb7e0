/**
 * The NPI lookup texts of spec §5 and §8: 'NPI Required', the Type 1 / Type 2 hint when
 * the error mentions the NPI type, the checklist for a non-2xx answer or a failed fetch,
 * the generic message otherwise, and 'Validation Issue' for the registry's findings.
 */
import { matchText, type FailureText, type ToastMessage } from './toast-message.ts';

export const NPI_REQUIRED: ToastMessage = { title: 'NPI Required', description: 'Please enter an NPI number', type: 'error' };

/** Verify NPI needs the registry: offline it says so instead of failing. */
export const NPI_OFFLINE: ToastMessage = {
  title: 'You are offline',
  description: 'Verifying an NPI needs an internet connection. Connect and try again.',
  type: 'warning',
};

export const NPI_TYPE_HINT =
  'This NPI is not the expected type. Individual providers have a Type 1 (individual) NPI; organizations have a Type 2 (organization) NPI. Please enter the individual provider\u2019s Type 1 NPI.';

export const NPI_CHECKLIST: readonly string[] = [
  'The NPI is exactly 10 digits, with no spaces or dashes.',
  'It is the provider\u2019s individual (Type 1) NPI, not an organization (Type 2) NPI.',
  'The digits match the provider\u2019s NPI record (the last digit is a check digit, so a typo is caught).',
];

export const NPI_GENERIC_FAILURE =
  "We couldn't verify the NPI number. Please try again later or contact support if this issue persists.";

export interface NpiFailureMessage extends ToastMessage {
  rule: 'type-hint' | 'checklist' | 'generic';
  /** The points to check, for the checklist rule. */
  checklist?: readonly string[];
}

const MENTIONS_TYPE = /\btype\s*[12]\b|\bnpi-[12]\b|\bnpi type\b|enumeration[ _]type/i;
const NOT_2XX_OR_FETCH = /non-2xx|failed to fetch|failed to send a request|networkerror|load failed/i;

export function mentionsNpiType(message: string): boolean {
  return MENTIONS_TYPE.test(message);
}

export function npiFailure(input: FailureText): NpiFailureMessage {
  const message = typeof input === 'string' ? input : input.message;
  if (mentionsNpiType(message)) {
    return { title: 'Wrong NPI Type', description: NPI_TYPE_HINT, type: 'error', rule: 'type-hint' };
  }
  const status = typeof input === 'string' ? null : (input.status ?? null);
  const non2xx = status !== null && (status < 200 || status >= 300);
  if (non2xx || NOT_2XX_OR_FETCH.test(matchText(input))) {
    return {
      title: 'NPI Verification Failed',
      description: `We couldn't verify this NPI. Please check:\n${NPI_CHECKLIST.map((item) => `\u2022 ${item}`).join('\n')}`,
      type: 'error',
      rule: 'checklist',
      checklist: NPI_CHECKLIST,
    };
  }
  return { title: 'NPI Verification Failed', description: NPI_GENERIC_FAILURE, type: 'error', rule: 'generic' };
}

/** The registry's findings about a verified NPI, shown as 'Validation Issue'. */
export function npiValidationIssue(validationErrors: readonly string[]): ToastMessage & { typeHint: string | null } {
  return {
    title: 'Validation Issue',
    description: validationErrors.join('\n'),
    type: 'warning',
    typeHint: validationErrors.some(mentionsNpiType) ? NPI_TYPE_HINT : null,
  };
}
