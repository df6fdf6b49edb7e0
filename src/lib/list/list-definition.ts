/**
 * One list machinery (ARCHITECTURE.md, "One list machinery"): the provider lists,
 * organizations, memberships, and later patients, orders and users are all the same list —
 * virtualized, searched from a haystack kept current from the change stream, painted from
 * the saved first page after a reload, filtered from the URL. A list is described once by a
 * ListDefinition; everything else is shared.
 *
 * How a new list plugs in:
 *
 * 1. The record type T (a plain row with an `id`) and `slim(row)`: what a row keeps in the
 *    list's memory and in the pages saved for the next visit (only what the row shows).
 * 2. Its scopes (at least one, e.g. 'all'; the provider lists have 'healthcare' and
 *    'non_healthcare') and `index(scope)`: an IndexSpec — usually
 *    `textIndexSpec({ includes, sortText, searchText })` (text-index-spec.ts) — which says
 *    who belongs to the scope, the sort key and the search text. Each scope is its own
 *    index, cached and saved; cheap filters that change often (an organization, active or
 *    not) are URL filters applied to the index's answer instead (url-filters.ts).
 * 3. `database`: where the rows come from. Either a collection (`collection`, plus
 *    `firstPage` to paint the first rows from an indexed sorted query: the field to sort by
 *    and each scope's selector), or `deps(db, scope)` for rows joined from several
 *    collections (joined-list-deps.ts).
 * 4. The page: `useList(definition, scope)` (use-list.ts) gives the list's state,
 *    `useListRows(list, search, filter)` the rows to show, `listDisplay(...)` which of
 *    loading / failed / empty / table to render; src/components/list has the search card,
 *    the virtualized table (columns + a memoized row component), the empty and status
 *    panels, and the scope switch.
 * 5. Sign-out clears every list's saved pages already (keyed per user), nothing to add.
 * 6. Optionally `remote`: how the server answers a page of the list (remote-list.ts), for
 *    while this device's first download runs (issue 28); `useListAnswer` (use-list-answer.ts)
 *    then takes the rows from the server until the local copy is complete.
 */
import type { LocalDatabase } from '../../db/index.ts';
import type { ListSourceDeps } from './list-source.ts';
import type { RemoteListQuery } from './remote-list.ts';
import type { IndexSpec, IndexedRow } from './search-index.ts';

/** The list's data from the local database, with what the saved-list shortcut needs. */
export interface DatabaseListDeps<T extends IndexedRow> extends ListSourceDeps<T> {
  /** The records' last write the list reflects (NaN: unknown, then the list is not saved whole); only ever errs old. */
  lastWrite(): number;
  /** Whether the rows came from the saved list (then it need not be saved again unchanged). */
  fromSaved(): boolean;
}

export interface CollectionListSource<S extends string> {
  /** The local collection the rows are (e.g. 'organizations'). */
  collection: 'organizations' | 'providers' | 'profiles' | 'user_roles' | 'memberships' | 'preferences' | 'delegates';
  /** Paint the first rows from an indexed query: the indexed field sorted by, and each scope's selector on indexed fields. */
  firstPage?: { sortField: string; selector(scope: S): Record<string, unknown> };
}

export interface JoinedListSource<T extends IndexedRow, S extends string> {
  /** Builds the rows itself (e.g. joined from several collections); see joined-list-deps.ts. */
  deps(db: LocalDatabase, scope: S): DatabaseListDeps<T>;
}

export interface ListDefinition<T extends IndexedRow, S extends string = string> {
  /** Names the list in logs and keys its caches: 'providers', 'organizations', 'memberships'. */
  name: string;
  scopes: readonly S[];
  /** The key of a scope's cache entry and saved lists (default `${name}:${scope}`). */
  listKey?(scope: S): string;
  /** Who belongs to a scope, the sort key and the search text (called once per scope; keep it cheap). */
  index(scope: S): IndexSpec<T, unknown>;
  /** What a row keeps in memory and in the saved pages: only what the list shows. */
  slim(row: T): T;
  database: CollectionListSource<S> | JoinedListSource<T, S>;
  /**
   * How the server answers a page of the list, in the same order and by the same search
   * rule, for while this device's own copy is incomplete (absent: the partial local copy).
   */
  remote?: RemoteListQuery<T, S>;
}

export function listKeyOf<T extends IndexedRow, S extends string>(definition: ListDefinition<T, S>, scope: S): string {
  return definition.listKey ? definition.listKey(scope) : `${definition.name}:${scope}`;
}
