/**
 * A list for a page: the shared, always-current list of the scope (list-cache.ts) plus the
 * first-sync state, which decides between "still downloading" and a genuine empty list.
 * `retry` starts the list again after a failure. Until the database has answered, the list
 * shows what was saved at the last visit: the whole list once read back
 * (list-snapshot-store.ts), before that its first page (first-page-snapshot.ts), so a
 * reload paints and searches before the database is open.
 */
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { selectKnownUser, useSessionStore } from '../../stores/session-store.ts';
import { useSyncStore } from '../../stores/sync-store.ts';
import { useLocalDatabase } from '../local-data/use-local-database.ts';
import { keepFirstPageSaved, readFirstPage } from './first-page-snapshot.ts';
import { acquireList } from './list-cache.ts';
import { listKeyOf, type ListDefinition } from './list-definition.ts';
import { indexFactory } from './list-index.ts';
import { emptySnapshot, type ListSnapshot, type ListSource } from './list-source.ts';
import { savedListIndex } from './saved-list-index.ts';
import { shownSnapshot } from './shown-snapshot.ts';
import type { IndexedRow, SearchIndex } from './search-index.ts';

const WAITING = emptySnapshot<never>();
const noSource = { subscribe: () => () => {}, getSnapshot: () => WAITING };

export interface ListState<T extends IndexedRow> extends ListSnapshot<T> {
  /** This device has finished its first download (or has data from an earlier one). */
  firstSyncDone: boolean;
  /** The first download failed and nothing is on this device yet. */
  syncFailed: boolean;
  /** This device saved the list's first page at an earlier visit (so it had data before). */
  savedBefore: boolean;
  retry: () => void;
}

/** The whole list saved at the last visit, searchable, until the database's own is ready. */
function useSavedIndex<T extends IndexedRow, S extends string>(
  userId: string | null,
  definition: ListDefinition<T, S>,
  scope: S,
  needed: boolean,
): SearchIndex<T> | null {
  const [saved, setSaved] = useState<{ key: string; index: SearchIndex<T> } | null>(null);
  const neededAtStart = useRef(needed);
  neededAtStart.current = needed;
  const listKey = listKeyOf(definition, scope);
  const key = `${userId}:${listKey}`;
  useEffect(() => {
    // Once the database's list is ready, the saved one is dropped (50,000 rows of memory).
    if (!needed) setSaved(null);
  }, [needed]);
  useEffect(() => {
    if (!userId || !neededAtStart.current) return undefined;
    let cancelled = false;
    void savedListIndex(userId, listKey, indexFactory(definition, scope)).then((saved) => {
      if (!cancelled && saved) setSaved({ key: `${userId}:${listKey}`, index: saved.index });
    });
    return () => {
      cancelled = true;
    };
  }, [userId, listKey, definition, scope]);
  return needed && saved?.key === key ? saved.index : null;
}

export function useList<T extends IndexedRow, S extends string>(definition: ListDefinition<T, S>, scope: S): ListState<T> {
  const db = useLocalDatabase();
  const userId = useSessionStore((state) => selectKnownUser(state)?.id ?? null);
  const [attempt, setAttempt] = useState(0);
  const [source, setSource] = useState<ListSource<T> | null>(null);
  const listKey = listKeyOf(definition, scope);

  useEffect(() => {
    if (!db) return undefined;
    const { source: shared, release } = acquireList(db, definition, scope, { userId });
    setSource(shared);
    const stopSaving = userId ? keepFirstPageSaved(userId, listKey, shared, definition.slim) : null;
    return () => {
      stopSaving?.();
      release();
      setSource(null);
    };
  }, [db, definition, scope, listKey, attempt, userId]);

  const active: { subscribe: ListSource<T>['subscribe']; getSnapshot: () => ListSnapshot<T> } = source && source.scope === scope ? source : noSource;
  const current = useSyncExternalStore(active.subscribe, active.getSnapshot, active.getSnapshot);
  const saved = useMemo(() => (userId ? readFirstPage<T>(userId, listKey) : null), [userId, listKey]);
  const savedIndex = useSavedIndex(userId, definition, scope, current.phase === 'loading' || current.phase === 'first-rows');
  const snapshot = shownSnapshot(current, savedIndex, saved);
  const firstSyncDone = useSyncStore((state) => state.firstSync.done);
  const syncFailed = useSyncStore((state) => !state.firstSync.done && state.phase === 'error' && state.lastError !== null);
  const resync = useSyncStore((state) => state.retry);

  const retry = useCallback(() => {
    resync();
    setAttempt((value) => value + 1);
  }, [resync]);

  return { ...snapshot, firstSyncDone, syncFailed, savedBefore: saved !== null, retry };
}
