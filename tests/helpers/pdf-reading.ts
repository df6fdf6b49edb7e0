/**
 * Reads back what the app's PDFs draw, for tests: each page's size, the strings its text
 * operators show, and the filled rectangles (barcode bars); and a Code 128 decoder written
 * from the symbology's table (ISO/IEC 15417), independent of the encoder the app uses, so a
 * barcode is proven by decoding it, check character included.
 */
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFPage } from 'pdf-lib';

export interface PdfPageContent {
  width: number;
  height: number;
  texts: string[];
  rects: Array<{ x: number; y: number; width: number; height: number }>;
}

function streamText(page: PDFPage): string {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => page.doc.context.lookup(ref)) : [contents];
  return streams
    .map((stream) => (stream instanceof PDFRawStream ? new TextDecoder('latin1').decode(decodePDFRawStream(stream).decode()) : ''))
    .join('\n');
}

function hexString(hex: string): string {
  let out = '';
  for (let i = 0; i + 1 < hex.length; i += 2) out += String.fromCharCode(parseInt(hex.slice(i, i + 2), 16));
  return out;
}

export async function readPdf(bytes: Uint8Array): Promise<{ pages: PdfPageContent[]; title: string | undefined }> {
  const doc = await PDFDocument.load(bytes);
  const pages = doc.getPages().map((page) => {
    const text = streamText(page);
    const texts = [...text.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map((match) => hexString(match[1] ?? ''));
    // pdf-lib draws a filled rectangle in a q … Q block of its own: moved to its corner
    // (1 0 0 1 x y cm), then the path 0 0 m, 0 h l, w h l, w 0 l, h, f.
    const rects = [...text.matchAll(/1 0 0 1 (-?[\d.]+) (-?[\d.]+) cm\s+(?:1 0 0 1 0 0 cm\s+)*0 0 m\s+0 (-?[\d.]+) l\s+(-?[\d.]+) -?[\d.]+ l\s+-?[\d.]+ 0 l\s+h\s+f/g)].map(
      (m) => ({ x: Number(m[1]), y: Number(m[2]), width: Number(m[4]), height: Number(m[3]) }),
    );
    const { width, height } = page.getSize();
    return { width, height, texts, rects };
  });
  return { pages, title: doc.getTitle() };
}

// Bar/space widths of the 107 Code 128 symbols (values 0–105, then the stop at 106).
const PATTERNS = (
  '212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 112232 122132 122231 113222 ' +
  '123122 123221 223211 221132 221231 213212 223112 312131 311222 321122 321221 312212 322112 322211 212123 212321 ' +
  '232121 111323 131123 131321 112313 132113 132311 211313 231113 231311 112133 112331 132131 113123 113321 133121 ' +
  '313121 211331 231131 213113 213311 213131 311123 311321 331121 312113 312311 332111 314111 221411 431111 111224 ' +
  '111422 121124 121421 141122 141221 112214 112412 122114 122411 142112 142211 241211 221114 413111 241112 134111 ' +
  '111242 121142 121241 114212 124112 124211 411212 421112 421211 212141 214121 412121 111143 111341 131141 114113 ' +
  '114311 411113 411311 113141 114131 311141 411131 211412 211214 211232 2331112'
).split(' ');

/** Bars (left edge and width, any unit) → the module widths bar, space, bar, … */
export function moduleWidths(bars: ReadonlyArray<{ x: number; width: number }>): number[] {
  const sorted = [...bars].sort((a, b) => a.x - b.x);
  const unit = Math.min(...sorted.map((bar) => bar.width));
  const widths: number[] = [];
  sorted.forEach((bar, index) => {
    if (index > 0) {
      const previous = sorted[index - 1]!;
      widths.push(Math.round((bar.x - previous.x - previous.width) / unit));
    }
    widths.push(Math.round(bar.width / unit));
  });
  return widths;
}

/** Decodes Code 128 (code sets A, B and C) from its module widths; throws on a bad symbol or check character. */
export function decodeCode128(widths: readonly number[]): string {
  const symbols: number[] = [];
  let at = 0;
  while (at < widths.length) {
    const size = widths.length - at === 7 ? 7 : 6;
    const pattern = widths.slice(at, at + size).join('');
    const value = PATTERNS.indexOf(pattern);
    if (value < 0) throw new Error(`No Code 128 symbol has the widths ${pattern}`);
    symbols.push(value);
    at += size;
  }
  if (symbols.pop() !== 106) throw new Error('The symbol does not end with the stop pattern');
  const check = symbols.pop()!;
  const sum = symbols.reduce((total, value, index) => total + value * Math.max(index, 1), 0);
  if (sum % 103 !== check) throw new Error('The check character is wrong');
  const start = symbols[0];
  let set = start === 103 ? 'A' : start === 104 ? 'B' : start === 105 ? 'C' : null;
  if (!set) throw new Error('The symbol does not begin with a start pattern');
  let text = '';
  for (const value of symbols.slice(1)) {
    if (set === 'C') {
      if (value < 100) text += String(value).padStart(2, '0');
      else if (value === 100) set = 'B';
      else if (value === 101) set = 'A';
      continue;
    }
    if (value === 99) set = 'C';
    else if (value === 100 && set === 'A') set = 'B';
    else if (value === 101 && set === 'B') set = 'A';
    else if (value < 96) text += String.fromCharCode(set === 'A' && value >= 64 ? value - 64 : value + 32);
    else throw new Error(`Unsupported function character ${value}`);
  }
  return text;
}
