import { describe, expect, it } from 'vitest';
import { filterResults, unreviewedCount, type ResultListRow } from './result-inbox.ts';
import { parseRange, previousValues, testHistories } from './result-history.ts';
import { reportView } from '../../../lib/results/index.ts';

function row(id: string, over: Partial<ResultListRow> = {}): ResultListRow {
  return {
    id, testCode: 'BMP', testName: 'Basic metabolic panel', requisitionNumber: 'R-1-0001', status: 'final', abnormal: false, critical: false, criticalOpen: false,
    receivedAt: '2026-11-20T10:00:00Z', reviewedAt: null, seenAt: null, providerId: 'p1', patientName: 'Doe, Jane', patientId: 'P-1-0001', providerName: 'Smith, Ann', ...over,
  };
}

describe('the results inbox', () => {
  const rows = [
    row('old-normal', { receivedAt: '2026-11-19T10:00:00Z' }),
    row('new-normal', { receivedAt: '2026-11-21T10:00:00Z' }),
    row('abnormal', { abnormal: true }),
    row('critical', { abnormal: true, critical: true, receivedAt: '2026-11-18T10:00:00Z' }),
    row('signed', { critical: true, reviewedAt: '2026-11-21T11:00:00Z' }),
    row('seen-abnormal', { abnormal: true, seenAt: '2026-11-21T11:00:00Z', patientName: 'Roe, Rich' }),
  ];

  it('shows unreviewed results, critical then abnormal then unseen first, newest first within', () => {
    expect(filterResults(rows, { review: 'unreviewed', flag: 'all', provider: '' }, '').map((r) => r.id)).toEqual(['critical', 'abnormal', 'seen-abnormal', 'new-normal', 'old-normal']);
    expect(filterResults(rows, { review: 'all', flag: 'all', provider: '' }, '').at(-1)?.id).toBe('signed');
    expect(filterResults(rows, { review: 'reviewed', flag: 'all', provider: '' }, '').map((r) => r.id)).toEqual(['signed']);
  });

  it('filters by flag, provider and the search words', () => {
    expect(filterResults(rows, { review: 'all', flag: 'critical', provider: '' }, '').map((r) => r.id)).toEqual(['critical', 'signed']);
    expect(filterResults(rows, { review: 'unreviewed', flag: 'abnormal', provider: '' }, 'roe').map((r) => r.id)).toEqual(['seen-abnormal']);
    expect(filterResults(rows, { review: 'all', flag: 'all', provider: 'p2' }, '')).toEqual([]);
    expect(unreviewedCount([{ reviewed_at: null }, { reviewed_at: '2026-11-21' }])).toBe(1);
  });

  it('filters the results nobody has opened yet (a provider\'s unread results)', () => {
    expect(filterResults(rows, { review: 'unread', flag: 'all', provider: '' }, '').map((r) => r.id)).toEqual(['critical', 'abnormal', 'new-normal', 'old-normal']);
  });

  it('filters the critical values nobody has acknowledged (the dashboard\'s loud figure), signed off or not', () => {
    const withOpen = [...rows, row('open-critical', { critical: true, criticalOpen: true }), row('open-signed', { critical: true, criticalOpen: true, reviewedAt: '2026-11-21T12:00:00Z' })];
    expect(filterResults(withOpen, { review: 'all', flag: 'unacknowledged', provider: '' }, '').map((r) => r.id)).toEqual(['open-critical', 'open-signed']);
    expect(filterResults(withOpen, { review: 'unreviewed', flag: 'unacknowledged', provider: '' }, '').map((r) => r.id)).toEqual(['open-critical']);
  });
});

const obs = (code: string, value: number, flags: string[] = [], at = '2026-11-20T10:00:00Z', range = '70-99') => ({
  set_id: 1, code, system: 'LN', text: code === 'GLU' ? 'Glucose' : 'Potassium', value_type: 'NM', value: String(value), numeric_value: value,
  units: 'mg/dL', reference_range: range, flags, status: 'F', observed_at: at, comments: ['note'],
});

describe('report formats', () => {
  const observations = [obs('GLU', 250, ['HH']), obs('K', 80, ['N'])];
  const previous = new Map([['GLU', { value: '120 mg/dL', at: '2026-10-01T00:00:00Z' }]]);

  it('summary: abnormal observations only, the normal ones counted, no status, previous values or comments', () => {
    const view = reportView('summary', observations, previous);
    expect(view.lines.map((l) => [l.code, l.critical, l.previous, l.comments])).toEqual([['GLU', true, null, []]]);
    expect(view).toMatchObject({ normalCount: 1, showStatus: false, showPrevious: false, showComments: false, showReport: false });
  });

  it('comprehensive: every observation with status; the plus formats add previous values, comments and (comprehensive_plus) the report', () => {
    expect(reportView('comprehensive', observations).lines.map((l) => l.code)).toEqual(['GLU', 'K']);
    expect(reportView('comprehensive', observations)).toMatchObject({ normalCount: 0, showStatus: true, showPrevious: false });
    const summaryPlus = reportView('summary_plus', observations, previous);
    expect(summaryPlus.lines.map((l) => [l.code, l.previous?.value, l.comments])).toEqual([['GLU', '120 mg/dL', ['note']]]);
    expect(reportView('comprehensive_plus', observations, previous)).toMatchObject({ normalCount: 0, showStatus: true, showPrevious: true, showComments: true, showReport: true });
  });
});

describe("a patient's history", () => {
  const results = [
    { id: 'a', collected_at: null, received_at: '2026-11-01T00:00:00Z', observations: [obs('GLU', 110, ['H'], '2026-11-01T00:00:00Z', '70-100')] },
    { id: 'b', collected_at: null, received_at: '2026-11-20T00:00:00Z', observations: [obs('GLU', 250, ['HH'], '2026-11-20T00:00:00Z'), obs('K', 4, [], '2026-11-20T00:00:00Z', '3.5-5.1')] },
  ];

  it('charts each numeric test in time order with the latest reference range', () => {
    expect(testHistories(results, ['GLU'])).toEqual([
      { code: 'GLU', name: 'Glucose', units: 'mg/dL', low: 70, high: 99, points: [
        { at: '2026-11-01T00:00:00Z', value: 110, flags: ['H'] },
        { at: '2026-11-20T00:00:00Z', value: 250, flags: ['HH'] },
      ] },
    ]);
  });

  it('reads ranges and finds the previous value of each observation', () => {
    expect([parseRange('70-99'), parseRange('<200'), parseRange('>39'), parseRange('Negative')]).toEqual([
      { low: 70, high: 99 }, { low: null, high: 200 }, { low: 39, high: null }, { low: null, high: null },
    ]);
    expect(previousValues(results[1]!, results)).toEqual(new Map([['GLU', { value: '110 mg/dL', at: '2026-11-01T00:00:00Z' }]]));
  });
});
