/**
 * The signed-in user's local database for React: null until the data layer has opened it
 * (src/app's LocalDataProvider starts it once the session is known), then the database.
 * Pages read only this database (ARCHITECTURE.md decision 4), never the API. The data
 * layer's module is imported dynamically, so a page using this hook can paint (e.g. the
 * lists' saved first page) before RxDB's code has loaded.
 */
import { useSyncExternalStore } from 'react';
import type { LocalDatabase } from '../../db/index.ts';

type DataLayer = typeof import('../../db/index.ts');

let dataLayer: DataLayer | null = null;
let loading: Promise<DataLayer> | null = null;

function load(): Promise<DataLayer> {
  loading ??= import('../../db/index.ts').then((module) => (dataLayer = module));
  return loading;
}

function subscribe(onChange: () => void): () => void {
  let stopped = false;
  let unsubscribe = () => {};
  void load().then((module) => {
    if (stopped) return;
    const subscription = module.localData$.subscribe(() => onChange());
    unsubscribe = () => subscription.unsubscribe();
  });
  return () => {
    stopped = true;
    unsubscribe();
  };
}

const getSnapshot = (): LocalDatabase | null => dataLayer?.getLocalDatabase() ?? null;

export function useLocalDatabase(): LocalDatabase | null {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
