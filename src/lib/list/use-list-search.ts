/**
 * A list page's search text: kept per list while the user opens a record and comes back
 * (memory of this tab), and taken from `?q=` when a link opens the list already searching.
 * The search is not written back to the URL on every keystroke (each would be a navigation
 * in the keystroke's time budget); the first edit drops a `q` the link brought, so the URL
 * never claims a search that is no longer on screen.
 */
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SEARCH_PARAM } from './url-filters.ts';

const lastSearch = new Map<string, string>();

export function useListSearch(listKey: string): [string, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get(SEARCH_PARAM);
  const [search, setSearchState] = useState(() => fromUrl ?? lastSearch.get(listKey) ?? '');
  const hasParam = fromUrl !== null;
  const setSearch = useCallback(
    (value: string) => {
      lastSearch.set(listKey, value);
      setSearchState(value);
      if (hasParam) {
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.delete(SEARCH_PARAM);
            return next;
          },
          { replace: true },
        );
      }
    },
    [listKey, hasParam, setParams],
  );
  return [search, setSearch];
}
