/**
 * A provider list for a page: the shared, always-current list of the scope (see
 * provider-list-cache.ts) plus the first-sync state, which decides between "still
 * downloading" and a genuine empty list. `retry` starts the list again after a failure.
 * Until the database has answered, the list shows what was saved at the last visit: the
 * whole list once read back (list-snapshot-store.ts), before that its first page
 * (first-page-snapshot.ts), so a reload paints and searches before the database is open.
 */
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { selectKnownUser, useSessionStore } from '../../../stores/session-store.ts';
import { useSyncStore } from '../../../stores/sync-store.ts';
import type { ProviderSearchScope } from '../model/search-text.ts';
import { keepFirstPageSaved, readFirstPage } from './first-page-snapshot.ts';
import type { ProviderSearchIndex } from '../model/provider-search.ts';
import { acquireProviderList } from './provider-list-cache.ts';
import type { ListProvider, ListSnapshot, ProviderListSource } from './provider-list-source.ts';
import { savedListIndex } from './saved-list-index.ts';
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

/** The whole list saved at the last visit, searchable, until the database's own is ready. */
function useSavedIndex(userId: string | null, scope: ProviderSearchScope, needed: boolean): ProviderSearchIndex<ListProvider> | null {
  const [saved, setSaved] = useState<{ key: string; index: ProviderSearchIndex<ListProvider> } | null>(null);
  const neededAtStart = useRef(needed);
  neededAtStart.current = needed;
  const key = `${userId}:${scope}`;
  useEffect(() => {
    // Once the database's list is ready, the saved one is dropped (50,000 rows of memory).
    if (!needed) setSaved(null);
  }, [needed]);
  useEffect(() => {
    if (!userId || !neededAtStart.current) return undefined;
    let cancelled = false;
    void savedListIndex(userId, scope).then((saved) => {
      if (!cancelled && saved) setSaved({ key: `${userId}:${scope}`, index: saved.index });
    });
    return () => {
      cancelled = true;
    };
  }, [userId, scope]);
  return needed && saved?.key === key ? saved.index : null;
}

export function useProviderList(scope: ProviderSearchScope): ProviderListState {
  const db = useLocalDatabase();
  const userId = useSessionStore((state) => selectKnownUser(state)?.id ?? null);
  const [attempt, setAttempt] = useState(0);
  const [source, setSource] = useState<ProviderListSource | null>(null);

  useEffect(() => {
    if (!db) return undefined;
    const { source: shared, release } = acquireProviderList(db, scope, undefined, userId);
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
  const savedIndex = useSavedIndex(userId, scope, current.phase === 'loading' || current.phase === 'first-rows');
  let snapshot = current;
  if (current.phase === 'loading' || current.phase === 'first-rows') {
    if (savedIndex) snapshot = { ...current, phase: 'ready', index: savedIndex, firstRows: [], version: savedIndex.version };
    else if (current.phase === 'loading' && saved) snapshot = { ...current, phase: 'first-rows', firstRows: saved };
  }
  const firstSyncDone = useSyncStore((state) => state.firstSync.done);
  const syncFailed = useSyncStore((state) => !state.firstSync.done && state.phase === 'error' && state.lastError !== null);
  const resync = useSyncStore((state) => state.retry);

  const retry = useCallback(() => {
    resync();
    setAttempt((value) => value + 1);
  }, [resync]);

  return { ...snapshot, firstSyncDone, syncFailed, retry };
}
