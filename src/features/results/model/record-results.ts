/** Which results an order's or a patient's page lists, and in what order (record-results-card.tsx). */
import type { ResultDoc } from '../../../db/index.ts';

export type RecordOfResults = { orderId: string } | { patientId: string };

/** Critical first, then abnormal, then newest received. */
export function compareRecordResults(a: ResultDoc, b: ResultDoc): number {
  if (a.critical !== b.critical) return a.critical ? -1 : 1;
  if (a.abnormal !== b.abnormal) return a.abnormal ? -1 : 1;
  return b.received_at.localeCompare(a.received_at);
}

export function resultsOfRecord(results: readonly ResultDoc[], of: RecordOfResults): ResultDoc[] {
  const mine = 'orderId' in of ? results.filter((result) => result.order_id === of.orderId) : results.filter((result) => result.patient_id === of.patientId);
  return mine.sort(compareRecordResults);
}
