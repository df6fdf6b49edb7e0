/** The NPI lookup's input rules (spec §5). */
import { describe, expect, it } from 'vitest';
import {
  NPI_CHECK_DIGIT_MISMATCH,
  NPI_NOT_TEN_DIGITS,
  canContinueAfterLookup,
  canVerifyNpi,
  npiInputIssue,
  sanitizeNpiInput,
} from './npi-input.ts';

describe('npiInputIssue', () => {
  it("says 'NPI Required' / 'Please enter an NPI number' when empty", () => {
    expect(npiInputIssue('  ')).toEqual({ title: 'NPI Required', description: 'Please enter an NPI number', type: 'error' });
  });

  it('refuses anything but ten digits', () => {
    for (const value of ['123456789', '12345678931', '12345a7893', '123 456 7893']) {
      expect(npiInputIssue(value)).toBe(NPI_NOT_TEN_DIGITS);
    }
  });

  it('refuses a wrong check digit', () => {
    expect(npiInputIssue('1234567890')).toBe(NPI_CHECK_DIGIT_MISMATCH);
  });

  it('accepts a valid NPI, surrounding spaces ignored', () => {
    expect(npiInputIssue(' 1234567893 ')).toBeNull();
    expect(npiInputIssue('1558598797')).toBeNull();
  });
});

describe('NPI input helpers', () => {
  it('enables Verify once something is typed', () => {
    expect(canVerifyNpi('')).toBe(false);
    expect(canVerifyNpi('   ')).toBe(false);
    expect(canVerifyNpi('1')).toBe(true);
  });

  it('keeps digits only, at most ten', () => {
    expect(sanitizeNpiInput('123-456-7893')).toBe('1234567893');
    expect(sanitizeNpiInput('12345678931234')).toBe('1234567893');
    expect(sanitizeNpiInput('abc')).toBe('');
  });

  it('shows Continue only for a verified NPI without validation issues', () => {
    expect(canContinueAfterLookup({ error: null, validation_errors: [] })).toBe(true);
    expect(canContinueAfterLookup({})).toBe(true);
    expect(canContinueAfterLookup({ error: null, validation_errors: ['No primary taxonomy'] })).toBe(false);
    expect(canContinueAfterLookup({ error: 'boom', validation_errors: [] })).toBe(false);
    expect(canContinueAfterLookup(null)).toBe(false);
  });
});
