/**
 * A provider list for a page: the shared, always-current list of the scope (see
 * provider-list-cache.ts) plus the first-sync state, which decides between "still
 * downloading" and a genuine empty list. `retry` starts the list again after a failure.
 */
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useSyncStore } from '../../../stores/sync-store.ts';
import type { ProviderSearchScope } from '../model/search-text.ts';
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
  const [attempt, setAttempt] = useState(0);
  const [source, setSource] = useState<ProviderListSource | null>(null);

  useEffect(() => {
    if (!db) return undefined;
    const { source: shared, release } = acquireProviderList(db, scope);
    setSource(shared);
    return () => {
      release();
      setSource(null);
    };
  }, [db, scope, attempt]);

  const active = source && source.scope === scope ? source : noSource;
  const snapshot = useSyncExternalStore(active.subscribe, active.getSnapshot, active.getSnapshot);
  const firstSyncDone = useSyncStore((state) => state.firstSync.done);
  const syncFailed = useSyncStore((state) => !state.firstSync.done && state.phase === 'error' && state.lastError !== null);
  const resync = useSyncStore((state) => state.retry);

  const retry = useCallback(() => {
    resync();
    setAttempt((value) => value + 1);
  }, [resync]);

  return { ...snapshot, firstSyncDone, syncFailed, retry };
}
