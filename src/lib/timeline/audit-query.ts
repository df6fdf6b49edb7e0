/**
 * The timeline's filters and how they apply (issue 27): on the server as a Data API query
 * on `audit_log` (RLS lets staff read it), paged by keyset on the id, newest first; on the
 * device the same filters applied to the entries kept offline, so both show the same rows.
 */
import type { AuditEntry } from './audit-entry.ts';

export interface AuditFilters {
  /** audit_log.table_name ('' for every kind). */
  table: string;
  /** One record's id ('' for every record). */
  rowId: string;
  /** The user who made the change ('' for anyone). */
  user: string;
  /** insert | update | delete ('' for any). */
  action: string;
  /** yyyy-MM-dd, the first day included ('' for no bound). */
  from: string;
  /** yyyy-MM-dd, the last day included ('' for no bound). */
  to: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = { table: '', rowId: '', user: '', action: '', from: '', to: '' };

/** One record's whole history (its Activity tab or section). */
export function recordAuditFilters(table: string, rowId: string): AuditFilters {
  return { ...NO_AUDIT_FILTERS, table, rowId };
}

export const AUDIT_PAGE_SIZE = 50;

/** The start of a local calendar day, as an ISO instant; the day after for an upper bound. */
export function dayBound(day: string, after = false): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + (after ? 1 : 0));
  return Number.isFinite(date.getTime()) ? date.toISOString() : null;
}

/** Whether a kept entry passes the filters (as the server query would). */
export function matchesAuditFilters(entry: AuditEntry, filters: AuditFilters): boolean {
  if (filters.table && entry.table_name !== filters.table) return false;
  if (filters.rowId && entry.row_id !== filters.rowId) return false;
  if (filters.user && entry.changed_by !== filters.user) return false;
  if (filters.action && entry.action !== filters.action) return false;
  const from = dayBound(filters.from);
  const to = dayBound(filters.to, true);
  const at = Date.parse(entry.changed_at);
  if (from && at < Date.parse(from)) return false;
  if (to && at >= Date.parse(to)) return false;
  return true;
}

/** The part of the Data API's query builder the timeline uses (supabase-js's PostgrestFilterBuilder). */
export interface AuditQuery<Q> {
  eq(column: string, value: string): Q;
  lt(column: string, value: string | number): Q;
  gt(column: string, value: string | number): Q;
  gte(column: string, value: string): Q;
}

/** Applies the filters and the keyset bound (`before`: older than this id; `after`: newer) to a query. */
export function applyAuditFilters<Q extends AuditQuery<Q>>(query: Q, filters: AuditFilters, bound: { before?: number; after?: number } = {}): Q {
  let q = query;
  if (filters.table) q = q.eq('table_name', filters.table);
  if (filters.rowId) q = q.eq('row_id', filters.rowId);
  if (filters.user) q = q.eq('changed_by', filters.user);
  if (filters.action) q = q.eq('action', filters.action);
  const from = dayBound(filters.from);
  const to = dayBound(filters.to, true);
  if (from) q = q.gte('changed_at', from);
  if (to) q = q.lt('changed_at', to);
  if (bound.before !== undefined) q = q.lt('id', bound.before);
  if (bound.after !== undefined) q = q.gt('id', bound.after);
  return q;
}
