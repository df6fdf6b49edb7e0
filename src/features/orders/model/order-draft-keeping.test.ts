import { describe, expect, it } from 'vitest';
import { emptyDraft } from './order-draft.ts';
import { isUntouchedOrder, reviveOrderDraft } from './order-draft-keeping.ts';

describe('an order’s draft', () => {
  it('is worth keeping once anything is entered, not for the prefilled collection time alone', () => {
    const empty = emptyDraft(new Date('2026-11-29T10:00:00Z'));
    expect(isUntouchedOrder(empty)).toBe(true);
    expect(isUntouchedOrder({ ...empty, collectedAt: '2026-11-28T08:30' })).toBe(true);
    expect(isUntouchedOrder({ ...empty, organizationId: 'o1' })).toBe(false);
    expect(isUntouchedOrder({ ...empty, comments: 'Fasting since 8 pm' })).toBe(false);
    expect(isUntouchedOrder({ ...empty, answers: { 'GLU:FASTING': 'yes' } })).toBe(false);
  });

  it('is read back field by field: what an older or damaged draft lacks or holds wrong comes from the empty order', () => {
    const initial = emptyDraft(new Date('2026-11-29T10:00:00Z'));
    const kept = { ...initial, organizationId: 'o1', tests: ['GLU', 'LIPID'], answers: { 'GLU:FASTING': 'yes' }, priority: 'stat' };
    expect(reviveOrderDraft(JSON.parse(JSON.stringify(kept)), initial)).toEqual(kept);
    const damaged = reviveOrderDraft({ organizationId: 'o1', tests: 'GLU', answers: null, comments: 7, retired_field: true }, initial);
    expect(damaged).toEqual({ ...initial, organizationId: 'o1' });
    expect(reviveOrderDraft('not an order', initial)).toBeNull();
    expect(reviveOrderDraft(null, initial)).toBeNull();
  });
});
