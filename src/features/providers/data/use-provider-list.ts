/**
 * A provider list for a page: the shared, always-current list of the scope (see
 * provider-list-cache.ts) plus the first-sync state, which decides between "still
 * downloading" and a genuine empty list. `retry` starts the list again after a failure.
 * Until the database has answered, the list shows the first page saved at the last visit
 * (first-page-snapshot.ts), so a reload paints rows before the database is even open.
 */
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { selectKnownUser, useSessionStore } from '../../../stores/session-store.ts';
import { useSyncStore } from '../../../stores/sync-store.ts';
import type { ProviderSearchScope } from '../model/search-text.ts';
import { keepFirstPageSaved, readFirstPage } from './first-page-snapshot.ts';
import { acquireProviderList } from './provider-list-cache.ts';
import type { ListSnapshot, ProviderListSource } from './provider-list-source.ts';
import { useLocalDatabase } from './use-local-database.ts';

const WAITING: ListSnapshot = { phase: 'loading', firstRows: [], index: null, version: 0, failure: null, error: null };
const noSource = { subscribe: () => () => {}, getSnapshot: () => WAITING };

export interface ProviderListState extends ListSnapshot {
  /** This device has finished its first download (or has data from an earlier one). */
  firstSyncDone: boolean;
  /** The first download failed and nothing is on this device yet. */
  syncFailed: boolean;
  retry: () => void;
}

export function useProviderList(scope: ProviderSearchScope): ProviderListState {
  const db = useLocalDatabase();
  const userId = useSessionStore((state) => selectKnownUser(state)?.id ?? null);
  const [attempt, setAttempt] = useState(0);
  const [source, setSource] = useState<ProviderListSource | null>(null);

  useEffect(() => {
    if (!db) return undefined;
    const { source: shared, release } = acquireProviderList(db, scope);
    setSource(shared);
    const stopSaving = userId ? keepFirstPageSaved(userId, shared) : null;
    return () => {
      stopSaving?.();
      release();
      setSource(null);
    };
  }, [db, scope, attempt, userId]);

  const active = source && source.scope === scope ? source : noSource;
  const current = useSyncExternalStore(active.subscribe, active.getSnapshot, active.getSnapshot);
  const saved = useMemo(() => (userId ? readFirstPage(userId, scope) : null), [userId, scope]);
  const snapshot: ListSnapshot = current.phase === 'loading' && saved ? { ...current, phase: 'first-rows', firstRows: saved } : current;
  const firstSyncDone = useSyncStore((state) => state.firstSync.done);
  const syncFailed = useSyncStore((state) => !state.firstSync.done && state.phase === 'error' && state.lastError !== null);
  const resync = useSyncStore((state) => state.retry);

  const retry = useCallback(() => {
    resync();
    setAttempt((value) => value + 1);
  }, [resync]);

  return { ...snapshot, firstSyncDone, syncFailed, retry };
}
