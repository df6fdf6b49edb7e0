/**
 * Alerts (issue 33) read from and acknowledged in the local database: `useAlerts` lists
 * them live (all, or one provider's or organization's; open first, newest first) for the
 * provider and organization pages and the dashboard; `acknowledgeAlert` writes the acknowledgement locally (it syncs; offline
 * it waits on this device). The server stamps who and when, so the outcome is judged by
 * the acknowledgement being there, not by its time.
 */
import type { AlertDoc, LocalDatabase } from '../../db/index.ts';
import { awaitServer, patchLocal, type WriteOptions, type WriteOutcome } from '../local-data/local-write.ts';
import { useLiveQuery, type Live } from '../local-data/use-live-query.ts';
import { map } from 'rxjs';

export interface AlertFilter {
  /** Only this provider's alerts. */
  providerId?: string;
  /** Only this organization's alerts. */
  organizationId?: string;
  /** Only alerts nobody has acknowledged yet. */
  openOnly?: boolean;
}

export function sortAlerts(alerts: ReadonlyArray<Readonly<AlertDoc>>): Array<Readonly<AlertDoc>> {
  return [...alerts].sort(
    (a, b) => (a.acknowledged_at ? 1 : 0) - (b.acknowledged_at ? 1 : 0) || b.raised_at.localeCompare(a.raised_at) || a.id.localeCompare(b.id),
  );
}

export function useAlerts(filter: AlertFilter = {}): Live<Array<Readonly<AlertDoc>>> {
  const key = `alerts:${filter.providerId ?? '*'}:${filter.organizationId ?? '*'}:${filter.openOnly ? 'open' : 'all'}`;
  return useLiveQuery(
    key,
    (db) => {
      const selector: Record<string, unknown> = {};
      if (filter.providerId) selector.provider_id = filter.providerId;
      if (filter.organizationId) selector.organization_id = filter.organizationId;
      if (filter.openOnly) selector.acknowledged_at = null;
      return db.alerts.find({ selector }).$.pipe(map((docs) => sortAlerts(docs.map((doc) => doc.toJSON() as Readonly<AlertDoc>))));
    },
    'alerts',
  );
}

export async function acknowledgeAlert(db: LocalDatabase, alert: Readonly<AlertDoc>, options: WriteOptions & { now?: () => string } = {}): Promise<WriteOutcome> {
  if (alert.acknowledged_at) return 'saved';
  const now = (options.now ?? (() => new Date().toISOString()))();
  try {
    const written = await patchLocal(db.alerts, alert.id, { acknowledged_at: now, updated_at: now });
    const answer = await awaitServer(db.alerts, written, options);
    if (answer.kind === 'pending') return 'pending';
    return answer.record?.acknowledged_at ? 'saved' : 'failed';
  } catch (error) {
    console.error('[alerts] acknowledging failed', error);
    return 'failed';
  }
}
