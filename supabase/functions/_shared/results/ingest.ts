// Taking one ORU^R01 from the laboratory (lis-inbound, over HTTPS or from the MLLP
// listener): parse it, match each OBR to an order by its placer order number (the
// requisition number), write one `results` row per test (upserted: a corrected or final
// result replaces the preliminary one), keep the report PDF in the private bucket, move the
// order to in_progress or resulted, raise a critical-value alert, and answer AA. A message
// that does not parse or names no order the product knows is answered AE and kept in
// `result_inbox_errors`, never dropped; staff match it to an order later (`forcedOrderId`).
import { buildAck } from '../hl7/ack.ts';
import { Hl7Error } from '../hl7/errors.ts';
import { parseOru } from '../hl7/oru-parse.ts';
import type { ResultMessage } from '../hl7/result-types.ts';
import type { SupabaseClient } from '../supabase.ts';
import { queueResultDistribution } from '../distribution/queue.ts';
import { orderStatusAfter, reportOf, resultRowFields } from './result-rows.ts';

export const REPORT_BUCKET = 'result-reports';

export interface IngestOutcome {
  code: 'AA' | 'AE';
  text: string;
  ack: string;
  /** The ids of the results written (AA). */
  resultIds: string[];
  /** The error queue row (AE). */
  errorId: string | null;
}

interface OrderRow {
  id: string;
  requisition_number: string;
  status: string;
  patient_id: string;
  provider_id: string;
  organization_id: string;
  tests: Array<{ code: string; declined?: boolean }>;
}

function safeAck(message: string, code: 'AA' | 'AE', text: string, error?: Hl7Error): string {
  try {
    return buildAck(message, code, text, error ? { errorCode: error.condition, errorLocation: error.location } : {});
  } catch {
    // Not even an MSH: answer with a minimal ACK of our own so the sender sees the reason.
    return buildAck('MSH|^~\\&|||||||ACK|UNKNOWN|P|2.5.1', code, text);
  }
}

async function queueError(service: SupabaseClient, message: string, error: string, location: string | null, parsed: ResultMessage | null): Promise<string | null> {
  const { data, error: failed } = await service
    .from('result_inbox_errors')
    .insert({
      control_id: parsed?.controlId ?? /^MSH\|[^\r\n]*/.exec(message)?.[0].split('|')[9] ?? null,
      placer_order_number: parsed?.orders.find((o) => o.placerOrderNumber)?.placerOrderNumber ?? null,
      patient_name: parsed ? `${parsed.patient.lastName}, ${parsed.patient.firstName}`.replace(/, $/, '') : null,
      error,
      error_location: location,
      message,
    })
    .select('id')
    .single();
  if (failed) throw new Error(`the error queue could not be written: ${failed.message}`);
  return (data as { id: string }).id;
}

async function refuse(service: SupabaseClient, message: string, error: Hl7Error, parsed: ResultMessage | null, queue: boolean): Promise<IngestOutcome> {
  const errorId = queue ? await queueError(service, message, error.message, error.location, parsed) : null;
  return { code: 'AE', text: error.message, ack: safeAck(message, 'AE', error.message, error), resultIds: [], errorId };
}

async function storeReport(service: SupabaseClient, order: OrderRow, resultId: string, pdf: Uint8Array): Promise<string> {
  const path = `${order.id}/${resultId}.pdf`;
  const { error } = await service.storage.from(REPORT_BUCKET).upload(path, pdf, { contentType: 'application/pdf', upsert: true });
  if (error) throw new Error(`the report could not be stored: ${error.message}`);
  return path;
}

/**
 * Takes one message. `forcedOrderId` (staff matching a queued message) files every OBR under
 * that order whatever its placer number says; such a retry is not queued again when refused.
 */
export async function ingestResultMessage(service: SupabaseClient, message: string, forcedOrderId: string | null = null): Promise<IngestOutcome> {
  const queue = forcedOrderId === null;
  let parsed: ResultMessage;
  try {
    parsed = parseOru(message);
  } catch (error) {
    if (error instanceof Hl7Error) return refuse(service, message, error, null, queue);
    throw error;
  }

  const placers = [...new Set(parsed.orders.map((o) => o.placerOrderNumber).filter((p): p is string => !!p))];
  const query = service.from('orders').select('id, requisition_number, status, patient_id, provider_id, organization_id, tests');
  const { data, error } = forcedOrderId ? await query.eq('id', forcedOrderId) : await query.in('requisition_number', placers.length ? placers : ['']);
  if (error) throw new Error(`orders could not be read: ${error.message}`);
  const orders = new Map((data as OrderRow[]).map((o) => [forcedOrderId ? '*' : o.requisition_number, o]));
  for (const [index, obr] of parsed.orders.entries()) {
    const order = orders.get(forcedOrderId ? '*' : (obr.placerOrderNumber ?? ''));
    if (!order) {
      const text = obr.placerOrderNumber ? `Unknown placer order number ${obr.placerOrderNumber}` : 'The result has no placer order number';
      return refuse(service, message, new Hl7Error(text, `OBR[${index + 1}]-2`, '204'), parsed, queue);
    }
    if (order.status === 'draft' || order.status === 'cancelled') {
      return refuse(service, message, new Hl7Error(`Order ${order.requisition_number} is ${order.status}`, `OBR[${index + 1}]-2`, '204'), parsed, queue);
    }
  }

  const resultIds: string[] = [];
  const touched = new Set<OrderRow>();
  for (const obr of parsed.orders) {
    const order = orders.get(forcedOrderId ? '*' : (obr.placerOrderNumber ?? '')) as OrderRow;
    const fields = resultRowFields(obr);
    const { data: row, error: upsertError } = await service
      .from('results')
      .upsert(
        {
          ...fields,
          order_id: order.id,
          patient_id: order.patient_id,
          provider_id: order.provider_id,
          organization_id: order.organization_id,
          requisition_number: order.requisition_number,
          control_id: parsed.controlId,
          received_at: new Date().toISOString(),
          // A new or corrected report is reviewed again.
          reviewed_at: null,
          reviewed_by: null,
          seen_at: null,
          seen_by: null,
        },
        { onConflict: 'order_id,test_code' },
      )
      .select('id')
      .single();
    if (upsertError) throw new Error(`the result could not be written: ${upsertError.message}`);
    const resultId = (row as { id: string }).id;
    resultIds.push(resultId);
    const pdf = reportOf(obr);
    if (pdf) {
      const path = await storeReport(service, order, resultId, pdf);
      const { error: pathError } = await service.from('results').update({ report_path: path }).eq('id', resultId);
      if (pathError) throw new Error(`the report could not be linked: ${pathError.message}`);
    }
    const alertId = fields.critical ? await raiseCriticalAlert(service, order, resultId, fields) : null;
    // Distribution by the provider's preferences and the critical-value notices: queued
    // here, sent by the scheduled result-distribute (docs/results.md, "Distributed").
    await queueResultDistribution(service, resultId, alertId);
    touched.add(order);
  }

  for (const order of touched) await advanceOrder(service, order);
  const text = `Results received for ${[...touched].map((o) => o.requisition_number).join(', ')}`;
  return { code: 'AA', text, ack: safeAck(message, 'AA', text), resultIds, errorId: null };
}

async function advanceOrder(service: SupabaseClient, order: OrderRow): Promise<void> {
  const { data, error } = await service.from('results').select('test_code, status').eq('order_id', order.id).eq('_deleted', false);
  if (error) throw new Error(`the order's results could not be read: ${error.message}`);
  const ordered = order.tests.filter((t) => !t.declined).map((t) => t.code);
  const status = orderStatusAfter(ordered, data as Array<{ test_code: string; status: 'preliminary' | 'final' | 'corrected' }>);
  if (status !== order.status) {
    const { error: updateError } = await service.from('orders').update({ status }).eq('id', order.id);
    if (updateError) throw new Error(`the order's status could not be changed: ${updateError.message}`);
  }
}

/** A critical value is an alert (alerts, kind critical_value) the provider and staff must acknowledge; once while it is open. Its id. */
async function raiseCriticalAlert(service: SupabaseClient, order: OrderRow, resultId: string, fields: ReturnType<typeof resultRowFields>): Promise<string> {
  const critical = fields.observations.filter((o) => o.flags.some((f) => ['HH', 'LL', 'AA', 'HU', 'LU'].includes(f)));
  const values = critical.map((o) => `${o.text || o.code} ${o.value ?? ''}${o.units ? ` ${o.units}` : ''} (${o.flags.join(' ')})`).join('; ');
  const open = await service.from('alerts').select('id').eq('kind', 'critical_value').eq('details->>result_id', resultId).is('acknowledged_at', null).limit(1);
  if (open.error) throw new Error(`the critical values could not be read: ${open.error.message}`);
  const still = (open.data ?? []) as Array<{ id: string }>;
  if (still[0]) return still[0].id; // still open: the same critical value is not raised twice
  const summary = `Critical value on ${order.requisition_number}: ${values}`.slice(0, 500);
  const { data, error } = await service.from('alerts').insert({
    provider_id: order.provider_id,
    organization_id: order.organization_id,
    kind: 'critical_value',
    summary,
    details: { result_id: resultId, order_id: order.id, requisition_number: order.requisition_number, test_code: fields.test_code, observations: critical },
  }).select('id').single();
  if (error) throw new Error(`the critical value could not be raised: ${error.message}`);
  return (data as { id: string }).id;
}
