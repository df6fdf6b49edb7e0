/**
 * What a list page shows in place of its rows (the rules the provider lists established):
 * a spinner until the first rows are there (on a fresh device, until the first download
 * has brought some: an empty list then means "not downloaded yet", not "nothing here"),
 * the failure panel where a local read or the first download genuinely failed and nothing
 * can be shown, the empty state, or the table.
 */
import type { ListFailure } from './list-source.ts';
import type { ListState } from './use-list.ts';
import type { IndexedRow } from './search-index.ts';

export type ListDisplay =
  | { kind: 'failed'; failure: ListFailure }
  | { kind: 'loading'; waitingForFirstSync: boolean }
  | { kind: 'empty' }
  | { kind: 'table' };

export interface ListView {
  display: ListDisplay;
  /** The failure to announce (a toast), also while rows are still shown. */
  failure: ListFailure | null;
  /** Whether the count line has something true to say. */
  showCount: boolean;
}

export function listView<T extends IndexedRow>(
  list: Pick<ListState<T>, 'phase' | 'failure' | 'index' | 'syncFailed' | 'firstSyncDone'>,
  shown: number,
  total: number,
): ListView {
  const failure = list.phase === 'error' ? list.failure : list.syncFailed && total === 0 ? 'fetch' : null;
  // Rows to show: the index, or the first page while it is built (also after a later failure).
  const hasData = list.index !== null || list.phase === 'first-rows';
  const waitingForFirstSync = hasData && total === 0 && !list.firstSyncDone && !list.syncFailed;
  const loading = (!hasData && list.phase === 'loading') || waitingForFirstSync;
  let display: ListDisplay;
  if (failure && !hasData) display = { kind: 'failed', failure };
  else if (loading) display = { kind: 'loading', waitingForFirstSync };
  else if (failure && total === 0) display = { kind: 'failed', failure };
  else if (shown === 0) display = { kind: 'empty' };
  else display = { kind: 'table' };
  return { display, failure, showCount: !(loading || (failure && total === 0)) };
}
