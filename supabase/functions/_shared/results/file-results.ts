// Filing a result message the server has matched to its orders: one `results` row per test
// (upserted: a corrected or final result replaces the preliminary one, and is reviewed
// again), the laboratory's PDF in the private bucket, a critical-value alert, the queued
// distribution, and the order moved to in_progress or resulted.
import type { ResultMessage, ResultOrder } from '../hl7/result-types.ts';
import type { SupabaseClient } from '../supabase.ts';
import { queueResultDistribution } from '../distribution/queue.ts';
import { orderStatusAfter, reportOf, resultRowFields } from './result-rows.ts';

export const REPORT_BUCKET = 'result-reports';

export interface OrderRow {
  id: string;
  requisition_number: string;
  status: string;
  patient_id: string;
  provider_id: string;
  organization_id: string;
  tests: Array<{ code: string; name?: string | null; declined?: boolean }>;
}

/** JSON text columns cannot hold U+0000: a NUL a message carried escaped (\X00\) is shown as U+FFFD. */
function withoutNul<T>(value: T): T {
  return JSON.parse(JSON.stringify(value).replaceAll('\\u0000', '\\ufffd')) as T;
}

async function storeReport(service: SupabaseClient, order: OrderRow, resultId: string, pdf: Uint8Array): Promise<string> {
  const path = `${order.id}/${resultId}.pdf`;
  const { error } = await service.storage.from(REPORT_BUCKET).upload(path, pdf, { contentType: 'application/pdf', upsert: true });
  if (error) throw new Error(`the report could not be stored: ${error.message}`);
  return path;
}

/** Files each OBR under its order (`orderOf`); the ids of the results written. */
export async function fileResults(service: SupabaseClient, parsed: ResultMessage, orderOf: (obr: ResultOrder) => OrderRow): Promise<{ resultIds: string[]; orders: OrderRow[] }> {
  const resultIds: string[] = [];
  const touched = new Set<OrderRow>();
  for (const obr of parsed.orders) {
    const order = orderOf(obr);
    const fields = withoutNul(resultRowFields(obr));
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
  return { resultIds, orders: [...touched] };
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
