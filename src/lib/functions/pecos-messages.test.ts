import { describe, expect, it } from 'vitest';
import {
  PECOS_NPI_REQUIRED,
  pecosListFailure,
  pecosListFailureDescription,
  pecosListSuccess,
  pecosLookupFailure,
  pecosLookupFailureDescription,
  pecosLookupResult,
} from './pecos-messages.ts';

describe('provider list: Verification Failed', () => {
  it.each([
    ['The CMS PECOS enrollment request timed out. Please try again later.', 'The PECOS verification request timed out. Please try again later.'],
    ['The CMS API returned an error for PECOS enrollment data (HTTP 500).', 'The CMS PECOS API returned an error. Please try again later.'],
    ['Failed to process the PECOS enrollment response from CMS (invalid JSON).', 'Unable to process the PECOS API response. The API may be experiencing issues.'],
    ['Internal error 500', 'Communication with the PECOS verification service failed. Please try again later.'],
    ['Edge Function returned a non-2xx status code', 'Communication with the PECOS verification service failed. Please try again later.'],
    ['Failed to send a request to the Edge Function', 'Communication with the PECOS verification service failed. Please try again later.'],
    ['No data returned from verify-pecos function', 'Could not verify PECOS enrollment. Please try again.'],
    ['', 'Could not verify PECOS enrollment. Please try again.'],
  ])('maps %j', (message, description) => {
    expect(pecosListFailureDescription(message)).toBe(description);
    expect(pecosListFailure(message)).toEqual({ title: 'Verification Failed', description, type: 'error' });
  });

  it('applies the rules in the spec order', () => {
    // 'timed out' wins over 'CMS API' and '500'; 'CMS API' wins over '500'.
    expect(pecosListFailureDescription('CMS API timed out after 5000 ms')).toBe(
      'The PECOS verification request timed out. Please try again later.',
    );
    expect(pecosListFailureDescription('CMS API answered 500')).toBe('The CMS PECOS API returned an error. Please try again later.');
  });

  it('reads a 500 status as the communication failure', () => {
    expect(pecosListFailureDescription({ message: 'Internal Server Error', status: 500 })).toBe(
      'Communication with the PECOS verification service failed. Please try again later.',
    );
    expect(pecosListFailureDescription({ message: 'Only staff members can verify PECOS enrollment.', status: 403 })).toBe(
      'Could not verify PECOS enrollment. Please try again.',
    );
  });

  it('has the success and NPI Required toasts', () => {
    expect(pecosListSuccess(true)).toEqual({ title: 'PECOS Verification Complete', description: 'Provider is enrolled in PECOS.', type: 'success' });
    expect(pecosListSuccess(false)).toEqual({ title: 'PECOS Verification Complete', description: 'Provider is not enrolled in PECOS.', type: 'success' });
    expect(PECOS_NPI_REQUIRED).toEqual({ title: 'NPI Required', description: 'Provider must have an NPI to verify PECOS enrollment.', type: 'error' });
  });
});

describe('lookup page', () => {
  it('titles the result by enrollment', () => {
    expect(pecosLookupResult({ verified: true }).title).toBe('PECOS Enrollment Verified');
    expect(pecosLookupResult({ verified: false }).title).toBe('Not Enrolled in PECOS');
    expect(pecosLookupResult({ verified: false, can_order_part_b: true }).type).toBe('warning');
  });

  it('says whether Medicare lab tests may be ordered', () => {
    expect(pecosLookupResult({ verified: true, can_order_part_b: true }).description).toBe(
      'This provider is enrolled in Medicare PECOS. The provider may order Medicare Part B lab tests.',
    );
    expect(pecosLookupResult({ verified: true, can_order_part_b: false }).description).toBe(
      'This provider is enrolled in Medicare PECOS. The provider is not eligible to order Medicare Part B services, lab tests included.',
    );
    expect(pecosLookupResult({ verified: true }).description).toBe('This provider is enrolled in Medicare PECOS.');
  });

  it.each([
    ['The CMS PECOS enrollment request timed out.', 'The PECOS enrollment check timed out. Please try again later.'],
    ['The CMS API returned an error (HTTP 502).', 'The CMS PECOS API returned an error while checking enrollment. Please try again later.'],
    ['Edge Function returned a non-2xx status code', 'The PECOS enrollment service could not be reached. Please try again later.'],
    ['status 500', 'The PECOS enrollment service could not be reached. Please try again later.'],
    ['Failed to process the response', 'Failed to check PECOS enrollment status. Please try again later.'],
    ['anything else', 'Failed to check PECOS enrollment status. Please try again later.'],
  ])('maps the failure %j', (message, description) => {
    expect(pecosLookupFailureDescription(message)).toBe(description);
    expect(pecosLookupFailure(message)).toEqual({ title: 'PECOS Check Failed', description, type: 'error' });
  });
});
