/**
 * The results the simulated laboratory reports for an accepted order: per ordered test the
 * analytes of its catalog entry, LOINC-coded, with units and reference intervals, values
 * mostly normal, some high or low and now and then critical (`random`, seeded by the
 * order's control ID so a rerun gives the same values), or all of one kind when a test
 * asks for it (`normal`, `abnormal`, `critical`); plus the laboratory's PDF report.
 */
import { buildOru, REPORT_LOINC, type ObservationInput, type ResultOrderInput } from '../../functions/_shared/hl7/oru-build.ts';
import type { ReceivedOrder } from '../../functions/_shared/hl7/orm-parse.ts';
import type { AbnormalFlag } from '../../functions/_shared/hl7/result-types.ts';
import { createRng, type Rng } from '../simulator/prng.ts';
import { referenceRange, type Analyte, type LabTest } from './catalog.ts';
import { reportPdf } from './report-pdf.ts';

export const OUTCOMES = ['random', 'normal', 'abnormal', 'critical'] as const;
export type Outcome = (typeof OUTCOMES)[number];
type Kind = 'normal' | 'abnormal' | 'critical';

export interface ResultOptions {
  catalog: ReadonlyMap<string, LabTest>;
  outcome: Outcome;
  controlId: string;
  accession: string;
  application: string;
  facility: string;
  now: Date;
  includeReport: boolean;
}

function seed(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}

function between(rng: Rng, low: number, high: number): number {
  return low + rng.next() * (high - low);
}

function value(analyte: Analyte, kind: Kind, rng: Rng): { value: number; flag: AbnormalFlag | null } {
  const low = analyte.low ?? (analyte.high ?? 1) * 0.4;
  const high = analyte.high ?? (analyte.low ?? 1) * 1.6;
  if (kind === 'critical') {
    if (analyte.criticalHigh !== undefined) return { value: analyte.criticalHigh * between(rng, 1.05, 1.3), flag: 'HH' };
    if (analyte.criticalLow !== undefined) return { value: analyte.criticalLow * between(rng, 0.6, 0.9), flag: 'LL' };
    return { value: high * between(rng, 2.5, 3.5), flag: 'HH' };
  }
  if (kind === 'abnormal') {
    const canGoLow = analyte.low !== undefined && analyte.low > 0;
    const goHigh = analyte.high !== undefined && (!canGoLow || rng.chance(0.6));
    if (goHigh) {
      const ceiling = analyte.criticalHigh !== undefined ? analyte.criticalHigh * 0.95 : high * 1.6;
      return { value: between(rng, high * 1.08, Math.max(high * 1.1, ceiling)), flag: 'H' };
    }
    const floor = analyte.criticalLow !== undefined ? analyte.criticalLow * 1.05 : low * 0.5;
    return { value: between(rng, Math.min(floor, low * 0.9), low * 0.92), flag: 'L' };
  }
  return { value: between(rng, low + (high - low) * 0.1, high - (high - low) * 0.1), flag: null };
}

function kindFor(outcome: Outcome, rng: Rng, analyte: Analyte, isFirstCritical: boolean): Kind {
  if (outcome === 'normal') return 'normal';
  if (outcome === 'abnormal') return 'abnormal';
  if (outcome === 'critical') return isFirstCritical ? 'critical' : 'normal';
  const roll = rng.next();
  const canBeCritical = analyte.criticalHigh !== undefined || analyte.criticalLow !== undefined;
  if (roll < 0.03 && canBeCritical) return 'critical';
  return roll < 0.2 ? 'abnormal' : 'normal';
}

function observations(test: LabTest, outcome: Outcome, rng: Rng, critical: Analyte | null, now: Date): ObservationInput[] {
  if (test.analytes.length === 0) {
    return [{ valueType: 'ST', code: test.code, codeText: test.name, codeSystem: 'L', value: 'Completed; see report', status: 'F', observedAt: now }];
  }
  return test.analytes.map((analyte) => {
    const result = value(analyte, kindFor(outcome, rng, analyte, analyte === critical), rng);
    return {
      valueType: 'NM',
      code: analyte.loinc,
      codeText: analyte.name,
      value: Math.max(0, result.value).toFixed(analyte.decimals),
      units: analyte.units,
      referenceRange: referenceRange(analyte),
      abnormalFlags: result.flag ? [result.flag] : [],
      status: 'F',
      observedAt: now,
    };
  });
}

/** The ORU^R01 (text) reporting every new test of an accepted order. */
export function resultsFor(order: ReceivedOrder, options: ResultOptions): string {
  const rng = createRng(seed(options.controlId));
  const tests = order.tests.filter((t) => t.orderControl === 'NW');
  const labTests = tests.map((t) => options.catalog.get(t.code) ?? { code: t.code, name: t.name || t.code, analytes: [] });
  const critical = labTests.flatMap((t) => t.analytes).find((a) => a.criticalHigh !== undefined || a.criticalLow !== undefined) ?? labTests[0]?.analytes[0] ?? null;
  const orders: ResultOrderInput[] = tests.map((test, i) => ({
    placerOrderNumber: test.placerOrderNumber,
    placerNamespace: order.sender.application,
    fillerOrderNumber: `${options.accession}-${i + 1}`,
    fillerNamespace: options.application,
    testCode: test.code,
    testName: labTests[i]!.name,
    resultStatus: 'F',
    collectedAt: test.collectedAt ?? options.now,
    resultedAt: options.now,
    observations: observations(labTests[i]!, options.outcome, rng, critical, options.now),
  }));
  const first = orders[0];
  if (options.includeReport && first) {
    const lines = orders.flatMap((o) => [
      `${o.testName} (${o.testCode})`,
      ...o.observations.map((obs) => `  ${obs.codeText}: ${typeof obs.value === 'string' ? obs.value : ''} ${obs.units ?? ''} ${obs.referenceRange ?? ''} ${(obs.abnormalFlags ?? []).join(' ')}`),
    ]);
    const pdf = reportPdf(`Laboratory report ${options.accession} - ${order.patient.lastName}, ${order.patient.firstName}`, [
      `Requisition ${tests[0]?.placerOrderNumber ?? ''}   DOB ${order.patient.birthDate}`,
      '',
      ...lines,
    ]);
    // Coded as real laboratories code their report: LOINC 11502-2, an ED within v2.5.1's rules.
    first.observations = [
      ...first.observations,
      { valueType: 'ED', code: REPORT_LOINC, codeText: 'Laboratory report', codeSystem: 'LN', value: { mediaType: 'application/pdf', data: pdf }, status: 'F', observedAt: options.now },
    ];
  }
  return buildOru({
    controlId: options.controlId,
    sentAt: options.now,
    sender: { application: options.application, facility: options.facility },
    receiver: order.sender,
    processingId: order.processingId === 'T' ? 'T' : 'P',
    patient: { id: order.patient.id, authority: order.sender.application, lastName: order.patient.lastName, firstName: order.patient.firstName, birthDate: order.patient.birthDate, sex: ['F', 'M', 'O', 'U'].includes(order.patient.sex) ? (order.patient.sex as 'F') : 'U' },
    orders,
  });
}
