/**
 * Makes one of an order's printed documents on the device, opens it, and queues the audit
 * row of the print (access_log, sent when online). Loaded on demand by the order page, so
 * the PDF and barcode libraries stay out of the pages that do not print.
 */
import { openPdf } from '../../../lib/documents/open-pdf.ts';
import { loadDataLayer } from '../data/data-layer.ts';
import { abnPdf, type AbnFormData } from './abn-pdf.ts';
import { labelsPdf } from './labels-pdf.ts';
import { abnFormOfOrder, type OrderDocumentData } from './order-document-data.ts';
import { requisitionPdf } from './requisition-pdf.ts';

export type OrderDocumentKind = 'requisition' | 'labels' | 'abn';

function orderAbnPdf(data: OrderDocumentData): Promise<Uint8Array> {
  const form = abnFormOfOrder(data);
  if (!form) throw new Error('This order has no ABN.');
  return abnPdf(form);
}

const MAKERS: Record<OrderDocumentKind, (data: OrderDocumentData) => Promise<Uint8Array>> = {
  requisition: requisitionPdf,
  labels: labelsPdf,
  abn: orderAbnPdf,
};

const ACTIONS = { requisition: 'printed_requisition', labels: 'printed_labels', abn: 'printed_abn' } as const;

export async function printOrderDocument(kind: OrderDocumentKind, data: OrderDocumentData, ids: { orderId: string; patientId: string }): Promise<void> {
  const bytes = await MAKERS[kind](data);
  openPdf(bytes, `${data.requisitionNumber}-${kind}.pdf`);
  await (await loadDataLayer()).recordOpening('orders', ids.orderId, ids.patientId, ACTIONS[kind]);
}

/** The ABN printed during entry, before the order exists: its print is logged against the patient. */
export async function printEntryAbn(form: AbnFormData, patientId: string): Promise<void> {
  openPdf(await abnPdf(form), 'abn.pdf');
  await (await loadDataLayer()).recordOpening('patients', patientId, patientId, 'printed_abn');
}
