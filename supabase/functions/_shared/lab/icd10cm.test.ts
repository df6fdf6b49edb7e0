import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatIcd10cm,
  isIcd10cmCode,
  normalizeIcd10cm,
  orderFileLine,
  parseIcd10cmOrderFile,
  parseOrderFileLine,
  type Icd10cmCode,
} from './icd10cm.ts';

/** Lines as CMS writes them (icd10cm_order_2025.txt). */
const HEADER_E11 =
  '06218 E11     0 Type 2 diabetes mellitus                                     Type 2 diabetes mellitus';
const BILLABLE_E119 =
  '06296 E119    1 Type 2 diabetes mellitus without complications               Type 2 diabetes mellitus without complications';
const BILLABLE_I10 =
  '09452 I10     1 Essential (primary) hypertension                             Essential (primary) hypertension';

describe('writing a code', () => {
  it('puts the dot after the third character', () => {
    expect(formatIcd10cm('E119')).toBe('E11.9');
    expect(formatIcd10cm('S72001A')).toBe('S72.001A');
    expect(formatIcd10cm('e11.65')).toBe('E11.65');
  });

  it('writes a three-character category without a dot', () => {
    expect(formatIcd10cm('I10')).toBe('I10');
    expect(formatIcd10cm('i10.')).toBe('I10');
  });

  it('normalizes to capitals without dot or spaces', () => {
    expect(normalizeIcd10cm(' e11.9 ')).toBe('E119');
    expect(normalizeIcd10cm('Z00.00')).toBe('Z0000');
  });

  it('knows the shape of a code', () => {
    for (const code of ['I10', 'E11.9', 'E119', 'C4A.0', 'S72.001A', 'Z3A.01', 'U07.1']) expect(isIcd10cmCode(code)).toBe(true);
    for (const code of ['', 'E1', '11.9', 'EE1.9', 'E11.12345', 'E11-9', 'É11']) expect(isIcd10cmCode(code)).toBe(false);
  });

  it('reads back what it writes', () => {
    const code = fc.tuple(
      fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'),
      fc.constantFrom(...'0123456789'),
      fc.string({ unit: fc.constantFrom(...'0123456789ABCDEFGHJKXY'), minLength: 1, maxLength: 5 }),
    ).map(([letter, digit, rest]) => `${letter}${digit}${rest}`);
    fc.assert(
      fc.property(code, (value) => {
        expect(isIcd10cmCode(value)).toBe(true);
        expect(normalizeIcd10cm(formatIcd10cm(value))).toBe(value);
        expect(formatIcd10cm(value).indexOf('.')).toBe(value.length > 3 ? 3 : -1);
      }),
    );
  });
});

describe('parseOrderFileLine', () => {
  it('reads a header and a billable code', () => {
    expect(parseOrderFileLine(HEADER_E11)).toEqual({
      ok: true,
      code: { code: 'E11', billable: false, short: 'Type 2 diabetes mellitus', long: 'Type 2 diabetes mellitus', order: 6218 },
    });
    expect(parseOrderFileLine(BILLABLE_E119)).toEqual({
      ok: true,
      code: {
        code: 'E119',
        billable: true,
        short: 'Type 2 diabetes mellitus without complications',
        long: 'Type 2 diabetes mellitus without complications',
        order: 6296,
      },
    });
  });

  it('keeps a long description longer than the short one', () => {
    const line = orderFileLine({
      code: 'Z0000',
      billable: true,
      short: 'Encntr for general adult medical exam w/o abnormal findings',
      long: 'Encounter for general adult medical examination without abnormal findings',
      order: 21000,
    });
    expect(parseOrderFileLine(line)).toMatchObject({ ok: true, code: { long: 'Encounter for general adult medical examination without abnormal findings' } });
  });

  it('refuses a short line, naming its length', () => {
    expect(parseOrderFileLine('06296 E119    1 Type 2 diabetes')).toEqual({
      ok: false,
      key: 'E119',
      reason: 'The line has 31 characters: an order-file line has at least 78 (the long description starts in column 78).',
    });
    expect(parseOrderFileLine('0629')).toEqual({
      ok: false,
      key: null,
      reason: 'The line has 4 characters: an order-file line has at least 78 (the long description starts in column 78).',
    });
  });

  it('refuses a line whose separators are not spaces', () => {
    for (const [column, line] of [
      [6, `06296XE119    1${BILLABLE_E119.slice(15)}`],
      [14, `06296 E119   X1${BILLABLE_E119.slice(15)}`],
      [16, `${BILLABLE_E119.slice(0, 15)}X${BILLABLE_E119.slice(16)}`],
      [77, `${BILLABLE_E119.slice(0, 76)}X${BILLABLE_E119.slice(77)}`],
    ] as Array<[number, string]>) {
      expect(parseOrderFileLine(line)).toMatchObject({
        ok: false,
        reason: `Column ${column} should be a space: the line is not in the order-file layout.`,
      });
    }
  });

  it('refuses an order number that is not five digits', () => {
    expect(parseOrderFileLine(`0629A${BILLABLE_E119.slice(5)}`)).toEqual({
      ok: false,
      key: 'E119',
      reason: 'Columns 1–5 should be the zero-filled order number, not “0629A”.',
    });
  });

  it('refuses a code of the wrong shape', () => {
    expect(parseOrderFileLine(`06296 E11.9  ${BILLABLE_E119.slice(13)}`)).toEqual({
      ok: false,
      key: 'E11.9',
      reason: 'Columns 7–13 should be an ICD-10-CM code without its dot (a letter, a digit, then 1 to 5 letters or digits), not “E11.9”.',
    });
    expect(parseOrderFileLine(`06296        ${BILLABLE_E119.slice(13)}`)).toMatchObject({ ok: false, key: null });
  });

  it('refuses a flag other than 0 or 1', () => {
    expect(parseOrderFileLine(`${BILLABLE_E119.slice(0, 14)}2${BILLABLE_E119.slice(15)}`)).toEqual({
      ok: false,
      key: 'E119',
      reason: 'Column 15 should be 1 (billable) or 0 (header), not “2”.',
    });
  });

  it('refuses empty descriptions', () => {
    const blankShort = `${BILLABLE_E119.slice(0, 16)}${' '.repeat(60)}${BILLABLE_E119.slice(76)}`;
    expect(parseOrderFileLine(blankShort)).toEqual({ ok: false, key: 'E119', reason: 'The short description (columns 17–76) is empty.' });
    const blankLong = `${BILLABLE_E119.slice(0, 77)}    `;
    expect(parseOrderFileLine(blankLong)).toEqual({ ok: false, key: 'E119', reason: 'The long description (from column 78) is empty.' });
  });
});

describe('parseIcd10cmOrderFile', () => {
  it('reads every line, skipping blank ones and a byte-order mark, with Windows or Unix line ends', () => {
    const file = `\uFEFF${HEADER_E11}\r\n${BILLABLE_E119}\r\n\r\n${BILLABLE_I10}\n`;
    const parsed = parseIcd10cmOrderFile(file);
    expect(parsed.refused).toEqual([]);
    expect(parsed.lines).toBe(3);
    expect(parsed.codes.map((code) => [code.code, code.billable])).toEqual([
      ['E11', false],
      ['E119', true],
      ['I10', true],
    ]);
    expect(parsed.codeLines).toEqual([1, 2, 4]);
  });

  it('refuses bad lines by their line number and keeps the good ones', () => {
    const file = [HEADER_E11, 'not an order file line', BILLABLE_E119].join('\n');
    const parsed = parseIcd10cmOrderFile(file);
    expect(parsed.codes.map((code) => code.code)).toEqual(['E11', 'E119']);
    expect(parsed.refused).toEqual([
      { line: 2, key: 'order', reason: 'The line has 22 characters: an order-file line has at least 78 (the long description starts in column 78).' },
    ]);
  });

  it('refuses a code or an order number that appeared on an earlier line', () => {
    const again = `07000${BILLABLE_E119.slice(5)}`;
    const sameOrder = `06296${BILLABLE_I10.slice(5)}`;
    const parsed = parseIcd10cmOrderFile([BILLABLE_E119, again, sameOrder].join('\n'));
    expect(parsed.codes.map((code) => code.code)).toEqual(['E119']);
    expect(parsed.refused).toEqual([
      { line: 2, key: 'E119', reason: 'E11.9 is already on line 1.' },
      { line: 3, key: 'I10', reason: 'Order number 06296 is already on line 1.' },
    ]);
  });

  it('reads back every code it writes', () => {
    const description = fc.string({ unit: fc.constantFrom(...'abcdefghij ,()-/0123456789'), minLength: 1, maxLength: 80 })
      .filter((text) => text.trim() !== '')
      .map((text) => text.trim());
    const code = fc.record({
      code: fc.stringMatching(/^[A-Z][0-9][0-9A-Z]{1,5}$/),
      billable: fc.boolean(),
      short: description.map((text) => text.slice(0, 60).trim()).filter((text) => text !== ''),
      long: description,
      order: fc.integer({ min: 1, max: 99_999 }),
    });
    fc.assert(
      fc.property(fc.uniqueArray(code, { selector: (item) => item.code, maxLength: 20 }), (codes) => {
        const unique = codes.filter((item, index) => codes.findIndex((other) => other.order === item.order) === index);
        const parsed = parseIcd10cmOrderFile(unique.map(orderFileLine).join('\n'));
        expect(parsed.refused).toEqual([]);
        expect(parsed.codes).toEqual(unique satisfies Icd10cmCode[]);
      }),
    );
  });
});
