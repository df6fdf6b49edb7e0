/**
 * Filters in the URL (ARCHITECTURE.md): every list takes its filters from the query string,
 * so the dashboard can link to a filtered list and a person can bookmark one. A filter is a
 * named query parameter with a parser that turns anything (absent, garbage, an old value)
 * into a valid value, and a default that the URL leaves out. `q` is the search: a link may
 * open a list already searching.
 */

export interface UrlFilter<V extends string> {
  /** The query parameter, e.g. 'type'. */
  param: string;
  /** The value when the parameter is absent or not understood (left out of the URL). */
  fallback: V;
  /** The parameter's value as the list understands it. */
  parse(raw: string | null): V;
}

export type UrlFilters = Readonly<Record<string, UrlFilter<string>>>;

export type UrlFilterValues<F extends UrlFilters> = { [K in keyof F]: F[K] extends UrlFilter<infer V> ? V : never };

/** The search's own parameter. */
export const SEARCH_PARAM = 'q';

/** One of a fixed set of values, e.g. `?status=inactive`. */
export function choiceFilter<V extends string>(param: string, choices: readonly V[], fallback: V): UrlFilter<V> {
  return {
    param,
    fallback,
    parse: (raw) => {
      const value = raw?.trim().toLowerCase().replace(/-/g, '_');
      return value !== undefined && (choices as readonly string[]).includes(value) ? (value as V) : fallback;
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A record's id, e.g. `?organization=<uuid>`; '' (no filter) when absent or not an id. */
export function idFilter(param: string): UrlFilter<string> {
  return {
    param,
    fallback: '',
    parse: (raw) => {
      const value = raw?.trim().toLowerCase() ?? '';
      return UUID.test(value) ? value : '';
    },
  };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day, e.g. `?from=2026-11-01`; '' (no bound) when absent or not a yyyy-MM-dd day. */
export function dayFilter(param: string): UrlFilter<string> {
  return {
    param,
    fallback: '',
    parse: (raw) => {
      const value = raw?.trim() ?? '';
      return DAY.test(value) && Number.isFinite(Date.parse(`${value}T00:00:00Z`)) ? value : '';
    },
  };
}

export function readUrlFilters<F extends UrlFilters>(params: URLSearchParams, filters: F): UrlFilterValues<F> {
  const values: Record<string, string> = {};
  for (const [name, filter] of Object.entries(filters)) values[name] = filter.parse(params.get(filter.param));
  return values as UrlFilterValues<F>;
}

/** The query string with one filter set (its default leaves the URL); other parameters are kept. */
export function withUrlFilter(params: URLSearchParams, filter: UrlFilter<string>, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  const parsed = filter.parse(value);
  if (parsed === filter.fallback) next.delete(filter.param);
  else next.set(filter.param, parsed);
  return next;
}

/** A link to a list with these filters (e.g. from the dashboard): `/organization-memberships?organization=…`. */
export function filteredListPath<F extends UrlFilters>(path: string, filters: F, values: Partial<UrlFilterValues<F>>, search = ''): string {
  let params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    const filter = filters[name];
    if (filter && typeof value === 'string') params = withUrlFilter(params, filter, value);
  }
  if (search.trim() !== '') params.set(SEARCH_PARAM, search.trim());
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
