import { describe, expect, it } from 'vitest';
import { ordersByStatus } from './my-orders-card.tsx';

describe("a provider's orders by status", () => {
  it('counts each status, unknown ones left out', () => {
    const counts = ordersByStatus([{ status: 'submitted' }, { status: 'submitted' }, { status: 'resulted' }, { status: 'cancelled' }, { status: 'lost' }]);
    expect(counts).toEqual({ draft: 0, submitted: 2, received: 0, in_progress: 0, resulted: 1, cancelled: 1 });
  });
});
