import { describe, expect, it } from 'vitest';
import { SearchIndex } from '../../../lib/list/search-index.ts';
import { readUrlFilters } from '../../../lib/list/url-filters.ts';
import { abnAwaitsSignature, ORDER_FILTERS, ORDER_INDEX, orderFilterPredicate, type OrderListFilters, type OrderListRow } from './order-list.ts';

const ORG = '11111111-1111-4111-8111-111111111111';
function row(overrides: Partial<OrderListRow>): OrderListRow {
  return {
    id: 'x', requisition_number: 'R-1-0001', status: 'submitted', priority: 'routine', organization_id: ORG, provider_id: 'p1',
    collected_at: '2026-11-20T09:00:00Z', created_at: '2026-11-20T09:00:00Z', patientName: 'Whitfield, Eleanor', patientId: 'P-0-0001',
    providerName: 'Okafor, Ada', providerNpi: '1234567893', organizationName: 'Clinic', waiting: false, abnUnsigned: false, ...overrides,
  };
}

/** What the list shows: the index's answer to the search, then the URL filters. */
function filterOrders(rows: readonly OrderListRow[], filters: OrderListFilters, search: string): OrderListRow[] {
  const keep = orderFilterPredicate(filters);
  const found = new SearchIndex(ORDER_INDEX, rows).query(search);
  return keep ? found.filter(keep) : [...found];
}

describe('the order list', () => {
  const rows = [
    row({ id: 'a' }),
    row({ id: 'b', requisition_number: 'R-2-0007', status: 'cancelled', priority: 'stat', patientName: 'Pennington, Harold', collected_at: '2026-11-19T08:00:00Z' }),
    row({ id: 'c', requisition_number: 'R-2-0008', organization_id: '22222222-2222-4222-8222-222222222222', collected_at: '2026-11-21T08:00:00Z' }),
  ];
  const all = readUrlFilters(new URLSearchParams(), ORDER_FILTERS);

  it('reads its filters from the URL, ignoring what it does not understand', () => {
    expect(readUrlFilters(new URLSearchParams(`status=in-progress&organization=${ORG}&date=2026-11-20&priority=stat`), ORDER_FILTERS)).toEqual({
      status: 'in_progress', organization: ORG, provider: '', date: '2026-11-20', priority: 'stat', sync: 'all', abn: 'all',
    });
    expect(readUrlFilters(new URLSearchParams('status=lost&organization=x&date=yesterday&priority=now'), ORDER_FILTERS)).toEqual(all);
  });

  it('searches by requisition number, patient and provider, newest first', () => {
    expect(filterOrders(rows, all, '').map((r) => r.id)).toEqual(['c', 'a', 'b']);
    expect(filterOrders(rows, all, 'r-2-0007').map((r) => r.id)).toEqual(['b']);
    expect(filterOrders(rows, all, 'pennington').map((r) => r.id)).toEqual(['b']);
    expect(filterOrders(rows, all, 'okafor 1234567893').map((r) => r.id)).toEqual(['c', 'a', 'b']);
    expect(filterOrders(rows, all, 'okafor whitfield').map((r) => r.id)).toEqual(['c', 'a']);
    expect(filterOrders(rows, all, 'whitfield okafor').map((r) => r.id)).toEqual(['c', 'a']);
    expect(filterOrders(rows, all, 'okafor whitfield r-2').map((r) => r.id)).toEqual(['c']);
  });

  it('sets no filter when the URL has none', () => {
    expect(orderFilterPredicate(all)).toBeNull();
    expect(orderFilterPredicate({ ...all, priority: 'stat' })).not.toBeNull();
  });

  it('keeps a changed order in its place and drops a removed one', () => {
    const index = new SearchIndex(ORDER_INDEX, rows);
    index.applyChanges([{ type: 'upsert', row: row({ id: 'a', collected_at: '2026-11-22T08:00:00Z' }) }, { type: 'remove', id: 'c' }]);
    expect(index.query('').map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('filters by status, organization, date and STAT', () => {
    expect(filterOrders(rows, { ...all, status: 'cancelled' }, '').map((r) => r.id)).toEqual(['b']);
    expect(filterOrders(rows, { ...all, organization: ORG }, '').map((r) => r.id)).toEqual(['a', 'b']);
    expect(filterOrders(rows, { ...all, date: '2026-11-21' }, '').map((r) => r.id)).toEqual(['c']);
    expect(filterOrders(rows, { ...all, priority: 'stat' }, '').map((r) => r.id)).toEqual(['b']);
  });

  it('filters the orders waiting to send and the ABNs waiting for a signature', () => {
    const more = [...rows, row({ id: 'd', waiting: true }), row({ id: 'e', abnUnsigned: true })];
    expect(readUrlFilters(new URLSearchParams('sync=waiting&abn=unsigned'), ORDER_FILTERS)).toMatchObject({ sync: 'waiting', abn: 'unsigned' });
    expect(filterOrders(more, { ...all, sync: 'waiting' }, '').map((r) => r.id)).toEqual(['d']);
    expect(filterOrders(more, { ...all, abn: 'unsigned' }, '').map((r) => r.id)).toEqual(['e']);
  });

  it('knows an ABN that still needs the patient\'s signature', () => {
    expect(abnAwaitsSignature(null)).toBe(false);
    expect(abnAwaitsSignature({ option: null, signature: '', tests: [] })).toBe(false);
    expect(abnAwaitsSignature({ option: null, signature: '', tests: ['PSA'] })).toBe(true);
    expect(abnAwaitsSignature({ option: 'option1', signature: 'Eleanor Whitfield', tests: ['PSA'], recorded_at: '2026-11-20T09:00:00Z' })).toBe(false);
  });
});
