/**
 * Writes of orders to the protected database (they sync from there, offline or not). A new
 * order gets its requisition number on this device, from the device number and counter
 * (src/db/protected/device-sequence.ts, docs/data-model.md), so it is unique across devices
 * without asking the server; it waits as "waiting to send" until the push is answered, and
 * the replication sends it once (the server's row is keyed by the order's id).
 */
import type { LocalDatabase, OrderDoc } from '../../../db/index.ts';
import { requisitionNumber } from '../../../lib/lab/device-numbers.ts';
import type { ReferenceVersions } from '../../../lib/lab/reference-types.ts';
import type { CompendiumIndex } from '../../../lib/reference/index.ts';
import { orderJson, type OrderDraft, type OrderEvaluation } from '../model/order-draft.ts';
import { repeatStanding } from '../model/repeat.ts';
import { loadDataLayer } from './data-layer.ts';

export async function submitOrder(
  db: LocalDatabase,
  userId: string,
  draft: OrderDraft,
  evaluation: OrderEvaluation,
  compendium: CompendiumIndex,
  versions: ReferenceVersions,
): Promise<OrderDoc> {
  if (!draft.organizationId || !draft.providerId || !draft.patientId || !draft.billing) throw new Error('The order is not complete');
  const repeat = repeatStanding(draft.repeat);
  if ('problem' in repeat) throw new Error(repeat.problem);
  const data = await loadDataLayer();
  const { device, counter } = await data.nextDeviceSequence(data.deviceRecordsOf(userId));
  const json = orderJson(draft, evaluation, compendium);
  const doc = data.newLocalDoc('orders', {
    requisition_number: requisitionNumber(device, counter),
    status: 'submitted',
    organization_id: draft.organizationId,
    provider_id: draft.providerId,
    patient_id: draft.patientId,
    billing: draft.billing,
    coverage_rank: draft.billing === 'insurance' ? draft.coverageRank : null,
    tests: json.tests,
    answers: json.answers,
    diagnoses: json.diagnoses,
    collected_at: new Date(draft.collectedAt).toISOString(),
    collected_by: draft.collectedBy.trim() || null,
    fasting: draft.fasting,
    priority: draft.priority,
    comments: draft.comments.trim() || null,
    abn: json.abn,
    medicare_check: json.medicare_check,
    reference_versions: versions,
    created_by: userId,
    standing: repeat.standing,
  });
  const inserted = await db.orders.insert(doc);
  return inserted.toJSON() as OrderDoc;
}

/** Cancels an order (with the reason) until the laboratory received it; the server holds the same rule. */
export async function cancelOrder(db: LocalDatabase, id: string, reason: string): Promise<void> {
  const doc = await db.orders.findOne(id).exec();
  if (!doc) throw new Error('The order is no longer on this device');
  if (doc.status !== 'draft' && doc.status !== 'submitted') throw new Error('The laboratory has received this order: it can no longer be cancelled here.');
  await doc.incrementalPatch({ status: 'cancelled', cancel_reason: reason.trim() });
}

/**
 * "Stop series" of a standing order (staff): recorded on the order (it syncs, offline too);
 * the server checks the caller is staff and stamps the time and who stopped it, and creates
 * no further occurrence.
 */
export async function stopSeries(db: LocalDatabase, id: string, now: () => string = () => new Date().toISOString()): Promise<void> {
  const doc = await db.orders.findOne(id).exec();
  if (!doc) throw new Error('The order is no longer on this device');
  if (!doc.standing) throw new Error('This order does not repeat.');
  if (doc.standing_stopped_at) throw new Error('This series is already stopped.');
  await doc.incrementalPatch({ standing_stopped_at: now() });
}

/**
 * "Resend to laboratory" after an admin corrected a refused order: recorded on the order (it
 * syncs, offline too); the server checks the caller is an admin and the order was refused,
 * clears the laboratory's error and queues the order again as its next version.
 */
export async function requestResend(db: LocalDatabase, id: string, now: () => string = () => new Date().toISOString()): Promise<void> {
  const doc = await db.orders.findOne(id).exec();
  if (!doc) throw new Error('The order is no longer on this device');
  if (doc.status !== 'submitted' || !doc.lis_error) throw new Error('Only a submitted order the laboratory refused can be resent.');
  await doc.incrementalPatch({ lis_resend_at: now() });
}
