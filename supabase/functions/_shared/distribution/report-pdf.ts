// The faxed page: the report document as a PDF (pdf-lib, Helvetica, US Letter, as many
// pages as the lines need), uploaded to Storage so the fax provider can download it.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { ReportDocument } from './message.ts';

const WIDTH = 612;
const HEIGHT = 792;
const MARGIN = 50;
const SIZE = 10;
const LEADING = 14;

/** Helvetica's WinAnsi encoding: anything else prints as "?". */
function printable(text: string): string {
  return text.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');
}

function wrap(text: string, width: number, measure: (t: string) => number): string[] {
  const words = printable(text).split(' ');
  const out: string[] = [];
  let current = '';
  for (const word of words) {
    const next = current ? `${current} ${word}` : word;
    if (measure(next) > width && current) {
      out.push(current);
      current = word;
    } else current = next;
  }
  out.push(current);
  return out;
}

export async function reportPdf(doc: ReportDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(printable(doc.title));
  pdf.setProducer('LabLink');
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const measure = (t: string) => font.widthOfTextAtSize(t, SIZE);
  let page = pdf.addPage([WIDTH, HEIGHT]);
  let y = HEIGHT - MARGIN;
  for (const titleLine of wrap(doc.title, WIDTH - 2 * MARGIN, (t) => bold.widthOfTextAtSize(t, 13))) {
    page.drawText(titleLine, { x: MARGIN, y, size: 13, font: bold });
    y -= 18;
  }
  y -= 6;
  for (const line of doc.lines.flatMap((l) => wrap(l, WIDTH - 2 * MARGIN, measure))) {
    if (y < MARGIN) {
      page = pdf.addPage([WIDTH, HEIGHT]);
      y = HEIGHT - MARGIN;
    }
    if (line) page.drawText(line, { x: MARGIN, y, size: SIZE, font });
    y -= LEADING;
  }
  return pdf.save();
}
