/**
 * The data layer for the patient pages: the user's database (organizations, for MRNs) and
 * the protected database (patients), which is open only after the password was entered in
 * this tab (src/db/protected). The data layer's module loads on demand, as on every page.
 */
import { useSyncExternalStore } from 'react';
import type { LocalDatabase, ProtectedState } from '../../../db/index.ts';

type DataLayer = typeof import('../../../db/index.ts');

let dataLayer: DataLayer | null = null;
let loading: Promise<DataLayer> | null = null;

/** The data layer's module once it has loaded (null before). */
export function dataLayerNow(): DataLayer | null {
  return dataLayer;
}

export function loadDataLayer(): Promise<DataLayer> {
  loading ??= import('../../../db/index.ts').then((module) => (dataLayer = module));
  return loading;
}

function subscribeTo(pick: (module: DataLayer) => { subscribe(next: () => void): { unsubscribe(): void } }) {
  return (onChange: () => void): (() => void) => {
    let stopped = false;
    let unsubscribe = () => {};
    void loadDataLayer().then((module) => {
      if (stopped) return;
      const subscription = pick(module).subscribe(() => onChange());
      unsubscribe = () => subscription.unsubscribe();
      onChange();
    });
    return () => {
      stopped = true;
      unsubscribe();
    };
  };
}

const subscribeLocal = subscribeTo((module) => module.localData$);
const subscribeProtected = subscribeTo((module) => module.protectedData$);
const localSnapshot = (): LocalDatabase | null => dataLayer?.getLocalDatabase() ?? null;
const protectedSnapshot = (): ProtectedState | null => (dataLayer ? dataLayer.protectedDataState() : null);

export function useLocalDatabase(): LocalDatabase | null {
  return useSyncExternalStore(subscribeLocal, localSnapshot, localSnapshot);
}

/** The protected data's state in this tab; null while the data layer's code loads. */
export function useProtectedData(): ProtectedState | null {
  return useSyncExternalStore(subscribeProtected, protectedSnapshot, protectedSnapshot);
}
