import { describe, expect, it } from 'vitest';
import { INVALID_CHECK_DIGIT_NPIS, NAMED_NPIS } from './named-npis.ts';
import { isValidNpi, npiCheckDigit, withCheckDigit, withWrongCheckDigit } from './npi.ts';

describe('NPI check digit', () => {
  it('follows the worked example of the reference (123456789 -> 3)', () => {
    expect(npiCheckDigit('123456789')).toBe(3);
    expect(withCheckDigit('123456789')).toBe('1234567893');
  });

  it('accepts the valid NPIs of the reference and rejects its invalid one', () => {
    for (const npi of ['1234567893', '1003000126', '1558598797', '1100938202']) expect(isValidNpi(npi)).toBe(true);
    expect(isValidNpi('1234567890')).toBe(false);
  });

  it('rejects anything that is not ten digits', () => {
    for (const npi of ['', '123456789', '12345678930', '12345A7893', ' 1234567893']) expect(isValidNpi(npi)).toBe(false);
    expect(() => npiCheckDigit('12345678')).toThrow('Expected nine digits');
  });

  it('gives a wrong digit on purpose for negative tests', () => {
    expect(isValidNpi(withWrongCheckDigit('123456789'))).toBe(false);
  });

  it('agrees with the named NPIs: all valid except the invalid ones', () => {
    for (const [key, npi] of Object.entries(NAMED_NPIS)) expect(isValidNpi(npi), key).toBe(key !== 'invalidCheckDigit');
    for (const npi of INVALID_CHECK_DIGIT_NPIS) expect(isValidNpi(npi)).toBe(false);
  });
});
