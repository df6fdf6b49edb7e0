import { describe, expect, it } from 'vitest';
import type { AlertDoc } from '../../db/index.ts';
import { OPEN_CRITICAL_VALUES, openCriticalResultId, openCriticalResultIds } from './critical-values.ts';

type AlertPart = Pick<AlertDoc, 'kind' | 'acknowledged_at' | 'details'>;

const alert = (over: Partial<AlertPart>): AlertPart => ({
  kind: 'critical_value',
  acknowledged_at: null,
  details: { result_id: 'r1' },
  ...over,
});

describe('critical values not yet acknowledged', () => {
  it('counts an open critical_value alert by its result, and nothing else', () => {
    expect(openCriticalResultId(alert({}))).toBe('r1');
    expect(openCriticalResultId(alert({ acknowledged_at: '2026-11-26T04:00:00Z' }))).toBeNull();
    expect(openCriticalResultId(alert({ kind: 'pecos_lost' }))).toBeNull();
    expect(openCriticalResultId(alert({ details: {} }))).toBeNull();
    expect(openCriticalResultId(alert({ details: null }))).toBeNull();
  });

  it('names each result once however many open alerts it has (the figure equals the filtered inbox)', () => {
    const ids = openCriticalResultIds([alert({}), alert({}), alert({ details: { result_id: 'r2' } }), alert({ details: { result_id: 'r3' }, acknowledged_at: '2026-11-26T04:00:00Z' })]);
    expect([...ids].sort()).toEqual(['r1', 'r2']);
    expect(OPEN_CRITICAL_VALUES.collection).toBe('alerts');
  });
});
