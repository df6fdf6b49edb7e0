/** The NPI check digit, with the test vectors of registries.md. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidNpi, normalizeNpiInput, npiCheckDigit } from './npi.ts';

describe('NPI check digit (Luhn with the 80840 prefix)', () => {
  it.each(['1234567893', '1003000126', '1558598797', '1100938202'])('accepts %s', (npi) => {
    expect(isValidNpi(npi)).toBe(true);
  });

  it('rejects a wrong check digit', () => {
    expect(isValidNpi('1234567890')).toBe(false);
  });

  it('rejects anything but exactly ten digits', () => {
    for (const value of ['', '123456789', '12345678930', '123456789a', ' 1234567893', '1234-567893', null, undefined]) {
      expect(isValidNpi(value)).toBe(false);
    }
  });

  it('computes the worked example: 123456789 → 3', () => {
    expect(npiCheckDigit('123456789')).toBe(3);
    expect(npiCheckDigit('12345678')).toBeNull();
  });

  it('accepts exactly one check digit for any nine digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{9}$/), (nine) => {
        const valid = [...'0123456789'].filter((digit) => isValidNpi(nine + digit));
        expect(valid).toEqual([String(npiCheckDigit(nine))]);
      }),
    );
  });

  it('trims what was typed', () => {
    expect(normalizeNpiInput(' 1234567893 ')).toBe('1234567893');
    expect(normalizeNpiInput(null)).toBe('');
  });
});

describe('NPI input at its edges', () => {
  it('computes no check digit for more than nine digits, nor for nine digits inside other text', () => {
    expect(npiCheckDigit('1234567890')).toBeNull();
    expect(npiCheckDigit('x123456789')).toBeNull();
    expect(npiCheckDigit('123456789x')).toBeNull();
  });

  it('rejects a value that is not a string, even ten digits as a number (an untyped caller)', () => {
    expect(isValidNpi(1234567893 as unknown as string)).toBe(false);
    expect(isValidNpi(null)).toBe(false);
    expect(isValidNpi(undefined)).toBe(false);
  });
});
