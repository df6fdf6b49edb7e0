import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLoinc, isProcedureCode, loincCheckDigit, loincProblem, procedureCodeProblem } from './codes.ts';

describe('procedure codes', () => {
  it('accepts CPT, Category II/III, PLA and HCPCS Level II codes', () => {
    for (const code of ['80053', '85025', '3044F', '0042T', '0001U', 'G0306', 'G0103']) expect(isProcedureCode(code)).toBe(true);
  });

  it('refuses anything else, saying what a code looks like', () => {
    for (const code of ['8005', '800531', 'GG306', '80O53', 'g0306', '', '85-25']) {
      expect(isProcedureCode(code)).toBe(false);
      expect(procedureCodeProblem(code)).toBe(
        `“${code}” is not a CPT or HCPCS code (five characters: five digits, four digits and a letter, or a letter and four digits).`,
      );
    }
    expect(procedureCodeProblem('83036')).toBeNull();
  });
});

describe('LOINC codes', () => {
  it('accepts real codes with their check digits', () => {
    // Glucose, hemoglobin, HbA1c, TSH, PSA, cholesterol, sodium, creatinine, WBC.
    for (const code of ['2345-7', '718-7', '4548-4', '3016-3', '2857-1', '2093-3', '2951-2', '2160-0', '6690-2', '24323-8', '58410-2']) {
      expect(loincProblem(code)).toBeNull();
      expect(isLoinc(code)).toBe(true);
    }
  });

  it('computes the mod-10 check digit', () => {
    expect(loincCheckDigit('2345')).toBe(7);
    expect(loincCheckDigit('12345')).toBe(5);
    expect(loincCheckDigit('718')).toBe(7);
    expect(loincCheckDigit('0')).toBe(0);
    expect(loincCheckDigit('5')).toBe(9);
  });

  it('names the right check digit when the one given is wrong', () => {
    expect(loincProblem('2345-8')).toBe('“2345-8” has a wrong check digit (2345-7 would be right).');
    expect(isLoinc('4548-3')).toBe(false);
  });

  it('refuses what is not shaped like a LOINC code', () => {
    for (const code of ['2345', '2345-', '-7', '12345678-9', '2345-77', 'ABCD-1', '2345 7']) {
      expect(loincProblem(code)).toBe(`“${code}” is not a LOINC code (1 to 7 digits, a dash and a check digit, e.g. 4548-4).`);
    }
  });

  it('catches every single-digit typo and every swap of two adjacent different digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{2,7}$/), fc.nat(), fc.integer({ min: 1, max: 9 }), (body, at, delta) => {
        const code = `${body}-${loincCheckDigit(body)}`;
        expect(isLoinc(code)).toBe(true);
        const index = at % body.length;
        const typo = body.slice(0, index) + String((Number(body[index]) + delta) % 10) + body.slice(index + 1);
        expect(isLoinc(`${typo}-${loincCheckDigit(body)}`)).toBe(false);
      }),
    );
  });
});
