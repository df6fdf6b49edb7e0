/**
 * The Advance Beneficiary Notice of Non-coverage (CMS-R-131) filled from an order being
 * entered or entered already: the notifier, the patient and an identification number, and
 * for each test Medicare may not pay for the reason and the estimated cost; the three
 * options left for the patient to check (the form says "we cannot choose a box for you"),
 * the signature and date lines blank for the patient. The form's wording is CMS's.
 */
import { rgb } from 'pdf-lib';
import { LETTER, newDocument, PageWriter, winAnsi } from '../../../lib/documents/pdf-layout.ts';

export interface AbnFormItem {
  test: string;
  reason: string;
  /** US dollars; null when not estimated. */
  cost: number | null;
}

export interface AbnFormData {
  notifier: string;
  patientName: string;
  identification: string;
  items: AbnFormItem[];
}

export function formatCost(cost: number | null): string {
  return cost === null ? '' : `$${cost.toFixed(2)}`;
}

const D = 'laboratory tests';

export async function abnPdf(data: AbnFormData): Promise<Uint8Array> {
  const { doc, fonts } = await newDocument('Advance Beneficiary Notice of Non-coverage (ABN)', data.identification);
  const writer = new PageWriter(doc, fonts);
  writer.pair('A. Notifier:', data.notifier, 130);
  writer.pair('B. Patient Name:', data.patientName, 130);
  writer.pair('C. Identification Number:', data.identification, 130);
  writer.gap(6);
  writer.text('Advance Beneficiary Notice of Non-coverage (ABN)', { size: 15, bold: true });
  writer.text(`NOTE: If Medicare doesn’t pay for D. ${D} below, you may have to pay.`, { bold: true });
  writer.text(
    `Medicare does not pay for everything, even some care that you or your health care provider have good reason to think you need. We expect Medicare may not pay for the D. ${D} below.`,
  );
  writer.gap(6);

  // The table D | E | F.
  const columns = [writer.margin, writer.margin + 190, writer.margin + 430];
  const widths = [185, 235, writer.width - 430];
  const drawRow = (cells: string[], bold: boolean) => {
    const font = bold ? fonts.bold : fonts.regular;
    const lines = cells.map((cell, index) => {
      const words = winAnsi(cell).split(' ');
      const out: string[] = [];
      let line = '';
      for (const word of words) {
        const next = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(next, 10) > (widths[index] ?? 100) && line) {
          out.push(line);
          line = word;
        } else line = next;
      }
      out.push(line);
      return out;
    });
    const height = Math.max(...lines.map((cellLines) => cellLines.length)) * 13 + 6;
    writer.need(height);
    writer.page.drawRectangle({ x: writer.margin, y: writer.y - height, width: writer.width, height, borderColor: rgb(0, 0, 0), borderWidth: 0.6 });
    lines.forEach((cellLines, index) =>
      cellLines.forEach((line, row) => writer.page.drawText(line, { x: (columns[index] ?? 0) + 4, y: writer.y - 13 - row * 13, size: 10, font })),
    );
    writer.y -= height;
  };
  drawRow([`D. Laboratory tests`, 'E. Reason Medicare May Not Pay:', 'F. Estimated Cost'], true);
  for (const item of data.items) drawRow([item.test, item.reason, formatCost(item.cost)], false);
  writer.gap(8);

  writer.text('WHAT YOU NEED TO DO NOW:', { bold: true });
  writer.text('• Read this notice, so you can make an informed decision about your care.', { indent: 8 });
  writer.text('• Ask us any questions that you may have after you finish reading.', { indent: 8 });
  writer.text(`• Choose an option below about whether to receive the D. ${D} listed above.`, { indent: 8 });
  writer.text('Note: If you choose Option 1 or 2, we may help you to use any other insurance that you might have, but Medicare cannot require us to do this.', { indent: 8, size: 9 });
  writer.gap(6);
  writer.text('G. OPTIONS: Check only one box. We cannot choose a box for you.', { bold: true });
  const option = (label: string, text: string) => {
    writer.need(30);
    writer.page.drawRectangle({ x: writer.margin, y: writer.y - 11, width: 9, height: 9, borderColor: rgb(0, 0, 0), borderWidth: 0.8 });
    writer.text(`${label} ${text}`, { indent: 16 });
    writer.gap(3);
  };
  option(
    'OPTION 1.',
    `I want the D. ${D} listed above. You may ask to be paid now, but I also want Medicare billed for an official decision on payment, which is sent to me on a Medicare Summary Notice (MSN). I understand that if Medicare doesn’t pay, I am responsible for payment, but I can appeal to Medicare by following the directions on the MSN. If Medicare does pay, you will refund any payments I made to you, less co-pays or deductibles.`,
  );
  option('OPTION 2.', `I want the D. ${D} listed above, but do not bill Medicare. You may ask to be paid now as I am responsible for payment. I cannot appeal if Medicare is not billed.`);
  option('OPTION 3.', `I don’t want the D. ${D} listed above. I understand with this choice I am not responsible for payment, and I cannot appeal to see if Medicare would pay.`);
  writer.gap(4);
  writer.text('H. Additional Information:', { bold: true });
  writer.text(
    'This notice gives our opinion, not an official Medicare decision. If you have other questions on this notice or Medicare billing, call 1-800-MEDICARE (1-800-633-4227/TTY: 1-877-486-2048).',
  );
  writer.text('Signing below means that you have received and understand this notice. You also receive a copy.');
  writer.gap(8);
  writer.need(40);
  const lineY = writer.y - 28;
  writer.page.drawText('I. Signature:', { x: writer.margin, y: writer.y - 12, size: 10, font: fonts.bold });
  writer.page.drawLine({ start: { x: writer.margin, y: lineY }, end: { x: writer.margin + 330, y: lineY }, thickness: 0.6 });
  writer.page.drawText('J. Date:', { x: writer.margin + 350, y: writer.y - 12, size: 10, font: fonts.bold });
  writer.page.drawLine({ start: { x: writer.margin + 350, y: lineY }, end: { x: LETTER[0] - writer.margin, y: lineY }, thickness: 0.6 });
  writer.y = lineY - 14;
  writer.text(
    'CMS does not discriminate in its programs and activities. To request this publication in an alternative format, please call: 1-800-MEDICARE or email: AltFormatRequest@cms.hhs.gov.',
    { size: 8, muted: true },
  );
  writer.text('Form CMS-R-131 (Exp. 01/31/2026)    OMB No. 0938-0566', { size: 8, muted: true });
  return doc.save();
}
