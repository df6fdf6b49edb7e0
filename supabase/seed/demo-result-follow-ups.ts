/**
 * What the demo's results leave for staff to do (issues 27 and 32), so the dashboard's loud
 * figures have something to count on `npm start`: the open critical-value alert of the one
 * critical result (as lis-inbound raises it, _shared/results/ingest.ts) with the notices
 * that told everyone of it (as the distribution queue planned and sent them: its page says
 * it is escalated again, and lists who was told), and one result the laboratory sent for a
 * requisition number no order has (kept in result_inbox_errors, as lis-inbound keeps it,
 * waiting for staff to match or reject it).
 */
import { criticalNotifications, type CriticalRecipients } from '../functions/_shared/distribution/plan.ts';
import { seedUuid } from './ids.ts';
import { jsonb, live, type SqlRow } from './render-sql.ts';
import type { DemoResultRow } from './demo-results.ts';

interface Observation {
  code: string;
  text: string;
  value: string | null;
  units: string;
  flags: string[];
}

const CRITICAL = ['HH', 'LL', 'AA', 'HU', 'LU'];

/** One open critical_value alert per critical result, worded as lis-inbound words it. */
export function demoCriticalAlerts(results: readonly DemoResultRow[]): SqlRow[] {
  return results
    .filter((result) => result.critical === true)
    .map((result) => {
      const critical = (result.observations as Observation[]).filter((o) => o.flags.some((flag) => CRITICAL.includes(flag)));
      const values = critical.map((o) => `${o.text || o.code} ${o.value ?? ''}${o.units ? ` ${o.units}` : ''} (${o.flags.join(' ')})`).join('; ');
      const at = live(result.received_at as string);
      return {
        id: seedUuid(`alert:critical:${result.id as string}`),
        provider_id: result.provider_id as string,
        organization_id: result.organization_id as string,
        kind: 'critical_value',
        summary: `Critical value on ${result.requisition_number as string}: ${values}`.slice(0, 500),
        details: jsonb({
          result_id: result.id,
          order_id: result.order_id,
          requisition_number: result.requisition_number,
          test_code: result.test_code,
          observations: critical,
        }),
        raised_at: at,
        acknowledged_at: null,
        acknowledged_by: null,
        created_at: at,
        updated_at: at,
      };
    });
}

/** Who a result's critical value goes to (the ordering provider and organization), as queue.ts reads them. */
export type RecipientsOf = (result: DemoResultRow) => CriticalRecipients;

const NOTICE_SENT_AFTER_MS = 60_000;

/**
 * The first notices of each critical value (round 0, purpose critical), sent a minute after
 * the result arrived by every channel criticalNotifications() plans: the in-app alert, the
 * provider's and organization's emails and faxes. The alert stays open, so the distribution
 * queue escalates it again while the demo runs, as it would on a real stack.
 */
export function demoCriticalNotices(results: readonly DemoResultRow[], recipientsOf: RecipientsOf): SqlRow[] {
  return results
    .filter((result) => result.critical === true)
    .flatMap((result) => {
      const received = result.received_at as string;
      const sentAt = live(new Date(Date.parse(received) + NOTICE_SENT_AFTER_MS).toISOString());
      return criticalNotifications(recipientsOf(result)).map((send): SqlRow => ({
        id: seedUuid(`distribution:critical:${result.id as string}:${send.channel}:${send.recipient}`),
        result_id: result.id as string,
        provider_id: result.provider_id as string,
        alert_id: seedUuid(`alert:critical:${result.id as string}`),
        purpose: 'critical',
        round: 0,
        channel: send.channel,
        recipient: send.recipient,
        recipient_name: send.recipientName,
        report_format: 'comprehensive',
        result_received_at: live(received),
        status: 'sent',
        attempts: 1,
        next_attempt_at: sentAt,
        sent_at: sentAt,
        created_at: live(received),
        updated_at: sentAt,
      }));
    });
}

/** A glucose result for requisition R-0-9999, which no order has: "Unknown placer order number". */
/**
 * The result queue of the demo: a result for a requisition number nobody knows, and one for
 * a known order that names another patient (both identities side by side, as lis-inbound
 * keeps them), so staff see each kind of decision the queue asks of them.
 */
export function demoUnmatchedResults(receivedAt: string, mismatch: { orderId: string; requisition: string; orderPatient: string }): SqlRow[] {
  const stamp = receivedAt.replace(/\D/g, '').slice(0, 14);
  const message = [
    `MSH|^~\\&|DEMO-LIS|DEMO-LAB|LABLINK|LABLINK|${stamp}||ORU^R01^ORU_R01|DEMO-UNMATCHED-1|P|2.5.1`,
    'PID|1||PT-UNKNOWN^^^DEMO-LAB||Marsh^Evelyn||19620214|F',
    `OBR|1|R-0-9999|SIM-9999-1|GLU^Glucose^L|||${stamp}|||||||||||||||${stamp}||CH|F`,
    'OBX|1|NM|2345-7^Glucose [Mass/volume] in Serum or Plasma^LN||98|mg/dL|70-99|N|||F',
  ].join('\r');
  const other = [
    `MSH|^~\\&|DEMO-LIS|DEMO-LAB|LABLINK|LABLINK|${stamp}||ORU^R01^ORU_R01|DEMO-MISMATCH-1|P|2.5.1`,
    'PID|1||P-9-0417^^^LABLINK^MR||Doe^Jane||19800101|F',
    `OBR|1|${mismatch.requisition}|SIM-0417-1|GLU^Glucose^L|||${stamp}|||||||||||||||${stamp}||CH|F`,
    'OBX|1|NM|2345-7^Glucose [Mass/volume] in Serum or Plasma^LN||104|mg/dL|70-99|H|||F',
  ].join('\r');
  const mismatchText = `PID-3: Order ${mismatch.requisition} is for ${mismatch.orderPatient}; the result names DOE, JANE 1980-01-01 (the patient identifiers differ)`;
  return [
    {
      id: seedUuid('result-inbox-error:unmatched'),
      received_at: live(receivedAt),
      control_id: 'DEMO-UNMATCHED-1',
      placer_order_number: 'R-0-9999',
      patient_name: 'Marsh, Evelyn',
      error: 'OBR[1]-2: Unknown placer order number R-0-9999',
      error_location: 'OBR[1]-2',
      message,
      status: 'open',
      kind: 'unknown_order',
      dedupe_key: 'msh:DEMO-LIS|DEMO-LAB|DEMO-UNMATCHED-1',
      last_received_at: live(receivedAt),
      candidate_order_id: null,
      order_patient: null,
      message_patient: 'MARSH, EVELYN 1962-02-14',
    },
    {
      id: seedUuid('result-inbox-error:mismatch'),
      received_at: live(receivedAt),
      control_id: 'DEMO-MISMATCH-1',
      placer_order_number: mismatch.requisition,
      patient_name: 'Doe, Jane',
      error: mismatchText,
      error_location: 'PID-3',
      message: other,
      status: 'open',
      kind: 'patient_mismatch',
      dedupe_key: 'msh:DEMO-LIS|DEMO-LAB|DEMO-MISMATCH-1',
      last_received_at: live(receivedAt),
      candidate_order_id: mismatch.orderId,
      order_patient: mismatch.orderPatient,
      message_patient: 'DOE, JANE 1980-01-01',
    },
  ];
}
