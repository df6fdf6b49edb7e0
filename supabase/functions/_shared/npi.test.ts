import { describe, expect, it } from 'vitest';
import { hasValidCheckDigit, npiProblem } from './npi.ts';

describe('hasValidCheckDigit', () => {
  it.each(['1234567893', '1003000126', '1558598797', '1100938202'])('accepts the reference NPI %s', (npi) => {
    expect(hasValidCheckDigit(npi)).toBe(true);
  });

  it.each(['1234567890', '1003000127', '1558598790'])('rejects %s with a wrong check digit', (npi) => {
    expect(hasValidCheckDigit(npi)).toBe(false);
  });

  it('rejects anything but ten digits', () => {
    expect(hasValidCheckDigit('123456789')).toBe(false);
    expect(hasValidCheckDigit('12345678933')).toBe(false);
    expect(hasValidCheckDigit('12345A7893')).toBe(false);
  });

  it('finds exactly one valid check digit for any nine digits', () => {
    for (const prefix of ['123456789', '100300012', '000000000', '999999999']) {
      const valid = Array.from({ length: 10 }, (_, digit) => `${prefix}${digit}`).filter(hasValidCheckDigit);
      expect(valid).toHaveLength(1);
    }
  });
});

describe('npiProblem', () => {
  it('is null for a valid NPI, surrounding spaces ignored', () => {
    expect(npiProblem(' 1234567893 ')).toBeNull();
  });

  it('asks for an NPI when it is missing or not a string', () => {
    expect(npiProblem(undefined)).toBe('An NPI is required.');
    expect(npiProblem('   ')).toBe('An NPI is required.');
    expect(npiProblem(1234567893)).toBe('An NPI is required.');
  });

  it('says an NPI is 10 digits', () => {
    expect(npiProblem('12345')).toBe('An NPI must be exactly 10 digits.');
    expect(npiProblem('12345ABCDE')).toBe('An NPI must be exactly 10 digits.');
  });

  it('names a wrong check digit as a likely typo', () => {
    expect(npiProblem('1234567890')).toBe(
      'This is not a valid NPI: its check digit does not match. Please check the number for a typo.',
    );
  });
});
