/**
 * The NPI check digit (Luhn over the nine digits with the 80840 prefix, i.e. "+24"), the
 * same rule as `public.npi_is_valid` in the directory migration. The fixture generator
 * uses it so every fixture NPI is valid, and the NPPES simulator to reject bad numbers.
 */

/** Check digit for the first nine digits of an NPI. */
export function npiCheckDigit(nineDigits: string): number {
  if (!/^[0-9]{9}$/.test(nineDigits)) throw new Error(`Expected nine digits, got "${nineDigits}"`);
  let total = 24; // the digits of the 80840 prefix, already doubled where Luhn doubles them
  for (let i = 0; i < 9; i += 1) {
    let digit = Number(nineDigits[i]);
    // Doubling starts at the ninth digit (rightmost of the nine) and every second leftwards.
    if ((8 - i) % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    total += digit;
  }
  return (10 - (total % 10)) % 10;
}

/** The full ten-digit NPI for nine leading digits. */
export function withCheckDigit(nineDigits: string): string {
  return `${nineDigits}${npiCheckDigit(nineDigits)}`;
}

/** True for ten digits whose last one is the right check digit. */
export function isValidNpi(npi: string): boolean {
  return /^[0-9]{10}$/.test(npi) && npiCheckDigit(npi.slice(0, 9)) === Number(npi[9]);
}

/** The same nine digits with a wrong check digit (for negative tests). */
export function withWrongCheckDigit(nineDigits: string): string {
  return `${nineDigits}${(npiCheckDigit(nineDigits) + 1) % 10}`;
}
