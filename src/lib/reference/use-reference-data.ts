/**
 * React's view of the reference data: re-renders when a new version replaces the old one.
 * Loads the device's copy on first use, so a page works offline even before the app's
 * start-up refresh ran.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { ReferenceState } from './reference-data.ts';
import { referenceStore } from './app-store.ts';

export function useReferenceData(): ReferenceState {
  const state = useSyncExternalStore(referenceStore.subscribe, referenceStore.getState, referenceStore.getState);
  useEffect(() => {
    if (referenceStore.getState().status === 'idle') void referenceStore.load();
  }, []);
  return state;
}
