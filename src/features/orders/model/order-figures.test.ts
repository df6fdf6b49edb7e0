import { describe, expect, it } from 'vitest';
import { orderFigures, type FigureOrder } from './order-figures.ts';

const NOW = new Date('2026-11-26T15:00:00Z');

function order(overrides: Partial<FigureOrder>): FigureOrder {
  return { status: 'submitted', priority: 'routine', collected_at: '2026-11-26T09:00:00Z', created_at: '2026-11-26T09:00:00Z', local_dirty: false, abn: null, ...overrides };
}

describe('the dashboard order figures', () => {
  it('counts today by status, STAT not yet received, waiting to send and unsigned ABNs', () => {
    const figures = orderFigures(
      [
        order({}),
        order({ priority: 'stat' }),
        order({ priority: 'stat', status: 'received' }),
        order({ status: 'draft', local_dirty: true }),
        order({ status: 'resulted', collected_at: '2026-11-25T09:00:00Z' }),
        order({ abn: { option: null, signature: '', tests: ['PSA'] } }),
        order({ status: 'cancelled', abn: { option: null, signature: '', tests: ['PSA'] } }),
        order({ collected_at: null, created_at: '2026-11-26T01:00:00Z', status: 'in_progress' }),
      ],
      NOW,
    );
    expect(figures.today).toBe('2026-11-26');
    expect(figures.todayByStatus).toEqual({ draft: 1, submitted: 3, received: 1, in_progress: 1, resulted: 0, cancelled: 1 });
    expect(figures.statNotReceived).toBe(1);
    expect(figures.waitingToSend).toBe(1);
    expect(figures.abnUnsigned).toBe(1);
  });

  it('gives the last 30 days oldest first, leaving cancelled orders and older days out', () => {
    const figures = orderFigures([order({}), order({ collected_at: '2026-10-28T10:00:00Z' }), order({ collected_at: '2026-10-27T10:00:00Z' }), order({ status: 'cancelled' })], NOW);
    expect(figures.perDay).toHaveLength(30);
    expect(figures.perDay[0]).toEqual({ day: '2026-10-28', count: 1 });
    expect(figures.perDay[29]).toEqual({ day: '2026-11-26', count: 1 });
    expect(figures.perDay.reduce((sum, entry) => sum + entry.count, 0)).toBe(2);
  });
});
