// NPI format and check-digit validation, run before any registry call so that a typo is
// reported as a typo and never as "unknown provider". Pure: unit-tested from vitest.

/**
 * True when the ten digits carry a valid Luhn check digit under the 80840 prefix
 * (the "+24" shortcut: Luhn over the first nine digits, plus 24).
 * Mirrors `public.npi_is_valid` in the directory migration.
 */
export function hasValidCheckDigit(npi: string): boolean {
  if (!/^\d{10}$/.test(npi)) return false;
  let total = 24;
  for (let i = 0; i < 9; i += 1) {
    let digit = Number(npi[i]);
    // Doubling starts at the ninth digit (the rightmost of the nine) and every second leftwards.
    if ((8 - i) % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    total += digit;
  }
  return (10 - (total % 10)) % 10 === Number(npi[9]);
}

/** Why a value is not a usable NPI, or null when it is one. */
export function npiProblem(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return 'An NPI is required.';
  const npi = value.trim();
  if (!/^\d{10}$/.test(npi)) return 'An NPI must be exactly 10 digits.';
  if (!hasValidCheckDigit(npi)) {
    return 'This is not a valid NPI: its check digit does not match. Please check the number for a typo.';
  }
  return null;
}
