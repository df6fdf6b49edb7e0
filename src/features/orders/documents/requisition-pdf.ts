/**
 * The printable requisition of an order (issue 31), made on the device with pdf-lib: the
 * requisition number as a Code 128 barcode, patient, coverage, ordering provider with NPI,
 * client organization, billing, the tests with specimen, container, modifiers and the
 * order-question answers, diagnosis codes, ABN status and the collection details. Letter
 * size, flowing onto more pages for a long order, each page naming the requisition.
 */
import { code128Bars } from '../../../lib/documents/code128.ts';
import { drawBarcode, LETTER, newDocument, PageWriter, winAnsi } from '../../../lib/documents/pdf-layout.ts';
import type { OrderDocumentData } from './order-document-data.ts';

export async function requisitionPdf(data: OrderDocumentData): Promise<Uint8Array> {
  const { doc, fonts } = await newDocument(`Requisition ${data.requisitionNumber}`, data.requisitionNumber);
  const barcode = code128Bars(data.requisitionNumber);
  const writer = new PageWriter(doc, fonts, (page) => {
    page.drawText(winAnsi(`Requisition ${data.requisitionNumber} (continued)`), { x: 43, y: LETTER[1] - 50, size: 10, font: fonts.bold });
    return LETTER[1] - 60;
  });

  // Header: title on the left, the barcode with its number under it on the right.
  const moduleWidth = 1.1;
  const width = barcode.modules * moduleWidth;
  const left = LETTER[0] - writer.margin - width;
  const top = writer.y;
  drawBarcode(writer.page, barcode, left, top - 42, { height: 42, moduleWidth });
  const number = winAnsi(data.requisitionNumber);
  writer.page.drawText(number, { x: left + (width - fonts.bold.widthOfTextAtSize(number, 11)) / 2, y: top - 56, size: 11, font: fonts.bold });
  writer.text('Laboratory requisition', { size: 18, bold: true });
  writer.text(`Requisition ${data.requisitionNumber}`, { size: 11 });
  writer.text(`Entered ${data.enteredAt}${data.stat ? ' · STAT' : ' · Routine'}`, { size: 10, muted: true });
  writer.y = Math.min(writer.y, top - 62);

  writer.heading('Patient');
  writer.pair('Name', data.patient.name);
  writer.pair('Date of birth', data.patient.dateOfBirth);
  writer.pair('Sex', data.patient.sex);
  writer.pair('Lab patient id', data.patient.labPatientId);
  if (data.patient.address) writer.pair('Address', data.patient.address);
  if (data.patient.phone) writer.pair('Phone', data.patient.phone);

  writer.heading('Billing and coverage');
  writer.pair('Bill to', data.billing);
  if (data.coverage) {
    writer.pair('Coverage', data.coverage.payer);
    writer.pair('Member id', data.coverage.memberId);
  }

  writer.heading('Ordering provider and client');
  writer.pair('Provider', data.provider.name);
  writer.pair('NPI', data.provider.npi || 'none');
  writer.pair('Organization', data.organization.name);
  if (data.organization.account) writer.pair('Account', data.organization.account);
  if (data.organization.address) writer.pair('Address', data.organization.address);

  writer.heading('Tests');
  for (const test of data.tests) {
    const modifiers = test.modifiers.map((line) => (line.modifier ? `${line.cpt}-${line.modifier}` : line.cpt)).join(', ');
    writer.text(`${test.code}  ${test.name}${test.declined ? '  (declined by the patient: not performed)' : ''}`, { bold: true });
    writer.text(`Specimen: ${test.specimen_type} · Container: ${test.container} · CPT: ${modifiers || test.cpt_codes.join(', ') || 'none'}`, { indent: 12 });
    for (const answer of data.answers.filter((item) => item.test === test.code)) {
      writer.text(`${data.questionTexts[answer.question] ?? answer.question} ${answer.value}`, { indent: 12, muted: true });
    }
  }

  writer.heading('Diagnoses (ICD-10-CM)');
  writer.text(data.diagnoses.join(', ') || 'None');

  writer.heading('Advance Beneficiary Notice');
  writer.text(data.abnText);

  writer.heading('Collection');
  writer.pair('Collected', data.collection.at || 'Not yet');
  writer.pair('Collected by', data.collection.by);
  writer.pair('Fasting', data.collection.fasting);
  writer.pair('Priority', data.stat ? 'STAT' : 'Routine');
  if (data.collection.comments) writer.pair('Comments', data.collection.comments);
  return doc.save();
}
