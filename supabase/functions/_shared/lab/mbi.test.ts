import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MBI_EXCLUDED_LETTERS,
  MBI_LETTERS,
  MBI_POSITIONS,
  checkMbi,
  formatMbi,
  isValidMbi,
  normalizeMbi,
  type MbiPositionKind,
} from './mbi.ts';

const DIGITS = '0123456789';
const charOf = (kind: MbiPositionKind): fc.Arbitrary<string> => {
  switch (kind) {
    case 'C':
      return fc.constantFrom(...'123456789');
    case 'N':
      return fc.constantFrom(...DIGITS);
    case 'A':
      return fc.constantFrom(...MBI_LETTERS);
    case 'AN':
      return fc.constantFrom(...MBI_LETTERS, ...DIGITS);
  }
};
const validMbi = fc.tuple(...MBI_POSITIONS.map(charOf)).map((chars) => chars.join(''));

describe('the letters an MBI uses', () => {
  it('are the alphabet without S, L, O, I, B and Z', () => {
    expect(MBI_LETTERS).toBe('ACDEFGHJKMNPQRTUVWXY');
    expect(MBI_LETTERS.length).toBe(20);
    for (const letter of MBI_EXCLUDED_LETTERS) expect(MBI_LETTERS).not.toContain(letter);
  });
});

describe('checkMbi', () => {
  it('accepts the example from the Medicare card, with or without dashes, spaces or capitals', () => {
    for (const typed of ['1EG4-TE5-MK73', '1EG4TE5MK73', '1eg4-te5-mk73', ' 1EG4 TE5 MK73 ', '1EG4--TE5-MK73']) {
      expect(checkMbi(typed)).toEqual({ ok: true, mbi: '1EG4TE5MK73' });
    }
  });

  it('accepts every MBI of the published format, stored without dashes', () => {
    fc.assert(
      fc.property(validMbi, (mbi) => {
        expect(checkMbi(mbi)).toEqual({ ok: true, mbi });
        expect(checkMbi(formatMbi(mbi))).toEqual({ ok: true, mbi });
        expect(isValidMbi(mbi.toLowerCase())).toBe(true);
      }),
    );
  });

  it('asks for the number when nothing was entered', () => {
    for (const typed of ['', '   ', '---']) {
      expect(checkMbi(typed)).toEqual({ ok: false, message: 'Enter the Medicare Beneficiary Identifier (MBI) from the Medicare card.' });
    }
  });

  it('names a character that is neither a letter nor a digit', () => {
    expect(checkMbi('1EG4/TE5-MK73')).toEqual({ ok: false, message: 'An MBI has only letters and digits (dashes are optional): remove “/”.' });
    expect(checkMbi('1EG4.TE5.MK73')).toEqual({ ok: false, message: 'An MBI has only letters and digits (dashes are optional): remove “.”.' });
    expect(checkMbi('1EG4_TE5MK7')).toEqual({ ok: false, message: 'An MBI has only letters and digits (dashes are optional): remove “_”.' });
  });

  it('says how many characters were entered when there are not 11', () => {
    expect(checkMbi('1EG4-TE5-MK7')).toEqual({ ok: false, message: 'An MBI has 11 letters and digits; this one has 10 characters.' });
    expect(checkMbi('1EG4-TE5-MK731')).toEqual({ ok: false, message: 'An MBI has 11 letters and digits; this one has 12 characters.' });
    expect(checkMbi('1')).toEqual({ ok: false, message: 'An MBI has 11 letters and digits; this one has 1 character.' });
  });

  it('refuses each excluded letter wherever it stands, naming the digit it looks like', () => {
    const hints: Record<string, string> = { S: '5', L: '1', O: '0', I: '1', B: '8', Z: '2' };
    for (const letter of MBI_EXCLUDED_LETTERS) {
      expect(checkMbi(`1E${letter}4TE5MK73`)).toEqual({
        ok: false,
        message: `An MBI never uses the letters S, L, O, I, B or Z: character 3 is “${letter}” (the digit ${hints[letter]}?).`,
      });
    }
    expect(checkMbi('1EG4TE5MO73')).toEqual({
      ok: false,
      message: 'An MBI never uses the letters S, L, O, I, B or Z: character 9 is “O” (the digit 0?).',
    });
  });

  it('names the position and what belongs there', () => {
    const cases: Array<[string, string]> = [
      ['0EG4TE5MK73', 'Character 1 of an MBI must be a digit from 1 to 9, not “0”.'],
      ['AEG4TE5MK73', 'Character 1 of an MBI must be a digit from 1 to 9, not “A”.'],
      ['15G4TE5MK73', 'Character 2 of an MBI must be a letter, not “5”.'],
      ['1EGATE5MK73', 'Character 4 of an MBI must be a digit, not “A”.'],
      ['1EG45E5MK73', 'Character 5 of an MBI must be a letter, not “5”.'],
      ['1EG4TE5MK7A', 'Character 11 of an MBI must be a digit, not “A”.'],
      ['1EG4TEAMK73', 'Character 7 of an MBI must be a digit, not “A”.'],
      ['1EG4TE59K73', 'Character 8 of an MBI must be a letter, not “9”.'],
      ['1EG4TE5M973', 'Character 9 of an MBI must be a letter, not “9”.'],
      ['1EG4TE5MKA3', 'Character 10 of an MBI must be a digit, not “A”.'],
    ];
    for (const [typed, message] of cases) expect(checkMbi(typed)).toEqual({ ok: false, message });
  });

  it('reports the first wrong position when several are wrong', () => {
    expect(checkMbi('0000000000A')).toEqual({ ok: false, message: 'Character 1 of an MBI must be a digit from 1 to 9, not “0”.' });
  });

  it('accepts a letter or a digit in positions 3 and 6', () => {
    expect(checkMbi('1E94T55MK73')).toEqual({ ok: true, mbi: '1E94T55MK73' });
    expect(checkMbi('1EG4TEYMK73').ok).toBe(false);
    expect(checkMbi('1EG4TEGMK73')).toEqual({ ok: false, message: 'Character 7 of an MBI must be a digit, not “G”.' });
  });

  it('refuses any 11 characters with a character out of place', () => {
    fc.assert(
      fc.property(validMbi, fc.nat(10), fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'), (mbi, index, char) => {
        const kind = MBI_POSITIONS[index]!;
        const allowed =
          (kind === 'C' && '123456789'.includes(char)) ||
          (kind === 'N' && DIGITS.includes(char)) ||
          (kind === 'A' && MBI_LETTERS.includes(char)) ||
          (kind === 'AN' && (MBI_LETTERS.includes(char) || DIGITS.includes(char)));
        const changed = mbi.slice(0, index) + char + mbi.slice(index + 1);
        expect(checkMbi(changed).ok).toBe(allowed);
      }),
    );
  });
});

describe('normalizeMbi and formatMbi', () => {
  it('strips dashes and spaces and capitalizes', () => {
    expect(normalizeMbi(' 1eg4-te5 mk73\t')).toBe('1EG4TE5MK73');
  });

  it('shows a stored MBI as the card does', () => {
    expect(formatMbi('1EG4TE5MK73')).toBe('1EG4-TE5-MK73');
    expect(formatMbi('1eg4-te5-mk73')).toBe('1EG4-TE5-MK73');
  });

  it('leaves anything that is not 11 characters as it was typed', () => {
    expect(formatMbi('1EG4-TE5')).toBe('1EG4-TE5');
    expect(formatMbi('')).toBe('');
  });

  it('formats and normalizes as inverses', () => {
    fc.assert(
      fc.property(validMbi, (mbi) => {
        const shown = formatMbi(mbi);
        expect(shown).toMatch(/^[1-9][A-Z][A-Z0-9]\d-[A-Z][A-Z0-9]\d-[A-Z]{2}\d{2}$/);
        expect(normalizeMbi(shown)).toBe(mbi);
      }),
    );
  });
});
