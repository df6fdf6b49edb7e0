/**
 * The signed-in user's local database for React: null until the data layer has opened it
 * (src/app's LocalDataProvider starts it once the session is known), then the database.
 * Pages read only this database (ARCHITECTURE.md decision 4), never the API.
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
