/**
 * A small top-to-bottom writer over pdf-lib for the printed documents of an order
 * (requisition, specimen labels, the ABN): lines and label/value pairs that wrap within
 * the page and flow onto a new page, rules, boxes and Code 128 barcodes drawn as vector
 * bars. Standard PDF fonts (Helvetica) keep the files small and need nothing downloaded, so
 * the documents are made on the device, offline. Those fonts speak WinAnsi only: text is
 * reduced to it first (a character it lacks prints as "?", never throws).
 */
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { LinearBarcode } from './code128.ts';

export const POINTS_PER_INCH = 72;
export const LETTER: [number, number] = [8.5 * POINTS_PER_INCH, 11 * POINTS_PER_INCH];
const INK = rgb(0, 0, 0);
const MUTED = rgb(0.35, 0.35, 0.35);

// WinAnsi beyond Latin-1: the typographic characters the app's texts use.
const WIN_ANSI_EXTRA = '‘’“”–—•…€™';

/** The text as the standard fonts can draw it. */
export function winAnsi(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '\n' || char === '\t') out += ' ';
    else if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.includes(char)) out += char;
    else if (char === '→') out += '->';
    else out += '?';
  }
  return out;
}

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

export async function newDocument(title: string, subject: string): Promise<{ doc: PDFDocument; fonts: Fonts }> {
  const doc = await PDFDocument.create();
  doc.setTitle(winAnsi(title));
  doc.setSubject(winAnsi(subject));
  doc.setProducer('LabLink');
  doc.setCreator('LabLink');
  const [regular, bold] = await Promise.all([doc.embedFont(StandardFonts.Helvetica), doc.embedFont(StandardFonts.HelveticaBold)]);
  return { doc, fonts: { regular, bold } };
}

/** Splits `text` into lines no wider than `width` at `size` (a word longer than a line is cut). */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of winAnsi(text).split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
      let cut = rest.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

/** Draws the bars of a barcode with its bottom-left corner at (x, y). Returns its width. */
export function drawBarcode(page: PDFPage, barcode: LinearBarcode, x: number, y: number, options: { height: number; moduleWidth: number }): number {
  for (const bar of barcode.bars) {
    page.drawRectangle({ x: x + bar.x * options.moduleWidth, y, width: bar.width * options.moduleWidth, height: options.height, color: INK });
  }
  return barcode.modules * options.moduleWidth;
}

export interface TextOptions {
  size?: number;
  bold?: boolean;
  muted?: boolean;
  indent?: number;
}

/** Writes down a Letter page from the top margin, starting a new page when one is full. */
export class PageWriter {
  page: PDFPage;
  y: number;
  readonly margin = 0.6 * POINTS_PER_INCH;

  constructor(
    readonly doc: PDFDocument,
    readonly fonts: Fonts,
    /** Draws the running header of every page after the first; returns the y below it. */
    private readonly continued: (page: PDFPage) => number = () => LETTER[1] - 0.6 * POINTS_PER_INCH,
  ) {
    this.page = doc.addPage(LETTER);
    this.y = LETTER[1] - this.margin;
  }

  get width(): number {
    return LETTER[0] - 2 * this.margin;
  }

  /** Makes room for `height` points, on a new page if needed. */
  need(height: number): void {
    if (this.y - height >= this.margin) return;
    this.page = this.doc.addPage(LETTER);
    this.y = this.continued(this.page);
  }

  text(text: string, options: TextOptions = {}): void {
    const size = options.size ?? 10;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const indent = options.indent ?? 0;
    for (const line of wrap(text, font, size, this.width - indent)) {
      this.need(size * 1.3);
      this.y -= size * 1.3;
      this.page.drawText(line, { x: this.margin + indent, y: this.y + size * 0.25, size, font, color: options.muted ? MUTED : INK });
    }
  }

  /** A label in bold and its value beside it, wrapped in the value's column. */
  pair(label: string, value: string, labelWidth = 120): void {
    const size = 10;
    const lines = wrap(value || '—', this.fonts.regular, size, this.width - labelWidth);
    this.need(size * 1.3 * Math.min(lines.length, 3));
    this.page.drawText(winAnsi(label), { x: this.margin, y: this.y - size * 1.3 + size * 0.25, size, font: this.fonts.bold, color: INK });
    for (const line of lines) {
      this.need(size * 1.3);
      this.y -= size * 1.3;
      this.page.drawText(line, { x: this.margin + labelWidth, y: this.y + size * 0.25, size, font: this.fonts.regular, color: INK });
    }
  }

  heading(text: string): void {
    this.gap(8);
    this.need(40);
    this.text(text, { size: 12, bold: true });
    this.rule();
  }

  rule(): void {
    this.y -= 3;
    this.page.drawLine({ start: { x: this.margin, y: this.y }, end: { x: LETTER[0] - this.margin, y: this.y }, thickness: 0.6, color: MUTED });
    this.y -= 3;
  }

  gap(points: number): void {
    this.y -= points;
  }
}
