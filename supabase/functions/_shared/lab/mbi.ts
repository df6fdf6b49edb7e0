// The Medicare Beneficiary Identifier (MBI): CMS's format for the number on a Medicare card.
// Eleven characters, entered with or without dashes, stored without, shown `1EG4-TE5-MK73`.
// Positions (CMS, "Understanding the MBI format"): 1 a digit 1–9; 2, 5, 8 and 9 a letter;
// 3 and 6 a letter or a digit; 4, 7, 10 and 11 a digit 0–9. Letters never include S, L, O,
// I, B or Z (they read like digits). Pure: the app checks as the user types, and the server
// checks again when a patient or an order arrives.

/** The letters an MBI may use: A–Z without S, L, O, I, B and Z. */
export const MBI_LETTERS = 'ACDEFGHJKMNPQRTUVWXY';
export const MBI_EXCLUDED_LETTERS = 'SLOIBZ';
export const MBI_LENGTH = 11;

/** What each position holds: C = digit 1–9, N = digit 0–9, A = letter, AN = letter or digit. */
export type MbiPositionKind = 'C' | 'N' | 'A' | 'AN';
export const MBI_POSITIONS: readonly MbiPositionKind[] = ['C', 'A', 'AN', 'N', 'A', 'AN', 'N', 'A', 'A', 'N', 'N'];

export type MbiCheck = { ok: true; mbi: string } | { ok: false; message: string };

/** The characters typed, without dashes or spaces, in capitals (CMS converts lowercase). */
export function normalizeMbi(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase();
}

/** Digits the excluded letters are usually mistaken for: the hint in the message. */
const LOOKALIKE: Readonly<Record<string, string>> = { S: '5', L: '1', O: '0', I: '1', B: '8', Z: '2' };

const KIND_TEXT: Readonly<Record<MbiPositionKind, string>> = {
  C: 'a digit from 1 to 9',
  N: 'a digit',
  A: 'a letter',
  AN: 'a letter or a digit',
};

function fits(kind: MbiPositionKind, char: string): boolean {
  const digit = char >= '0' && char <= '9';
  const letter = MBI_LETTERS.includes(char);
  switch (kind) {
    case 'C':
      return digit && char !== '0';
    case 'N':
      return digit;
    case 'A':
      return letter;
    case 'AN':
      return digit || letter;
  }
}

/**
 * Checks what the user entered. Accepted: the MBI without dashes; rejected with one
 * message that names what is wrong (the first problem found, by position).
 */
export function checkMbi(input: string): MbiCheck {
  const mbi = normalizeMbi(input);
  if (mbi === '') return { ok: false, message: 'Enter the Medicare Beneficiary Identifier (MBI) from the Medicare card.' };
  const stray = [...mbi].find((char) => !/[A-Z0-9]/.test(char));
  if (stray !== undefined) {
    return { ok: false, message: `An MBI has only letters and digits (dashes are optional): remove “${stray}”.` };
  }
  if (mbi.length !== MBI_LENGTH) {
    const count = mbi.length === 1 ? '1 character' : `${mbi.length} characters`;
    return { ok: false, message: `An MBI has 11 letters and digits; this one has ${count}.` };
  }
  for (let index = 0; index < MBI_LENGTH; index += 1) {
    const char = mbi[index]!;
    const kind = MBI_POSITIONS[index]!;
    const position = index + 1;
    if (MBI_EXCLUDED_LETTERS.includes(char)) {
      return {
        ok: false,
        message: `An MBI never uses the letters S, L, O, I, B or Z: character ${position} is “${char}” (the digit ${LOOKALIKE[char]}?).`,
      };
    }
    if (!fits(kind, char)) {
      return { ok: false, message: `Character ${position} of an MBI must be ${KIND_TEXT[kind]}, not “${char}”.` };
    }
  }
  return { ok: true, mbi };
}

export function isValidMbi(input: string): boolean {
  return checkMbi(input).ok;
}

/** `1EG4TE5MK73` → `1EG4-TE5-MK73`; anything that is not 11 characters is returned as typed. */
export function formatMbi(input: string): string {
  const mbi = normalizeMbi(input);
  if (mbi.length !== MBI_LENGTH) return input;
  return `${mbi.slice(0, 4)}-${mbi.slice(4, 7)}-${mbi.slice(7)}`;
}
