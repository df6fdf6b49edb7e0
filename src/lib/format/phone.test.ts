/** Phone display rule of spec §5. */
import { describe, expect, it } from 'vitest';
import { formatPhone, phoneDigits } from './phone.ts';

describe('formatPhone', () => {
  it('formats exactly ten digits as (XXX) XXX-XXXX', () => {
    expect(formatPhone('5185550100')).toBe('(518) 555-0100');
    expect(formatPhone('518-555-0100')).toBe('(518) 555-0100');
    expect(formatPhone(' (518) 555.0100 ')).toBe('(518) 555-0100');
  });

  it('leaves anything else unchanged', () => {
    expect(formatPhone('1-518-555-0100')).toBe('1-518-555-0100');
    expect(formatPhone('555-0100')).toBe('555-0100');
    expect(formatPhone('518-555-0100 ext 12')).toBe('518-555-0100 ext 12');
    expect(formatPhone('call the office')).toBe('call the office');
    expect(formatPhone('')).toBe('');
  });

  it('shows nothing for a missing number', () => {
    expect(formatPhone(null)).toBe('');
    expect(formatPhone(undefined)).toBe('');
  });
});

describe('phoneDigits', () => {
  it('keeps only digits', () => {
    expect(phoneDigits('(518) 555-0100')).toBe('5185550100');
    expect(phoneDigits(null)).toBe('');
  });
});
