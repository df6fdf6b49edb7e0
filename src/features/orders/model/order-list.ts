/**
 * The order list's filters (in the URL: status, organization, provider, date, STAT, and the
 * search `q`) and how a row is matched: by requisition number, patient name or lab id, and
 * provider name or NPI. Orders are read whole from the protected database and filtered in
 * memory, as patients are (their indexes hold nothing identifying).
 */
import { choiceFilter, idFilter, type UrlFilter } from '../../../lib/list/url-filters.ts';
import { ORDER_STATUSES, type OrderStatus } from './order-texts.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** An ABN that lists tests and has no signature: the patient still has to sign (or refuse). */
export function abnAwaitsSignature(abn: unknown): boolean {
  if (typeof abn !== 'object' || abn === null) return false;
  const { tests, signature } = abn as { tests?: unknown; signature?: unknown };
  return Array.isArray(tests) && tests.length > 0 && (typeof signature !== 'string' || signature.trim() === '');
}

/** A collection date, e.g. `?date=2026-11-20`; '' (any day) when absent or not a date. */
function dateFilter(param: string): UrlFilter<string> {
  return { param, fallback: '', parse: (raw) => (raw && DATE.test(raw.trim()) ? raw.trim() : '') };
}

export const ORDER_FILTERS = {
  status: choiceFilter<OrderStatus | 'all'>('status', ['all', ...ORDER_STATUSES], 'all'),
  organization: idFilter('organization'),
  provider: idFilter('provider'),
  date: dateFilter('date'),
  priority: choiceFilter<'all' | 'stat'>('priority', ['all', 'stat'], 'all'),
  // The dashboard's figures open these: orders not yet on the server, ABNs not yet signed.
  sync: choiceFilter<'all' | 'waiting'>('sync', ['all', 'waiting'], 'all'),
  abn: choiceFilter<'all' | 'unsigned'>('abn', ['all', 'unsigned'], 'all'),
} as const;

export interface OrderListRow {
  id: string;
  requisition_number: string;
  status: string;
  priority: string;
  organization_id: string;
  provider_id: string;
  collected_at: string | null;
  created_at: string;
  patientName: string;
  patientId: string;
  providerName: string;
  providerNpi: string;
  organizationName: string;
  waiting: boolean;
  /** An ABN was asked for (tests not expected to be paid) and has no signature yet. */
  abnUnsigned: boolean;
}

export interface OrderListFilters {
  status: OrderStatus | 'all';
  organization: string;
  provider: string;
  date: string;
  priority: 'all' | 'stat';
  sync: 'all' | 'waiting';
  abn: 'all' | 'unsigned';
}

export function filterOrders(rows: readonly OrderListRow[], filters: OrderListFilters, search: string): OrderListRow[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return rows
    .filter((row) => filters.status === 'all' || row.status === filters.status)
    .filter((row) => !filters.organization || row.organization_id === filters.organization)
    .filter((row) => !filters.provider || row.provider_id === filters.provider)
    .filter((row) => !filters.date || (row.collected_at ?? row.created_at).slice(0, 10) === filters.date)
    .filter((row) => filters.priority === 'all' || row.priority === 'stat')
    .filter((row) => filters.sync === 'all' || row.waiting)
    .filter((row) => filters.abn === 'all' || row.abnUnsigned)
    .filter((row) => {
      if (words.length === 0) return true;
      const text = `${row.requisition_number} ${row.patientName} ${row.patientId} ${row.providerName} ${row.providerNpi}`.toLowerCase();
      return words.every((word) => text.includes(word));
    })
    .sort((a, b) => (b.collected_at ?? b.created_at).localeCompare(a.collected_at ?? a.created_at) || b.requisition_number.localeCompare(a.requisition_number));
}
