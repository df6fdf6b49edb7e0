/**
 * The timeline's filters and how they apply (issue 27): on the server as the arguments of
 * `audit_page` (RLS lets staff read the log; the function logs the reads of patient data's
 * changes), paged by keyset on the id, newest first; on the device the same filters applied
 * to the entries kept offline, so both show the same rows.
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

/** The filters and the keyset bound (`before`: older than this id; `after`: newer) as audit_page's arguments. */
export function auditPageArguments(filters: AuditFilters, bound: { before?: number; after?: number } = {}, limit = AUDIT_PAGE_SIZE): Record<string, string | number | null> {
  return {
    p_table: filters.table || null,
    p_row_id: filters.rowId || null,
    p_user: filters.user || null,
    p_action: filters.action || null,
    p_from: dayBound(filters.from),
    p_to: dayBound(filters.to, true),
    p_before: bound.before ?? null,
    p_after: bound.after ?? null,
    p_limit: limit,
  };
}
