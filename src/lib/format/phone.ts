/**
 * Phone and fax numbers as shown (spec §5): exactly ten digits once everything but digits
 * is stripped reads '(XXX) XXX-XXXX'; anything else (extensions, international numbers,
 * partial entries) is shown unchanged so nothing staff typed is silently lost.
 */

export function formatPhone(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  const digits = value.replace(/\D/g, '');
  if (digits.length !== 10) return value;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** The digits of a number, for comparing two spellings of the same number. */
export function phoneDigits(value: string | null | undefined): string {
  return (value ?? '').replace(/\D/g, '');
}
