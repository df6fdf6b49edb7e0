/**
 * A list's server query (remote-list.ts) as one database function per list (issue 28):
 * `fn(p_search, p_scope, p_limit, p_offset)` answers a page of the scope in the list's
 * order and by its search rule, each row with `match_count` (rows that match) and
 * `scope_count` (rows in the scope); RLS applies (security invoker). supabase-js is loaded
 * on the first question, so it stays out of the list's first paint.
 */
import type { RemoteListQuery, RemotePageRequest } from './remote-list.ts';
import type { IndexedRow } from './search-index.ts';

/** A row of a page function: the list's columns, and the counts of the answer. */
export interface PageFunctionRow extends Record<string, unknown> {
  match_count: number | string;
  scope_count: number | string;
}

/** The function's arguments for a page request. */
export function pageArguments(request: Pick<RemotePageRequest<string>, 'scope' | 'search' | 'offset' | 'limit'>) {
  return { p_search: request.search, p_scope: request.scope, p_limit: request.limit, p_offset: request.offset };
}

/** `toRow` makes the list's slim row of a function row (leaving the counts out). */
export function rpcPageQuery<T extends IndexedRow, S extends string>(functionName: string, toRow: (row: PageFunctionRow) => T): RemoteListQuery<T, S> {
  return {
    async fetchPage(request) {
      const { supabase } = await import('../supabase.ts');
      const { data, error } = await supabase.rpc(functionName, pageArguments(request)).abortSignal(request.signal);
      if (error) throw new Error(`${functionName}: ${error.message}`);
      const rows = (data ?? []) as PageFunctionRow[];
      const first = rows[0];
      return {
        rows: rows.map(toRow),
        matchCount: first ? Number(first.match_count) : 0,
        scopeCount: first ? Number(first.scope_count) : null,
      };
    },
  };
}
