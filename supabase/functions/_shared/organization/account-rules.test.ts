import { describe, expect, it } from 'vitest';
import { CLIA_PATTERN, isBillType, isOrganizationType, nextAccountNumber, normaliseZip, typeNeedsNpi, ZIP_PATTERN } from './account-rules.ts';
import { isUsStateCode, US_STATES } from './us-states.ts';

describe('organization account rules', () => {
  it('offers the next free account number after the largest numeric one, from 10001', () => {
    expect(nextAccountNumber([])).toBe('10001');
    expect(nextAccountNumber(['10001', '10007', 'LAB-9', null, '10003'])).toBe('10008');
    expect(nextAccountNumber(['500'])).toBe('10001');
  });

  it('reads CLIA numbers as two digits, D, seven digits', () => {
    expect(CLIA_PATTERN.test('33D1234567')).toBe(true);
    expect(CLIA_PATTERN.test('33d1234567')).toBe(false);
    expect(CLIA_PATTERN.test('33X1234567')).toBe(false);
    expect(CLIA_PATTERN.test('33D123456')).toBe(false);
  });

  it('takes ZIP or ZIP+4, and writes NPPES nine-digit codes as ZIP+4', () => {
    expect(ZIP_PATTERN.test('12207')).toBe(true);
    expect(ZIP_PATTERN.test('12207-1234')).toBe(true);
    expect(ZIP_PATTERN.test('122071234')).toBe(false);
    expect(normaliseZip('122071234')).toBe('12207-1234');
    expect(normaliseZip(' 12207 ')).toBe('12207');
  });

  it('knows the types, which need an NPI, and the bill types', () => {
    expect(isOrganizationType('sole_proprietor')).toBe(true);
    expect(isOrganizationType('lab')).toBe(false);
    expect(typeNeedsNpi('healthcare')).toBe(true);
    expect(typeNeedsNpi('sole_proprietor')).toBe(true);
    expect(typeNeedsNpi('non_healthcare')).toBe(false);
    expect(isBillType('third_party')).toBe(true);
    expect(isBillType('insurance')).toBe(false);
  });

  it('lists the states, DC and the territories by USPS code', () => {
    expect(US_STATES).toHaveLength(56);
    expect(isUsStateCode('NY')).toBe(true);
    expect(isUsStateCode('ny')).toBe(false);
  });
});
