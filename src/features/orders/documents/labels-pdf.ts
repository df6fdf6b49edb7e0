/**
 * Specimen labels of an order (issue 31): one 2 × 1 inch label per container of the tests
 * that are performed, each a page of its own (label printers feed one label per page), with
 * the requisition number as a Code 128 barcode, the patient's name and date of birth, the
 * collection time and the container with its tests.
 */
import { code128Bars } from '../../../lib/documents/code128.ts';
import { drawBarcode, newDocument, POINTS_PER_INCH, winAnsi } from '../../../lib/documents/pdf-layout.ts';
import { labelContainers, type OrderDocumentData } from './order-document-data.ts';

export const LABEL_SIZE: [number, number] = [2 * POINTS_PER_INCH, 1 * POINTS_PER_INCH];

function fit(text: string, width: number, size: number, measure: (text: string, size: number) => number): string {
  let out = winAnsi(text);
  while (out.length > 1 && measure(out, size) > width) out = out.slice(0, -1);
  return out;
}

export async function labelsPdf(data: OrderDocumentData): Promise<Uint8Array> {
  const { doc, fonts } = await newDocument(`Labels ${data.requisitionNumber}`, data.requisitionNumber);
  const barcode = code128Bars(data.requisitionNumber);
  const [width, height] = LABEL_SIZE;
  const margin = 6;
  const inner = width - 2 * margin;
  // The symbol and its quiet zones (10 modules each side) inside the label; the narrowest
  // bar at least 0.75 pt (about 10 mil), which scanners of specimen labels read.
  const moduleWidth = Math.max(0.75, Math.min(1, width / (barcode.modules + 20)));
  const regular = (text: string, size: number) => fonts.regular.widthOfTextAtSize(text, size);
  const bold = (text: string, size: number) => fonts.bold.widthOfTextAtSize(text, size);
  const containers = labelContainers(data.tests);
  for (const [index, item] of containers.entries()) {
    const page = doc.addPage(LABEL_SIZE);
    const symbolWidth = barcode.modules * moduleWidth;
    drawBarcode(page, barcode, Math.max(margin, (width - symbolWidth) / 2), height - margin - 22, { height: 22, moduleWidth });
    const line = (text: string, y: number, size: number, strong = false) =>
      page.drawText(fit(text, inner, size, strong ? bold : regular), { x: margin, y, size, font: strong ? fonts.bold : fonts.regular });
    line(`${data.requisitionNumber}${data.stat ? '  STAT' : ''}   ${index + 1}/${containers.length}`, height - margin - 30, 7, true);
    line(data.patient.name, height - margin - 39, 7, true);
    line(`DOB ${data.patient.dateOfBirth}  Coll ${data.collection.at || '____-__-__ __:__'}`, height - margin - 48, 6.5);
    line(`${item.container}: ${item.tests.join(', ')}`, height - margin - 57, 6.5);
  }
  return doc.save();
}
