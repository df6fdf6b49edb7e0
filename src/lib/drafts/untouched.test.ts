import { describe, expect, it } from 'vitest';
import { isUntouched } from './untouched.ts';

describe('isUntouched', () => {
  const empty = { name: '', mrns: [] as string[], coverage: { payer: '', relationship: 'self' }, fasting: null as boolean | null };

  it('is true for the empty value, fields the form left out, and blank text', () => {
    expect(isUntouched(empty, empty)).toBe(true);
    expect(isUntouched({ name: '  ', coverage: { relationship: 'self' } }, empty)).toBe(true);
  });

  it('is false once anything was entered or changed, however deep', () => {
    expect(isUntouched({ ...empty, name: 'Ana' }, empty)).toBe(false);
    expect(isUntouched({ ...empty, mrns: ['123'] }, empty)).toBe(false);
    expect(isUntouched({ ...empty, coverage: { payer: '', relationship: 'spouse' } }, empty)).toBe(false);
    expect(isUntouched({ ...empty, fasting: false }, empty)).toBe(false);
    expect(isUntouched({ ...empty, extra: 'x' }, empty)).toBe(false);
  });
});
