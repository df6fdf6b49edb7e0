/**
 * The index of a list's scope, built from its definition: the IndexSpec is asked for once per
 * definition and scope, so every index of that scope (the database's, the saved one) shares it.
 */
import type { ListDefinition } from './list-definition.ts';
import { SearchIndex, type IndexSpec, type IndexedRow } from './search-index.ts';

const specs = new WeakMap<object, Map<string, IndexSpec<never, unknown>>>();

export function indexSpecOf<T extends IndexedRow, S extends string>(definition: ListDefinition<T, S>, scope: S): IndexSpec<T, unknown> {
  let byScope = specs.get(definition);
  if (!byScope) specs.set(definition, (byScope = new Map()));
  let spec = byScope.get(scope) as IndexSpec<T, unknown> | undefined;
  if (!spec) {
    spec = definition.index(scope);
    byScope.set(scope, spec as IndexSpec<never, unknown>);
  }
  return spec;
}

/** A function that indexes rows of the scope (rows of other scopes are left out). */
export function indexFactory<T extends IndexedRow, S extends string>(definition: ListDefinition<T, S>, scope: S): (rows: Iterable<T>) => SearchIndex<T> {
  const spec = indexSpecOf(definition, scope);
  return (rows) => new SearchIndex(spec, rows);
}
