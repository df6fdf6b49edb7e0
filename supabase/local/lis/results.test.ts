import { describe, expect, it } from 'vitest';
import { buildOrm } from '../../functions/_shared/hl7/orm.ts';
import { parseOrm } from '../../functions/_shared/hl7/orm-parse.ts';
import { parseOru } from '../../functions/_shared/hl7/oru-parse.ts';
import { SAMPLE_ORDER } from '../../functions/_shared/hl7/test-data.ts';
import { checkV251 } from '../../functions/_shared/hl7/testing/v251-conformance.ts';
import { catalogFor, DEMO_TESTS, referenceRange } from './catalog.ts';
import { resultsFor, type Outcome } from './results.ts';

const ORDER = parseOrm(buildOrm({ ...SAMPLE_ORDER, billTo: 'client', diagnoses: [], tests: DEMO_TESTS.map((t) => ({ code: t.code, name: t.name })) }));
const NOW = new Date('2026-11-26T13:00:00Z');

function run(outcome: Outcome, controlId = 'LIS1') {
  return parseOru(resultsFor(ORDER, { catalog: catalogFor(null), outcome, controlId, accession: 'A1', application: 'SIMLIS', facility: 'LAB', now: NOW, includeReport: false }));
}

function numeric(result: ReturnType<typeof run>) {
  return result.orders.flatMap((o) => o.observations).map((o) => {
    const analyte = DEMO_TESTS.flatMap((t) => t.analytes).find((a) => a.loinc === o.code)!;
    return { o, analyte };
  });
}

describe('simulated results', () => {
  it('reports every analyte of every ordered test, LOINC-coded with units and ranges', () => {
    const result = run('normal');
    expect(result.orders.map((o) => o.testCode)).toEqual(DEMO_TESTS.map((t) => t.code));
    for (const { o, analyte } of numeric(result)) {
      expect(o).toMatchObject({ valueType: 'NM', codeSystem: 'LN', units: analyte.units, referenceRange: referenceRange(analyte), status: 'F', observedAt: NOW.toISOString() });
    }
  });

  it('keeps normal values inside their interval, without flags', () => {
    for (const { o, analyte } of numeric(run('normal'))) {
      expect(o.abnormalFlags).toEqual([]);
      if (analyte.low !== undefined) expect(o.numericValue!).toBeGreaterThanOrEqual(analyte.low);
      if (analyte.high !== undefined) expect(o.numericValue!).toBeLessThanOrEqual(analyte.high);
    }
  });

  it('flags abnormal values H above and L below their interval, short of critical', () => {
    for (const { o, analyte } of numeric(run('abnormal'))) {
      const [flag] = o.abnormalFlags;
      expect(['H', 'L']).toContain(flag);
      if (flag === 'H') expect(o.numericValue!).toBeGreaterThan(analyte.high!);
      else expect(o.numericValue!).toBeLessThan(analyte.low!);
      if (analyte.criticalHigh !== undefined) expect(o.numericValue!).toBeLessThan(analyte.criticalHigh);
      if (analyte.criticalLow !== undefined) expect(o.numericValue!).toBeGreaterThan(analyte.criticalLow);
    }
  });

  it('makes exactly one critical value beyond its panic limit when asked', () => {
    const flagged = numeric(run('critical')).filter(({ o }) => o.abnormalFlags.length > 0);
    expect(flagged).toHaveLength(1);
    const [{ o, analyte }] = flagged as [(typeof flagged)[0]];
    expect(o.abnormalFlags).toEqual(['HH']);
    expect(o.numericValue!).toBeGreaterThan(analyte.criticalHigh!);
  });

  it('gives the same random values for the same control ID, others for another', () => {
    const values = (id: string) => numeric(run('random', id)).map(({ o }) => o.value);
    expect(values('LIS7')).toEqual(values('LIS7'));
    expect(values('LIS7')).not.toEqual(values('LIS8'));
  });

  it('reports a code it accepts without demo analytes as one text result', () => {
    const order = parseOrm(buildOrm({ ...SAMPLE_ORDER, billTo: 'client', diagnoses: [], tests: [{ code: 'ZINC', name: 'Zinc, serum' }] }));
    const oru = parseOru(resultsFor(order, { catalog: catalogFor(['ZINC']), outcome: 'random', controlId: 'L2', accession: 'A2', application: 'SIMLIS', facility: 'LAB', now: NOW, includeReport: true }));
    expect(oru.orders[0]!.observations.map((o) => [o.code, o.codeSystem, o.value ?? o.attachment?.mediaType])).toEqual([
      ['ZINC', 'L', 'Completed; see report'],
      ['11502-2', 'LN', 'application/pdf'],
    ]);
  });

  it('reports what a strict v2.5.1 validator accepts, its PDF report coded LOINC 11502-2 within ED’s rules', () => {
    const order = parseOrm(buildOrm({ ...SAMPLE_ORDER, billTo: 'client', diagnoses: [], tests: DEMO_TESTS.map((t) => ({ code: t.code, name: t.name })) }));
    const text = resultsFor(order, { catalog: catalogFor(null), outcome: 'random', controlId: 'L3', accession: 'A3', application: 'SIMLIS', facility: 'LAB', now: NOW, includeReport: true });
    expect(checkV251(text)).toEqual([]);
    expect(text).toMatch(/\rOBX\|\d+\|ED\|11502-2\^Laboratory report\^LN\|\|\^AP\^Octet-stream\^Base64\^JVBERi0/);
  });

  it('prints reference intervals as laboratories do', () => {
    expect(referenceRange({ loinc: '', name: '', units: '', low: 4, high: 5.6, decimals: 1 })).toBe('4.0-5.6');
    expect(referenceRange({ loinc: '', name: '', units: '', high: 199, decimals: 0 })).toBe('<200');
    expect(referenceRange({ loinc: '', name: '', units: '', low: 40, decimals: 0 })).toBe('>39');
  });
});
