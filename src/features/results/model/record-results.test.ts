import { describe, expect, it } from 'vitest';
import type { ResultDoc } from '../../../db/index.ts';
import { resultsOfRecord } from './record-results.ts';

function result(id: string, fields: Partial<ResultDoc>): ResultDoc {
  return { id, order_id: 'o1', patient_id: 'p1', critical: false, abnormal: false, received_at: '2026-11-20T10:00:00Z', ...fields } as ResultDoc;
}

describe('results of an order or a patient', () => {
  const results = [
    result('normal-new', { received_at: '2026-11-25T10:00:00Z' }),
    result('abnormal-old', { abnormal: true, received_at: '2026-11-01T10:00:00Z' }),
    result('critical', { critical: true, abnormal: true }),
    result('normal-old', { received_at: '2026-11-02T10:00:00Z' }),
    result('other-order', { order_id: 'o2', critical: true, received_at: '2026-11-19T10:00:00Z' }),
    result('other-patient', { order_id: 'o3', patient_id: 'p2' }),
  ];

  it("lists an order's own results, critical first, then abnormal, then newest received", () => {
    expect(resultsOfRecord(results, { orderId: 'o1' }).map((row) => row.id)).toEqual(['critical', 'abnormal-old', 'normal-new', 'normal-old']);
  });

  it("lists all of a patient's results across their orders, and nobody else's", () => {
    expect(resultsOfRecord(results, { patientId: 'p1' }).map((row) => row.id)).toEqual(['critical', 'other-order', 'abnormal-old', 'normal-new', 'normal-old']);
    expect(resultsOfRecord(results, { patientId: 'p2' }).map((row) => row.id)).toEqual(['other-patient']);
  });
});
