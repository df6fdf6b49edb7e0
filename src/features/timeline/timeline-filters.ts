/**
 * The timeline's filters in the URL (issue 27): `?kind=providers&record=<id>&user=<id>&
 * action=update&from=2026-11-01&to=2026-11-25`, so a filtered timeline can be linked and
 * bookmarked. Anything not understood means "no filter".
 */
import { choiceFilter, dayFilter, idFilter, type UrlFilterValues } from '../../lib/list/url-filters.ts';
import { AUDIT_ACTIONS, AUDITED_TABLES } from '../../lib/timeline/audit-entry.ts';
import type { AuditFilters } from '../../lib/timeline/audit-query.ts';

export const TIMELINE_FILTERS = {
  kind: choiceFilter('kind', ['', ...AUDITED_TABLES] as const, ''),
  record: idFilter('record'),
  user: idFilter('user'),
  action: choiceFilter('action', ['', ...AUDIT_ACTIONS] as const, ''),
  from: dayFilter('from'),
  to: dayFilter('to'),
};

export const ACTION_LABELS: Readonly<Record<string, string>> = { '': 'Any action', insert: 'Added', update: 'Changed', delete: 'Deleted', open: 'Opened', print: 'Printed', distribute: 'Results distributed', attach: 'File attached', download: 'File downloaded' };

export function auditFiltersOf(values: UrlFilterValues<typeof TIMELINE_FILTERS>): AuditFilters {
  return { table: values.kind, rowId: values.record, user: values.user, action: values.action, from: values.from, to: values.to };
}
