/**
 * The order list's filters (in the URL: status, organization, provider, date, STAT, and the
 * search `q`), its order (newest collection first) and how a row is matched: each query word
 * in the requisition number, patient name or lab id, or provider name or NPI. Orders are read
 * whole from the protected database into the one list machinery's in-memory index, as
 * patients are (their indexes hold nothing identifying); the filters apply to its answer.
 */
import type { IndexSpec } from '../../../lib/list/search-index.ts';
import { joinHaystack, searchKey } from '../../../lib/list/search-key.ts';
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

/** When the order was collected (or entered, until it is), as the list shows and sorts it. */
export function orderTime(row: Pick<OrderListRow, 'collected_at' | 'created_at'>): string {
  return row.collected_at ?? row.created_at;
}

interface OrderSortKeys {
  time: string;
  requisition: string;
  id: string;
}

/** Newest first (collection time, then requisition number, then id), each query word matched on its own. */
export const ORDER_INDEX: IndexSpec<OrderListRow, OrderSortKeys> = {
  includes: () => true,
  sortKeys: (row) => ({ time: orderTime(row), requisition: searchKey(row.requisition_number), id: row.id }),
  compare: (a, b) =>
    a.time !== b.time ? (a.time < b.time ? 1 : -1) : a.requisition !== b.requisition ? (a.requisition < b.requisition ? 1 : -1) : a.id < b.id ? 1 : a.id > b.id ? -1 : 0,
  haystack: (_keys, row) => joinHaystack([row.requisition_number, row.patientName, row.patientId, row.providerName, row.providerNpi]),
  matchWords: true,
};

/** The rows the URL filters keep; null when none is set (every row). */
export function orderFilterPredicate(filters: OrderListFilters): ((row: OrderListRow) => boolean) | null {
  const { status, organization, provider, date, priority, sync, abn } = filters;
  if (status === 'all' && !organization && !provider && !date && priority === 'all' && sync === 'all' && abn === 'all') return null;
  return (row) =>
    (status === 'all' || row.status === status) &&
    (!organization || row.organization_id === organization) &&
    (!provider || row.provider_id === provider) &&
    (!date || orderTime(row).slice(0, 10) === date) &&
    (priority === 'all' || row.priority === 'stat') &&
    (sync === 'all' || row.waiting) &&
    (abn === 'all' || row.abnUnsigned);
}
