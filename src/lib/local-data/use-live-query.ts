/**
 * One reactive local query as React state: 'loading' until its first answer, then 'ready'
 * with the value (updated on every change), or 'error' when the local read fails. `key`
 * names the query: a new key starts a new subscription (and shows 'loading' until it
 * answers); null means "not yet". Pages read only the local database this way, so writes
 * made here, in another tab or synced from another device show without a reload.
 */
import { useEffect, useRef, useState } from 'react';
import type { Observable } from 'rxjs';
import type { LocalDatabase } from '../../db/index.ts';
import { useLocalDatabase } from './use-local-database.ts';

export type Live<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; error: unknown };

interface Answer<T> {
  key: string;
  db: LocalDatabase;
  live: Live<T>;
}

export function useLiveQuery<T>(key: string | null, query: (db: LocalDatabase) => Observable<T>, label: string): Live<T> {
  const db = useLocalDatabase();
  const [answer, setAnswer] = useState<Answer<T> | null>(null);
  // The latest query function, without making it a dependency (callers pass inline functions).
  const queryRef = useRef(query);
  useEffect(() => {
    queryRef.current = query;
  });

  useEffect(() => {
    if (!db || key === null) return undefined;
    const subscription = queryRef.current(db).subscribe({
      next: (value) => setAnswer({ key, db, live: { status: 'ready', value } }),
      error: (error: unknown) => {
        console.error(`[local-data] loading ${label} failed`, error);
        setAnswer({ key, db, live: { status: 'error', error } });
      },
    });
    return () => subscription.unsubscribe();
  }, [db, key, label]);

  if (!answer || answer.key !== key || answer.db !== db) return { status: 'loading' };
  return answer.live;
}
