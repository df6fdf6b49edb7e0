/**
 * A list page's URL filters for React (url-filters.ts): the current values, read from the
 * query string, and a setter that replaces the history entry (a filter change is not a new
 * page to go back to).
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { readUrlFilters, withUrlFilter, type UrlFilters, type UrlFilterValues } from './url-filters.ts';

export function useUrlFilters<F extends UrlFilters>(filters: F): [UrlFilterValues<F>, (name: keyof F & string, value: string) => void] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // Parsed once per query string: the values keep their identity while it is unchanged.
  const values = useMemo(() => readUrlFilters(new URLSearchParams(key), filters), [key, filters]);
  const setValue = useCallback(
    (name: keyof F & string, value: string) => {
      const filter = filters[name];
      if (!filter) return;
      setParams((current) => withUrlFilter(current, filter, value), { replace: true });
    },
    [filters, setParams],
  );
  return [values, setValue];
}
