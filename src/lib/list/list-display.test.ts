/** What a list shows in place of its rows: loading, failed, empty or the table. */
import { describe, expect, it } from 'vitest';
import { listView } from './list-display.ts';
import { SearchIndex } from './search-index.ts';
import { textIndexSpec } from './text-index-spec.ts';

const index = new SearchIndex(textIndexSpec<{ id: string }>({ sortText: (row) => [row.id], searchText: (row) => [row.id] }), [{ id: 'a' }]);
const base = { phase: 'ready' as const, failure: null, index, syncFailed: false, firstSyncDone: true };

describe('listView', () => {
  it('shows the table, or the empty state when nothing matches', () => {
    expect(listView(base, 1, 1)).toEqual({ display: { kind: 'table' }, failure: null, showCount: true });
    expect(listView(base, 0, 1).display).toEqual({ kind: 'empty' });
  });

  it('waits for the first download before calling an empty list empty', () => {
    expect(listView({ ...base, firstSyncDone: false }, 0, 0)).toEqual({ display: { kind: 'loading', waitingForFirstSync: true }, failure: null, showCount: false });
    expect(listView({ ...base, phase: 'loading', index: null }, 0, 0).display).toEqual({ kind: 'loading', waitingForFirstSync: false });
  });

  it('shows the failure where nothing can be shown, and announces it also over rows', () => {
    expect(listView({ ...base, phase: 'error', failure: 'fetch', index: null }, 0, 0)).toEqual({ display: { kind: 'failed', failure: 'fetch' }, failure: 'fetch', showCount: false });
    expect(listView({ ...base, phase: 'error', failure: 'unexpected' }, 1, 1)).toEqual({ display: { kind: 'table' }, failure: 'unexpected', showCount: true });
    expect(listView({ ...base, index: null, phase: 'loading', syncFailed: true, firstSyncDone: false }, 0, 0).display).toEqual({ kind: 'failed', failure: 'fetch' });
  });
});
