/**
 * The signed-in user's local database for the add-provider pages: null until the data
 * layer has opened it (src/app starts it once the session is known), then the database.
 * The create step reads organizations and existing providers from it and writes the new
 * provider to it; it never asks the API (ARCHITECTURE.md decision 4).
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
