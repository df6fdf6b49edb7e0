/**
 * Critical values not yet acknowledged (issues 27 and 32): lis-inbound raises an alert of kind
 * `critical_value` for each critical result (details.result_id); it stays open until someone
 * acknowledges it. The dashboard counts them (first and loud) and the results inbox filters
 * by them (`?flag=unacknowledged`), with this one rule, so the figure equals the list.
 */
import type { AlertDoc } from '../../db/index.ts';
import type { CountRule } from '../local-data/grouped-counts.ts';

export const CRITICAL_VALUE_KIND = 'critical_value';

/** The result an open critical-value alert is about, or null (another kind, acknowledged, or no result named). */
export function openCriticalResultId(alert: Pick<AlertDoc, 'kind' | 'acknowledged_at' | 'details'>): string | null {
  if (alert.kind !== CRITICAL_VALUE_KIND || alert.acknowledged_at) return null;
  const details = alert.details as { result_id?: unknown } | null;
  return details && typeof details.result_id === 'string' ? details.result_id : null;
}

/** The dashboard's count: open critical-value alerts keyed by their result (one result counts once). */
export const OPEN_CRITICAL_VALUES: CountRule<'alerts'> = {
  name: 'alerts:critical-values:open',
  collection: 'alerts',
  keyOf: (doc) => openCriticalResultId(doc),
};

/** The result ids with an open critical-value alert, from the alerts on this device. */
export function openCriticalResultIds(alerts: ReadonlyArray<Pick<AlertDoc, 'kind' | 'acknowledged_at' | 'details'>>): ReadonlySet<string> {
  const ids = new Set<string>();
  for (const alert of alerts) {
    const id = openCriticalResultId(alert);
    if (id) ids.add(id);
  }
  return ids;
}
