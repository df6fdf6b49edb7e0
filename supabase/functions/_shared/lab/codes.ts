// The shapes of the billing and observation codes a laboratory's reference data carries:
// CPT and HCPCS procedure codes (what is billed) and LOINC codes (what is measured, with
// their mod-10 check digit). Pure, shared by the compendium and NCD imports.

/**
 * CPT (five digits; Category II and III and PLA codes end in F, T or U) or HCPCS Level II
 * (a letter and four digits, e.g. G0306): five characters, capitals.
 */
const PROCEDURE_CODE = /^(\d{5}|\d{4}[A-Z]|[A-Z]\d{4})$/;

export function isProcedureCode(code: string): boolean {
  return PROCEDURE_CODE.test(code);
}

/** Why a procedure code is not one, or null. */
export function procedureCodeProblem(code: string): string | null {
  return isProcedureCode(code)
    ? null
    : `“${code}” is not a CPT or HCPCS code (five characters: five digits, four digits and a letter, or a letter and four digits).`;
}

const LOINC_SHAPE = /^(\d{1,7})-(\d)$/;

/**
 * The LOINC check digit of the part before the dash: Luhn's mod 10, as the LOINC Users'
 * Guide computes it (double every second digit from the right, starting with the rightmost).
 */
export function loincCheckDigit(body: string): number {
  let total = 0;
  for (let index = 0; index < body.length; index += 1) {
    let digit = Number(body[body.length - 1 - index]);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    total += digit;
  }
  return (10 - (total % 10)) % 10;
}

/** Why a LOINC code is not one (shape or check digit), or null. */
export function loincProblem(code: string): string | null {
  const match = LOINC_SHAPE.exec(code);
  if (!match) return `“${code}” is not a LOINC code (1 to 7 digits, a dash and a check digit, e.g. 4548-4).`;
  const expected = loincCheckDigit(match[1]!);
  if (expected !== Number(match[2])) {
    return `“${code}” has a wrong check digit (${match[1]}-${expected} would be right).`;
  }
  return null;
}

export function isLoinc(code: string): boolean {
  return loincProblem(code) === null;
}
