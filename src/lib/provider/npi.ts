/**
 * The NPI's own rule (registries.md): ten digits, the last a Luhn check digit over the
 * first nine with the 80840 prefix (the "+24" shortcut). Checked in the browser before any
 * network call so that a typo is reported as a typo, never as an unknown provider. Mirrors
 * `public.npi_is_valid` in the directory migration, which has the last word.
 */

export const NPI_LENGTH = 10;

/** The check digit for nine digits, or null when the input is not nine digits. */
export function npiCheckDigit(firstNine: string): number | null {
  if (!/^\d{9}$/.test(firstNine)) return null;
  let total = 24; // the digits of the 80840 prefix, doubled where Luhn doubles them
  for (let i = 0; i < 9; i++) {
    let digit = Number(firstNine[i]);
    // Luhn doubles the rightmost of the nine and every second digit leftwards.
    if ((8 - i) % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    total += digit;
  }
  return (10 - (total % 10)) % 10;
}

/** True when the value is exactly ten digits with a matching check digit. */
export function isValidNpi(value: string | null | undefined): boolean {
  if (typeof value !== 'string' || !/^\d{10}$/.test(value)) return false;
  return npiCheckDigit(value.slice(0, 9)) === Number(value[9]);
}

/** What a user typed, as an NPI candidate: surrounding spaces dropped, inner text kept. */
export function normalizeNpiInput(value: string | null | undefined): string {
  return (value ?? '').trim();
}
