/**
 * The demo laboratory's results (issue 32): what the laboratory reported for the demo orders
 * that are resulted or in progress, so /results shows real rows on `npm start` — final and
 * preliminary, normal, abnormal and one critical potassium — none yet signed off. Dated live
with their orders (render-sql.ts live()). Written as
 * lis-inbound writes them (_shared/results/result-rows.ts).
 */
import { isCriticalFlag } from '../functions/_shared/hl7/result-types.ts';
import { isAbnormalFlag, type StoredObservation } from '../functions/_shared/results/result-rows.ts';
import { SEED_NOW, seedUuid } from './ids.ts';

type Analyte = [code: string, text: string, value: number, units: string, range: string, flag: string];

// Per demo test code: the analytes reported (LOINC).
const REPORTED: Record<string, Analyte[]> = {
  HBA1C: [['4548-4', 'Hemoglobin A1c/Hemoglobin.total in Blood', 7.4, '%', '4.0-5.6', 'H']],
  LIPID: [
    ['2093-3', 'Cholesterol [Mass/volume] in Serum or Plasma', 212, 'mg/dL', '<200', 'H'],
    ['2571-8', 'Triglyceride [Mass/volume] in Serum or Plasma', 140, 'mg/dL', '<150', 'N'],
    ['2085-9', 'HDL Cholesterol', 48, 'mg/dL', '>39', 'N'],
    ['13457-7', 'LDL Cholesterol (calculated)', 136, 'mg/dL', '<100', 'H'],
  ],
  CBC: [
    ['6690-2', 'Leukocytes [#/volume] in Blood', 7.1, '10*3/uL', '4.0-10.5', 'N'],
    ['718-7', 'Hemoglobin [Mass/volume] in Blood', 11.2, 'g/dL', '12.0-15.5', 'L'],
    ['777-3', 'Platelets [#/volume] in Blood', 245, '10*3/uL', '150-400', 'N'],
  ],
  CMP: [
    ['2345-7', 'Glucose [Mass/volume] in Serum or Plasma', 104, 'mg/dL', '70-99', 'H'],
    ['2823-3', 'Potassium [Moles/volume] in Serum or Plasma', 6.4, 'mmol/L', '3.5-5.1', 'HH'],
    ['2951-2', 'Sodium [Moles/volume] in Serum or Plasma', 139, 'mmol/L', '136-145', 'N'],
    ['2160-0', 'Creatinine [Mass/volume] in Serum or Plasma', 1.0, 'mg/dL', '0.6-1.2', 'N'],
  ],
};

/**
 * How far an analyte stood from its reported value at a patient's earlier results of the same
 * test (index 1 = the visit before the latest, …): a slowly recovering hemoglobin, so the demo
 * has a series to chart. The flags stay true to the values (all still under 12.0 g/dL: L).
 */
const EARLIER_OFFSETS: Record<string, number[]> = {
  '718-7': [0, -0.6, -1.1],
};

/** Each result's place among the same patient's results of the same test, latest first. */
function visitRanks(orders: readonly OrderLike[]): Map<string, number> {
  const byPatientTest = new Map<string, OrderLike[]>();
  for (const order of orders) {
    for (const test of order.tests as Array<{ code: string }>) {
      const key = `${order.patient_id as string}:${test.code}`;
      byPatientTest.set(key, [...(byPatientTest.get(key) ?? []), order]);
    }
  }
  const ranks = new Map<string, number>();
  for (const [key, same] of byPatientTest) {
    const test = key.slice(key.lastIndexOf(':') + 1);
    [...same]
      .sort((a, b) => Date.parse(b.collected_at as string) - Date.parse(a.collected_at as string))
      .forEach((order, rank) => ranks.set(`${order.id as string}:${test}`, rank));
  }
  return ranks;
}

export interface DemoResultRow {
  [column: string]: string | boolean | null | object;
}

interface OrderLike {
  [column: string]: unknown;
}

export function demoResults(orders: readonly OrderLike[]): DemoResultRow[] {
  const rows: DemoResultRow[] = [];
  const ranks = visitRanks(orders.filter((order) => order.status === 'resulted' || order.status === 'in_progress'));
  for (const order of orders) {
    if (order.status !== 'resulted' && order.status !== 'in_progress') continue;
    const tests = order.tests as Array<{ code: string; name: string }>;
    const collected = order.collected_at as string;
    // Six hours after collection, or just before the seed runs for today's orders (never in the future).
    const received = new Date(Math.min(Date.parse(collected) + 6 * 3600_000, Date.parse(SEED_NOW) - 10 * 60_000)).toISOString();
    tests.forEach((test, index) => {
      // An order in progress has its last test still preliminary.
      const status = order.status === 'in_progress' && index === tests.length - 1 ? 'P' : 'F';
      const rank = ranks.get(`${order.id as string}:${test.code}`) ?? 0;
      const observations: StoredObservation[] = (REPORTED[test.code] ?? []).map(([code, text, reported, units, range, flag], i) => {
        const value = Math.round((reported + (EARLIER_OFFSETS[code]?.[rank] ?? 0)) * 10) / 10;
        return {
          set_id: i + 1, code, system: 'LN', text, value_type: 'NM', value: String(value), numeric_value: value, units,
          reference_range: range, flags: [flag], status, observed_at: collected, comments: [],
        };
      });
      const flags = observations.flatMap((o) => o.flags);
      rows.push({
        id: seedUuid(`result:${order.id as string}:${test.code}`),
        order_id: order.id as string,
        patient_id: order.patient_id as string,
        provider_id: order.provider_id as string,
        organization_id: order.organization_id as string,
        requisition_number: order.requisition_number as string,
        filler_order_number: `SIM-${(order.requisition_number as string).slice(-4)}-${index + 1}`,
        test_code: test.code,
        test_name: test.name,
        status: status === 'P' ? 'preliminary' : 'final',
        observations,
        abnormal: flags.some(isAbnormalFlag),
        critical: flags.some(isCriticalFlag),
        comments: [],
        collected_at: collected,
        resulted_at: received,
        received_at: received,
        report_path: null,
        control_id: null,
        created_at: received,
        updated_at: received,
      });
    });
  }
  return rows;
}
