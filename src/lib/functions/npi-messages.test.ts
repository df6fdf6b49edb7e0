import { describe, expect, it } from 'vitest';
import {
  NPI_CHECKLIST,
  NPI_GENERIC_FAILURE,
  NPI_OFFLINE,
  NPI_REQUIRED,
  NPI_TYPE_HINT,
  mentionsNpiType,
  npiFailure,
  npiValidationIssue,
} from './npi-messages.ts';

describe('NPI messages', () => {
  it('asks for an NPI, and says plainly that verifying needs a connection', () => {
    expect(NPI_REQUIRED).toEqual({ title: 'NPI Required', description: 'Please enter an NPI number', type: 'error' });
    expect(NPI_OFFLINE).toEqual({
      title: 'You are offline',
      description: 'Verifying an NPI needs an internet connection. Connect and try again.',
      type: 'warning',
    });
  });

  it('hints at Type 1 versus Type 2 when the error mentions the NPI type', () => {
    for (const message of [
      'Wrong NPI type: this NPI belongs to an organization (Type 2, NPI-2), but an individual provider NPI (Type 1, NPI-1) was requested.',
      "The NPI type must be 'individual' (Type 1) or 'organization' (Type 2).",
      'enumeration_type mismatch',
    ]) {
      expect(npiFailure({ message, status: 400 })).toMatchObject({ rule: 'type-hint', description: NPI_TYPE_HINT });
    }
    expect(NPI_TYPE_HINT).toMatch(/Type 1 \(individual\)/);
    expect(NPI_TYPE_HINT).toMatch(/Type 2 \(organization\)/);
  });

  it('gives the checklist for a non-2xx answer or a failed fetch', () => {
    const checklist = npiFailure({ message: 'The NPPES registry request timed out. Please try again later.', status: 504 });
    expect(checklist).toMatchObject({ rule: 'checklist', title: 'NPI Verification Failed', checklist: NPI_CHECKLIST });
    expect(checklist.description).toContain('exactly 10 digits');
    expect(checklist.description).toContain('individual (Type 1) NPI');
    expect(npiFailure('Edge Function returned a non-2xx status code').rule).toBe('checklist');
    expect(npiFailure('TypeError: Failed to fetch').rule).toBe('checklist');
    expect(npiFailure({ message: 'Failed to send a request to the Edge Function', status: null }).rule).toBe('checklist');
  });

  it('falls back to the generic message', () => {
    expect(npiFailure({ message: 'The verify-npi function returned an unexpected answer.', status: 200 })).toEqual({
      title: 'NPI Verification Failed',
      description: NPI_GENERIC_FAILURE,
      type: 'error',
      rule: 'generic',
    });
    expect(NPI_GENERIC_FAILURE).toBe(
      "We couldn't verify the NPI number. Please try again later or contact support if this issue persists.",
    );
  });

  it('shows validation errors as Validation Issue, with the type hint when one is about the type', () => {
    expect(npiValidationIssue(['No primary taxonomy (specialty) is listed.', 'No practice address.'])).toEqual({
      title: 'Validation Issue',
      description: 'No primary taxonomy (specialty) is listed.\nNo practice address.',
      type: 'warning',
      typeHint: null,
    });
    expect(npiValidationIssue(['Wrong NPI type: this NPI belongs to an organization (Type 2, NPI-2).']).typeHint).toBe(NPI_TYPE_HINT);
  });

  it('does not take a plain mention of an individual for a type problem', () => {
    expect(mentionsNpiType('NPI 1234567893 was not found: unknown or deactivated individual')).toBe(false);
  });
});
