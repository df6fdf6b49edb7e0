/**
 * What the results pages read: every result and patient of the open protected database (read
 * whole and decrypted once, as the order list does: their indexes hold nothing to select by),
 * kept current from the change streams; and, from the user's own database, which provider
 * record this login is (the ordering provider signs off) and the providers' report formats.
 */
import { useEffect, useState } from 'react';
import { map } from 'rxjs';
import type { LocalDatabase, PatientDoc, PreferenceDoc, ProfileDoc, ResultDoc } from '../../../db/index.ts';
import { useLiveQuery } from '../../../lib/local-data/use-live-query.ts';
import { loadDataLayer } from './data-layer.ts';

export interface ResultRecords {
  status: 'loading' | 'ready' | 'error';
  results: ResultDoc[];
  patients: PatientDoc[];
}

export function useResultRecords(db: LocalDatabase): ResultRecords {
  const [records, setRecords] = useState<ResultRecords>({ status: 'loading', results: [], patients: [] });
  useEffect(() => {
    let stopped = false;
    let reading = false;
    let again = false;
    async function read() {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      try {
        const data = await loadDataLayer();
        const [results, patients] = await Promise.all([data.readAllResults(db), data.readAllPatients(db)]);
        if (!stopped) setRecords({ status: 'ready', results, patients });
      } catch (error) {
        console.error('[results] reading the protected records failed', error);
        if (!stopped) setRecords((current) => ({ ...current, status: 'error' }));
      } finally {
        reading = false;
        if (again && !stopped) {
          again = false;
          void read();
        }
      }
    }
    void read();
    const subscriptions = [db.results.eventBulks$.subscribe(() => void read()), db.patients.eventBulks$.subscribe(() => void read())];
    return () => {
      stopped = true;
      subscriptions.forEach((subscription) => subscription.unsubscribe());
    };
  }, [db]);
  return records;
}

/** The provider record this login is (a provider's own login), or null (staff, delegates). */
export function useMyProviderId(userId: string | null): string | null {
  const live = useLiveQuery(
    userId ? `results-profile-${userId}` : null,
    (db) => db.profiles.findOne(userId ?? '').$.pipe(map((doc) => (doc ? (doc.toJSON() as ProfileDoc) : null))),
    'your profile',
  );
  return live.status === 'ready' ? (live.value?.provider_id ?? null) : null;
}

/** Each provider's result distribution preferences (report format, channels). */
export function usePreferences(providerIds: readonly string[]): Map<string, PreferenceDoc> {
  const unique = [...new Set(providerIds)].sort();
  const live = useLiveQuery(
    `results-preferences-${unique.join(',')}`,
    (db) =>
      db.preferences
        .find({ selector: { provider_id: { $in: unique } } })
        .$.pipe(map((docs) => docs.map((doc) => doc.toJSON() as PreferenceDoc))),
    'the report formats',
  );
  return new Map((live.status === 'ready' ? live.value : []).map((pref) => [pref.provider_id, pref]));
}
