import { describe, expect, it } from 'vitest';
import { writtenCredential, writtenPersonName } from './written-name.ts';

describe('writtenPersonName', () => {
  it('writes the registry’s capitals as people write names', () => {
    expect(writtenPersonName('JANE')).toBe('Jane');
    expect(writtenPersonName('DOE')).toBe('Doe');
    expect(writtenPersonName("O'BRIEN")).toBe("O'Brien");
    expect(writtenPersonName('SMITH-JONES')).toBe('Smith-Jones');
    expect(writtenPersonName('MCALLISTER')).toBe('McAllister');
    expect(writtenPersonName('MACK')).toBe('Mack');
    expect(writtenPersonName('MARY ANN')).toBe('Mary Ann');
    expect(writtenPersonName('JOHN III')).toBe('John III');
    expect(writtenPersonName('ÁLVAREZ')).toBe('Álvarez');
    expect(writtenPersonName('  delacroix  ')).toBe('Delacroix');
  });

  it('keeps a name someone already wrote in mixed case', () => {
    expect(writtenPersonName('DeShawn')).toBe('DeShawn');
    expect(writtenPersonName('van der Berg')).toBe('van der Berg');
  });

  it('gives empty text for a missing name', () => {
    expect(writtenPersonName(null)).toBe('');
    expect(writtenPersonName('')).toBe('');
  });
});

describe('writtenCredential', () => {
  it('writes every credential one way: no periods, capitals, ", " between several', () => {
    expect(writtenCredential('M.D.')).toBe('MD');
    expect(writtenCredential('D.O.')).toBe('DO');
    expect(writtenCredential('DO')).toBe('DO');
    expect(writtenCredential('d.o.')).toBe('DO');
    expect(writtenCredential('M.D., PH.D.')).toBe('MD, PhD');
    expect(writtenCredential('MD/MPH')).toBe('MD, MPH');
    expect(writtenCredential('fnp-bc')).toBe('FNP-BC');
    expect(writtenCredential('Pharm.D.')).toBe('PharmD');
  });

  it('gives empty text for none', () => {
    expect(writtenCredential(null)).toBe('');
    expect(writtenCredential('--')).toBe('');
    expect(writtenCredential('  ')).toBe('');
  });
});
