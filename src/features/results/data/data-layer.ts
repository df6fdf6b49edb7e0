/** The data layer's module, loaded on demand (as on every page): results live in the protected database. */
type DataLayer = typeof import('../../../db/index.ts');

let loading: Promise<DataLayer> | null = null;

export function loadDataLayer(): Promise<DataLayer> {
  loading ??= import('../../../db/index.ts');
  return loading;
}
