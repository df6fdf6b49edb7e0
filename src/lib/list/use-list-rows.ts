/**
 * The rows a list shows for the current search and URL filters: the index's answer once it
 * is built, else the first page filtered by the same haystack rule (typing before the index
 * is ready still narrows what is on screen). Memoized on the index version, so a keystroke
 * is one query; a filter (url-filters.ts) is applied to the answer, and the count of the
 * filtered list is kept apart from the search so it is computed once per change of the data.
 */
import { useMemo } from 'react';
import type { ListDefinition } from './list-definition.ts';
import { indexSpecOf } from './list-index.ts';
import type { ListSnapshot } from './list-source.ts';
import { searchKey } from './search-key.ts';
import type { IndexedRow } from './search-index.ts';

export interface ListRows<T> {
  rows: readonly T[];
  /** Rows in the scope and filters (or in the first page, before the index is ready). */
  total: number;
  /** The index version the rows were computed from (the index object itself stays the same). */
  version: number;
}

/** Keeps the rows a filter accepts; without a filter, the rows themselves. */
function filtered<T>(rows: readonly T[], filter: ((row: T) => boolean) | null): readonly T[] {
  return filter ? rows.filter(filter) : rows;
}

export function useListRows<T extends IndexedRow, S extends string>(
  list: Pick<ListSnapshot<T>, 'index' | 'version' | 'firstRows'>,
  definition: ListDefinition<T, S>,
  scope: S,
  search: string,
  /** A URL filter's predicate; keep it the same function while the filter is unchanged (useMemo). */
  filter: ((row: T) => boolean) | null = null,
): ListRows<T> {
  const { index, version, firstRows } = list;
  const total = useMemo(
    () => (index ? (filter ? index.query('', filter).length : index.size) : filtered(firstRows, filter).length),
    // The version tells a changed index (the object stays the same).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [index, version, firstRows, filter],
  );
  return useMemo(() => {
    if (index) return { rows: index.query(search, filter), total, version };
    const needle = searchKey(search);
    const spec = indexSpecOf(definition, scope);
    const page = filtered(firstRows, filter);
    const rows = needle === '' ? page : page.filter((row) => spec.haystack(spec.sortKeys(row), row).includes(needle));
    return { rows, total, version };
  }, [index, version, firstRows, definition, scope, search, filter, total]);
}
