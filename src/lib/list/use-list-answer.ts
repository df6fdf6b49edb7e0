/**
 * What a list page shows for the current search and filters, from whichever source answers
 * (list-answer-source.ts): the local list (use-list-rows.ts), or, while this device's first
 * download runs, the server (remote-list.ts), with what the indicator says about the copy.
 * The page renders the same rows, count and table either way, so the switch to the local
 * copy once it is complete changes nothing but the indicator.
 */
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useSyncStore } from '../../stores/sync-store.ts';
import { chooseAnswerSource, type CopyState } from './list-answer-source.ts';
import type { ListDefinition } from './list-definition.ts';
import { listView, type ListView } from './list-display.ts';
import { RemoteList, type RemoteSnapshot } from './remote-list.ts';
import { searchKey } from './search-key.ts';
import type { IndexedRow } from './search-index.ts';
import { useListRows } from './use-list-rows.ts';
import type { ListState } from './use-list.ts';

export interface ListAnswer<T> {
  rows: readonly T[];
  /** Rows that match the search and filters (the count's first figure). */
  shown: number;
  /** Rows in the scope and filters. */
  total: number;
  /** Whether the count is of a search ('3 of 59'). */
  searching: boolean;
  view: ListView;
  source: 'local' | 'remote';
  copy: CopyState;
  /** Asks the server for the next rows as the table nears its end (while the server answers). */
  loadMore?: () => void;
}

const NO_REMOTE: RemoteSnapshot<never> = { answered: null, rows: [], matchCount: 0, scopeCount: null, status: 'idle' };
const noSubscribe = () => () => {};
const noSnapshot = () => NO_REMOTE;

/** The server's pages of a list scope, for as long as the page shows it. */
function useRemoteList<T extends IndexedRow, S extends string>(definition: ListDefinition<T, S>, scope: S): RemoteList<T, S> | null {
  const [remote, setRemote] = useState<RemoteList<T, S> | null>(null);
  const query = definition.remote;
  useEffect(() => {
    if (!query) return undefined;
    const list = new RemoteList<T, S>(query, scope);
    setRemote(list);
    return () => {
      list.stop();
      setRemote(null);
    };
  }, [query, scope]);
  return remote && remote.scope === scope ? remote : null;
}

function remoteView(snapshot: RemoteSnapshot<unknown>): ListView {
  if (snapshot.answered === null) return { display: { kind: 'loading', waitingForFirstSync: false }, failure: null, showCount: false };
  if (snapshot.rows.length === 0) return { display: { kind: 'empty' }, failure: null, showCount: true };
  return { display: { kind: 'table' }, failure: null, showCount: true };
}

export function useListAnswer<T extends IndexedRow, S extends string>(
  list: ListState<T>,
  definition: ListDefinition<T, S>,
  scope: S,
  search: string,
  /** A URL filter's predicate (only the device applies these); keep it the same function while unchanged. */
  filter: ((row: T) => boolean) | null = null,
): ListAnswer<T> {
  const local = useListRows(list, definition, scope, search, filter);
  const online = useSyncStore((state) => state.online);
  const firstSyncKnown = useSyncStore((state) => state.firstSync.done || state.firstSync.checked === true);
  const remote = useRemoteList(definition, scope);
  const getRemote: () => RemoteSnapshot<T> = remote ? remote.getSnapshot : noSnapshot;
  const snapshot = useSyncExternalStore(remote ? remote.subscribe : noSubscribe, getRemote, getRemote);
  const needle = searchKey(search);
  const choice = chooseAnswerSource({
    firstSyncDone: list.firstSyncDone,
    firstSyncKnown,
    savedBefore: list.savedBefore,
    localReady: list.index !== null,
    online,
    hasRemote: definition.remote !== undefined,
    localOnlyFilter: filter !== null,
    remoteStatus: snapshot.status,
    remoteAnswersSearch: snapshot.answered === needle,
  });

  useEffect(() => {
    if (!remote) return;
    if (choice.askServer) remote.search(needle);
    else remote.pause();
  }, [remote, choice.askServer, needle]);

  const loadMore = useCallback(() => remote?.loadMore(), [remote]);

  if (choice.source === 'remote') {
    return {
      rows: snapshot.rows,
      shown: snapshot.matchCount,
      total: snapshot.scopeCount ?? snapshot.matchCount,
      searching: snapshot.answered !== null && snapshot.answered !== '',
      view: remoteView(snapshot),
      source: 'remote',
      copy: choice.copy,
      loadMore,
    };
  }
  return {
    rows: local.rows,
    shown: local.rows.length,
    total: local.total,
    searching: needle !== '',
    view: listView(list, local.rows.length, local.total),
    source: 'local',
    copy: choice.copy,
  };
}
