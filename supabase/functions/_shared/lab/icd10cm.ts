// ICD-10-CM diagnosis codes: their shape, how they are written, and CMS's annual order file
// (`icd10cm_order_YYYY.txt`), which lists every code of the release in tabular order,
// headers and billable codes alike. The order file is fixed width (one code per line):
//
//   columns 1–5    order number, zero-filled
//   column  6      a space
//   columns 7–13   the code without its dot, padded with spaces
//   column  14     a space
//   column  15     1 = billable (valid for a claim), 0 = header (a category or subcategory)
//   column  16     a space
//   columns 17–76  short description (60 characters, padded)
//   column  77     a space
//   columns 78–    long description
//
// Codes are stored without the dot (as in the file and on claims) and shown with it after
// the third character. Pure: the import page parses a file for its preview, and the
// reference-import function parses it again before anything is written.

export interface Icd10cmCode {
  /** Without the dot, capitals: `E119`. */
  code: string;
  billable: boolean;
  short: string;
  long: string;
  /** The order number: the code's place in the tabular list. */
  order: number;
}

export interface RefusedLine {
  /** 1-based line of the file. */
  line: number;
  /** The code the line names, when it could be read. */
  key: string | null;
  reason: string;
}

export interface OrderFileParse {
  /** The codes read, in file order. */
  codes: Icd10cmCode[];
  /** The line of each code (same index as codes). */
  codeLines: number[];
  refused: RefusedLine[];
  /** Non-blank lines read. */
  lines: number;
}

/** Letter, digit, letter or digit, then up to four letters or digits (3 to 7 in all). */
const CODE_SHAPE = /^[A-Z][0-9][0-9A-Z][0-9A-Z]{0,4}$/;

/** Capitals without dot or spaces: `e11.9 ` → `E119`. */
export function normalizeIcd10cm(input: string): string {
  return input.replace(/[\s.]+/g, '').toUpperCase();
}

/** True for a code of ICD-10-CM's shape (written with or without its dot). */
export function isIcd10cmCode(input: string): boolean {
  return CODE_SHAPE.test(normalizeIcd10cm(input));
}

/** `E119` → `E11.9`; a three-character category has no dot (`I10`). */
export function formatIcd10cm(input: string): string {
  const code = normalizeIcd10cm(input);
  return code.length > 3 ? `${code.slice(0, 3)}.${code.slice(3)}` : code;
}

const ORDER_NUMBER = /^\d{5}$/;
const MIN_LINE_LENGTH = 78;
const SEPARATOR_COLUMNS = [6, 14, 16, 77] as const;

/** One line of the order file, or why it is not one. */
export function parseOrderFileLine(text: string): { ok: true; code: Icd10cmCode } | { ok: false; key: string | null; reason: string } {
  const rawCode = text.slice(6, 13).trim();
  const key = rawCode === '' ? null : rawCode;
  if (text.length < MIN_LINE_LENGTH) {
    return {
      ok: false,
      key,
      reason: `The line has ${text.length} characters: an order-file line has at least ${MIN_LINE_LENGTH} (the long description starts in column 78).`,
    };
  }
  const misplaced = SEPARATOR_COLUMNS.find((column) => text[column - 1] !== ' ');
  if (misplaced !== undefined) {
    return { ok: false, key, reason: `Column ${misplaced} should be a space: the line is not in the order-file layout.` };
  }
  const orderText = text.slice(0, 5);
  if (!ORDER_NUMBER.test(orderText)) {
    return { ok: false, key, reason: `Columns 1–5 should be the zero-filled order number, not “${orderText}”.` };
  }
  if (!CODE_SHAPE.test(rawCode)) {
    return {
      ok: false,
      key,
      reason: `Columns 7–13 should be an ICD-10-CM code without its dot (a letter, a digit, then 1 to 5 letters or digits), not “${rawCode}”.`,
    };
  }
  const flag = text[14];
  if (flag !== '0' && flag !== '1') {
    return { ok: false, key, reason: `Column 15 should be 1 (billable) or 0 (header), not “${flag}”.` };
  }
  const short = text.slice(16, 76).trim();
  const long = text.slice(77).trim();
  if (short === '') return { ok: false, key, reason: 'The short description (columns 17–76) is empty.' };
  if (long === '') return { ok: false, key, reason: 'The long description (from column 78) is empty.' };
  return { ok: true, code: { code: rawCode, billable: flag === '1', short, long, order: Number(orderText) } };
}

/**
 * Every line of an order file: the codes read, and the lines refused with their reason.
 * Blank lines are skipped; a code or an order number that appeared on an earlier line is
 * refused on the later one.
 */
export function parseIcd10cmOrderFile(text: string): OrderFileParse {
  const codes: Icd10cmCode[] = [];
  const codeLines: number[] = [];
  const refused: RefusedLine[] = [];
  const lineOfCode = new Map<string, number>();
  const orderLines = new Map<number, number>();
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  let read = 0;
  lines.forEach((raw, index) => {
    const line = index + 1;
    const textLine = raw.replace(/\r$/, '');
    if (textLine.trim() === '') return;
    read += 1;
    const parsed = parseOrderFileLine(textLine);
    if (!parsed.ok) {
      refused.push({ line, key: parsed.key, reason: parsed.reason });
      return;
    }
    const { code } = parsed;
    const earlier = lineOfCode.get(code.code);
    if (earlier !== undefined) {
      refused.push({ line, key: code.code, reason: `${formatIcd10cm(code.code)} is already on line ${earlier}.` });
      return;
    }
    const sameOrder = orderLines.get(code.order);
    if (sameOrder !== undefined) {
      refused.push({ line, key: code.code, reason: `Order number ${String(code.order).padStart(5, '0')} is already on line ${sameOrder}.` });
      return;
    }
    lineOfCode.set(code.code, line);
    orderLines.set(code.order, line);
    codes.push(code);
    codeLines.push(line);
  });
  return { codes, codeLines, refused, lines: read };
}

/** One order-file line for a code (the inverse of parseOrderFileLine: fixtures and tests). */
export function orderFileLine(code: Icd10cmCode): string {
  return [
    String(code.order).padStart(5, '0'),
    code.code.padEnd(7, ' '),
    code.billable ? '1' : '0',
    code.short.slice(0, 60).padEnd(60, ' '),
    code.long,
  ].join(' ');
}
