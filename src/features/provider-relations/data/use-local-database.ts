/**
 * The signed-in user's local database for React: null until src/app's LocalDataProvider
 * has opened it, then the database. This feature reads only local data (ARCHITECTURE.md
 * decision 4): every list here is a reactive query, so writes made here, on another tab or
 * synced from another device show without a reload.
 */
import { useSyncExternalStore } from 'react';
import { getLocalDatabase, localData$, type LocalDatabase } from '../../../db/index.ts';

function subscribe(onChange: () => void): () => void {
  const subscription = localData$.subscribe(() => onChange());
  return () => subscription.unsubscribe();
}

export function useLocalDatabase(): LocalDatabase | null {
  return useSyncExternalStore(subscribe, getLocalDatabase, getLocalDatabase);
}
