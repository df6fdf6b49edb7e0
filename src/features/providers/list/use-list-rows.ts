/**
 * The rows a list shows for the current search: the index's answer once it is built, else
 * the first page filtered by the same haystack rule (typing before the index is ready still
 * narrows what is on screen). Memoized on the index version, so a keystroke is one query.
 */
import { useMemo } from 'react';
import type { ListProvider } from '../data/provider-list-source.ts';
import type { ProviderListState } from '../data/use-provider-list.ts';
import { buildHaystack, searchKey, type ProviderSearchScope } from '../model/search-text.ts';

export interface ListRows {
  rows: readonly ListProvider[];
  /** Providers in the scope (or in the first page, before the index is ready). */
  total: number;
  /** The index version the rows were computed from (the index object itself stays the same). */
  version: number;
}

export function useListRows(list: ProviderListState, scope: ProviderSearchScope, search: string): ListRows {
  const { index, version, firstRows } = list;
  return useMemo(() => {
    if (index) return { rows: index.query(search), total: index.size, version };
    const needle = searchKey(search);
    const rows = needle === '' ? firstRows : firstRows.filter((row) => buildHaystack(row, scope).includes(needle));
    return { rows, total: firstRows.length, version };
  }, [index, version, firstRows, scope, search]);
}
