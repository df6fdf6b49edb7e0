/**
 * What a list page shows while its database list is not ready yet: the whole list saved at
 * the last visit once it is read back (searchable), else the first page saved at the last
 * visit, else the database's own first rows. Pure, so the reload tests
 * (tests/integration/first-download-reload.test.ts) see exactly what the page would show.
 */
import type { ListSnapshot } from './list-source.ts';
import type { IndexedRow, SearchIndex } from './search-index.ts';

export function shownSnapshot<T extends IndexedRow>(
  current: ListSnapshot<T>,
  savedIndex: SearchIndex<T> | null,
  savedFirstPage: readonly T[] | null,
): ListSnapshot<T> {
  if (current.phase !== 'loading' && current.phase !== 'first-rows') return current;
  if (savedIndex) return { ...current, phase: 'ready', index: savedIndex, firstRows: [], version: savedIndex.version };
  if (current.phase === 'loading' && savedFirstPage) return { ...current, phase: 'first-rows', firstRows: savedFirstPage };
  return current;
}
