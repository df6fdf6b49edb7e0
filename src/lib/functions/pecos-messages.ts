/**
 * The PECOS texts of spec §8: the provider list's toasts (title 'Verification Failed',
 * the description chosen by what the failure message contains), the lookup page's own
 * result and failure texts, and the 'NPI Required' toast. Pure functions of the message.
 */
import { matchText, type FailureText, type ToastMessage } from './toast-message.ts';

export const PECOS_NPI_REQUIRED: ToastMessage = {
  title: 'NPI Required',
  description: 'Provider must have an NPI to verify PECOS enrollment.',
  type: 'error',
};

/** The provider list's failure description, by the first rule the message matches. */
export function pecosListFailureDescription(input: FailureText): string {
  const text = matchText(input).toLowerCase();
  if (text.includes('timed out')) return 'The PECOS verification request timed out. Please try again later.';
  if (text.includes('cms api')) return 'The CMS PECOS API returned an error. Please try again later.';
  if (text.includes('failed to process')) {
    return 'Unable to process the PECOS API response. The API may be experiencing issues.';
  }
  if (text.includes('500') || text.includes('edge function')) {
    return 'Communication with the PECOS verification service failed. Please try again later.';
  }
  return 'Could not verify PECOS enrollment. Please try again.';
}

export function pecosListFailure(input: FailureText): ToastMessage {
  return { title: 'Verification Failed', description: pecosListFailureDescription(input), type: 'error' };
}

export function pecosListSuccess(verified: boolean): ToastMessage {
  return {
    title: 'PECOS Verification Complete',
    description: verified ? 'Provider is enrolled in PECOS.' : 'Provider is not enrolled in PECOS.',
    type: 'success',
  };
}

/** The lookup page's result: enrolled or not, and whether Medicare lab orders are allowed. */
export function pecosLookupResult(result: { verified: boolean; can_order_part_b?: boolean }): ToastMessage {
  if (!result.verified) {
    return {
      title: 'Not Enrolled in PECOS',
      description: 'No Medicare PECOS enrollment was found for this NPI. Medicare may deny lab claims ordered by this provider.',
      type: 'warning',
    };
  }
  const ordering =
    result.can_order_part_b === undefined
      ? ''
      : result.can_order_part_b
        ? ' The provider may order Medicare Part B lab tests.'
        : ' The provider is not eligible to order Medicare Part B services, lab tests included.';
  return {
    title: 'PECOS Enrollment Verified',
    description: `This provider is enrolled in Medicare PECOS.${ordering}`,
    type: 'success',
  };
}

/** The lookup page's failure description: its own words for the same rules. */
export function pecosLookupFailureDescription(input: FailureText): string {
  const text = matchText(input).toLowerCase();
  if (text.includes('timed out')) return 'The PECOS enrollment check timed out. Please try again later.';
  if (text.includes('cms api')) return 'The CMS PECOS API returned an error while checking enrollment. Please try again later.';
  if (text.includes('500') || text.includes('edge function')) {
    return 'The PECOS enrollment service could not be reached. Please try again later.';
  }
  return 'Failed to check PECOS enrollment status. Please try again later.';
}

export function pecosLookupFailure(input: FailureText): ToastMessage {
  return { title: 'PECOS Check Failed', description: pecosLookupFailureDescription(input), type: 'error' };
}
