import { describe, expect, it } from 'vitest';
import { parseOru } from '../hl7/oru-parse.ts';
import { buildOru } from '../hl7/oru-build.ts';
import { SAMPLE_PDF } from '../hl7/test-data.ts';
import { isAbnormalFlag, orderStatusAfter, reportOf, resultRowFields, resultStatusOf } from './result-rows.ts';

const message = buildOru({
  controlId: 'C1',
  sentAt: '2026-11-20T15:00:00Z',
  sender: { application: 'SIMLIS', facility: 'LAB' },
  receiver: { application: 'LABLINK', facility: 'CLIENT' },
  patient: { id: 'P-1', lastName: 'Doe', firstName: 'Jane' },
  orders: [{
    placerOrderNumber: 'R-1-0001', fillerOrderNumber: 'F1', testCode: 'BMP', testName: 'Basic metabolic panel', resultStatus: 'C',
    collectedAt: '2026-11-20T14:00:00Z',
    observations: [
      { valueType: 'NM', code: '2345-7', codeText: 'Glucose', value: '45', units: 'mg/dL', referenceRange: '70-99', abnormalFlags: ['LL'], status: 'C' },
      { valueType: 'NM', code: '2823-3', codeText: 'Potassium', value: '4.2', units: 'mmol/L', referenceRange: '3.5-5.1', abnormalFlags: ['N'], status: 'F' },
      { valueType: 'ED', code: '11502-2', codeText: 'Report', value: { mediaType: 'application/pdf', data: SAMPLE_PDF }, status: 'F' },
    ],
  }],
});

describe('results rows from an ORU^R01', () => {
  const order = parseOru(message).orders[0]!;

  it('keeps each observation (not the report) with code, system, value, units, range, flags, status and time', () => {
    const fields = resultRowFields(order);
    expect(fields).toMatchObject({ test_code: 'BMP', test_name: 'Basic metabolic panel', filler_order_number: 'F1', status: 'corrected', abnormal: true, critical: true });
    expect(fields.observations).toEqual([
      { set_id: 1, code: '2345-7', system: 'LN', text: 'Glucose', value_type: 'NM', value: '45', numeric_value: 45, units: 'mg/dL', reference_range: '70-99', flags: ['LL'], status: 'C', observed_at: '2026-11-20T14:00:00.000Z', comments: [] },
      expect.objectContaining({ code: '2823-3', flags: ['N'], status: 'F' }),
    ]);
    expect(reportOf(order)).toEqual(SAMPLE_PDF);
  });

  it('reads the status: corrected over final over preliminary', () => {
    expect(resultStatusOf(['F', 'C'])).toBe('corrected');
    expect(resultStatusOf(['F', 'F'])).toBe('final');
    expect(resultStatusOf(['F', 'P'])).toBe('preliminary');
    expect(resultStatusOf([])).toBe('preliminary');
  });

  it('counts N and NEG as normal, H/L/A as abnormal', () => {
    expect(['N', 'NEG', ''].map(isAbnormalFlag)).toEqual([false, false, false]);
    expect(['H', 'L', 'A', 'HH', 'POS'].map(isAbnormalFlag)).toEqual([true, true, true, true, true]);
  });

  it('moves the order to resulted only when every ordered test is final or corrected', () => {
    expect(orderStatusAfter(['A', 'B'], [{ test_code: 'A', status: 'final' }])).toBe('in_progress');
    expect(orderStatusAfter(['A', 'B'], [{ test_code: 'A', status: 'final' }, { test_code: 'B', status: 'preliminary' }])).toBe('in_progress');
    expect(orderStatusAfter(['A', 'B'], [{ test_code: 'A', status: 'final' }, { test_code: 'B', status: 'corrected' }])).toBe('resulted');
    expect(orderStatusAfter([], [])).toBe('in_progress');
  });
});
