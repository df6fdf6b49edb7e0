import { describe, expect, it } from 'vitest';
import { defaultBilling, defaultOrganizationId, defaultProviderId, enteredByUser, RECENT_ORDERS, type PastOrder } from './entry-defaults.ts';
import { isUntouchedOrder } from './order-draft-keeping.ts';
import { emptyDraft } from './order-draft.ts';

const ME = 'user-me';
let clock = 0;
function order(organization: string, provider: string, extra: Partial<PastOrder> = {}): PastOrder {
  clock += 1;
  return { organization_id: organization, provider_id: provider, created_by: ME, created_at: `2026-11-${String(1 + (clock % 28)).padStart(2, '0')}T${String(clock % 24).padStart(2, '0')}:00:00Z`, status: 'submitted', ...extra };
}
const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T09:00:00Z`;
const organizations = [{ id: 'org-a' }, { id: 'org-b' }, { id: 'org-c' }];
const EXCLUDED = { exclusion_status: 'excluded', exclusion_data: { matches: [{ status: 'confirmed', excl_type: '1128a1', excl_date: '2020-03-19' }] } };

describe('the organization a new order starts with', () => {
  it('is the only active organization, with or without orders', () => {
    expect(defaultOrganizationId([{ id: 'org-a' }], [], ME)).toBe('org-a');
    expect(defaultOrganizationId([{ id: 'org-a' }], [order('org-b', 'p1')], null)).toBe('org-a');
  });

  it('is the organization of most of the user’s recent orders; a tie goes to the most recent', () => {
    const orders = [
      order('org-b', 'p1', { created_at: at(3) }),
      order('org-c', 'p2', { created_at: at(4) }),
      order('org-b', 'p1', { created_at: at(5) }),
      order('org-c', 'p2', { created_at: at(6) }),
      order('org-a', 'p3', { created_at: at(1) }),
    ];
    expect(defaultOrganizationId(organizations, orders, ME)).toBe('org-c');
    expect(defaultOrganizationId(organizations, [...orders, order('org-b', 'p1', { created_at: at(2) })], ME)).toBe('org-b');
  });

  it('reads only the user’s own orders, not cancelled ones, and only organizations still offered', () => {
    const others = [order('org-a', 'p1', { created_by: 'someone-else' }), order('org-a', 'p1', { created_by: null })];
    expect(defaultOrganizationId(organizations, others, ME)).toBeNull();
    expect(defaultOrganizationId(organizations, [order('org-a', 'p1', { status: 'cancelled' })], ME)).toBeNull();
    expect(defaultOrganizationId(organizations, [order('org-gone', 'p1'), order('org-gone', 'p1'), order('org-b', 'p1')], ME)).toBe('org-b');
    expect(defaultOrganizationId(organizations, [order('org-a', 'p1')], null)).toBeNull();
  });

  it('follows the user’s latest orders only', () => {
    const old = Array.from({ length: 15 }, (_, i) => order('org-a', 'p1', { created_at: `2026-10-01T00:${String(i).padStart(2, '0')}:00Z` }));
    const recent = Array.from({ length: RECENT_ORDERS }, (_, i) => order(i % 2 === 0 ? 'org-b' : 'org-c', 'p1', { created_at: `2026-11-20T00:${String(i).padStart(2, '0')}:00Z` }));
    // 15 old ones for org-a would outnumber each of the others; only the latest 20 count.
    expect(defaultOrganizationId(organizations, [...old, ...recent], ME)).not.toBe('org-a');
  });
});

describe('the ordering provider a new order starts with', () => {
  it('is the organization’s only provider who may order', () => {
    expect(defaultProviderId([{ id: 'p1' }], [], ME, 'org-a')).toBe('p1');
    expect(defaultProviderId([{ id: 'p1' }, { id: 'p2', ...EXCLUDED }], [], ME, 'org-a')).toBe('p1');
  });

  it('is never a provider on the exclusion list, even the only one or the most used', () => {
    expect(defaultProviderId([{ id: 'p2', ...EXCLUDED }], [], ME, 'org-a')).toBeNull();
    expect(defaultProviderId([{ id: 'p1' }, { id: 'p2', ...EXCLUDED }, { id: 'p3' }], [order('org-a', 'p2'), order('org-a', 'p2')], ME, 'org-a')).toBeNull();
  });

  it('is the one of most of the user’s recent orders for this organization', () => {
    const providers = [{ id: 'p1' }, { id: 'p2' }, { id: 'p3' }];
    const orders = [order('org-a', 'p2'), order('org-b', 'p3'), order('org-b', 'p3'), order('org-a', 'p1'), order('org-a', 'p2')];
    expect(defaultProviderId(providers, orders, ME, 'org-a')).toBe('p2');
    expect(defaultProviderId(providers, orders, ME, 'org-b')).toBe('p3');
    expect(defaultProviderId(providers, orders, ME, 'org-c')).toBeNull();
    // A provider no longer among the organization's active providers is not chosen.
    expect(defaultProviderId([{ id: 'p1' }, { id: 'p3' }], orders, ME, 'org-a')).toBe('p1');
  });
});

describe('who pays, once the patient is chosen', () => {
  it('is the patient’s insurance, the primary coverage first', () => {
    expect(defaultBilling([{ rank: 'secondary', payer_type: 'commercial' }, { rank: 'primary', payer_type: 'medicare' }])).toEqual({ billing: 'insurance', coverageRank: 'primary' });
    expect(defaultBilling([{ rank: 'primary', payer_type: 'self_pay' }, { rank: 'secondary', payer_type: 'medicaid' }])).toEqual({ billing: 'insurance', coverageRank: 'secondary' });
  });

  it('is the patient when they pay themselves, and nobody (the user chooses) when nothing is on file', () => {
    expect(defaultBilling([{ rank: 'primary', payer_type: 'self_pay' }])).toEqual({ billing: 'patient', coverageRank: null });
    expect(defaultBilling([])).toEqual({ billing: null, coverageRank: null });
  });
});

describe('an order holding only the defaults', () => {
  const defaulted = { organizationId: 'org-a', providerId: 'p1' };
  const opened = { ...emptyDraft(), organizationId: 'org-a', providerId: 'p1' };

  it('is not one the user started (no draft is kept of it)', () => {
    expect(isUntouchedOrder(opened)).toBe(false);
    expect(isUntouchedOrder(enteredByUser(opened, defaulted))).toBe(true);
  });

  it('is one once the user changes a default or enters anything', () => {
    expect(isUntouchedOrder(enteredByUser({ ...opened, providerId: 'p2' }, defaulted))).toBe(false);
    expect(isUntouchedOrder(enteredByUser({ ...opened, patientId: 'patient-1' }, defaulted))).toBe(false);
    // What is kept is the whole order, defaults included.
    expect(enteredByUser({ ...opened, patientId: 'patient-1' }, { organizationId: null, providerId: null })).toMatchObject({ organizationId: 'org-a', providerId: 'p1' });
    // Chosen by the user (nothing by default): kept.
    expect(isUntouchedOrder(enteredByUser(opened, { organizationId: null, providerId: null }))).toBe(false);
  });
});
