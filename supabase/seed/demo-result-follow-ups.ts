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
export function demoUnmatchedResults(receivedAt: string): SqlRow[] {
  const stamp = receivedAt.replace(/\D/g, '').slice(0, 14);
  const message = [
    `MSH|^~\\&|DEMO-LIS|DEMO-LAB|LABLINK|LABLINK|${stamp}||ORU^R01^ORU_R01|DEMO-UNMATCHED-1|P|2.5.1`,
    'PID|1||PT-UNKNOWN^^^DEMO-LAB||Marsh^Evelyn||19620214|F',
    `OBR|1|R-0-9999|SIM-9999-1|GLU^Glucose^L|||${stamp}|||||||||||||||${stamp}||CH|F`,
    'OBX|1|NM|2345-7^Glucose [Mass/volume] in Serum or Plasma^LN||98|mg/dL|70-99|N|||F',
  ].join('\r');
  return [
    {
      id: seedUuid('result-inbox-error:unmatched'),
      received_at: live(receivedAt),
      control_id: 'DEMO-UNMATCHED-1',
      placer_order_number: 'R-0-9999',
      patient_name: 'Marsh, Evelyn',
      error: 'Unknown placer order number R-0-9999',
      error_location: 'OBR[1]-2',
      message,
      status: 'open',
    },
  ];
}
