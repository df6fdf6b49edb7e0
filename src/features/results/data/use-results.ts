/**
 * What the results pages read: every result and patient of the open protected database (read
 * whole and decrypted once, as the order list does: their indexes hold nothing to select by;
 * the patients are the patient list's, src/lib/patients),
 * kept current from the change streams in memory; and, from the user's own database, which provider
 * record this login is (the ordering provider signs off) and the providers' report formats.
 */
import { useMemo } from 'react';
import { map } from 'rxjs';
import type { LocalDatabase, PatientDoc, PreferenceDoc, ProfileDoc, ResultDoc } from '../../../db/index.ts';
import { protectedCollection, useProtectedList } from '../../../lib/list/protected-list.ts';
import { usePatientList } from '../../../lib/patients/patient-list.ts';
import { useLiveQuery } from '../../../lib/local-data/use-live-query.ts';

export interface ResultRecords {
  status: 'loading' | 'ready' | 'error';
  results: readonly ResultDoc[];
  patients: readonly PatientDoc[];
}

const NONE: readonly never[] = [];

/**
 * The results and patients of the open protected database, shared by every page of it and
 * kept current from the change streams (src/lib/list/protected-list.ts): a result signed off
 * updates one record instead of reading and opening every result and patient again.
 */
export function useResultRecords(db: LocalDatabase): ResultRecords {
  const results = useProtectedList(protectedCollection<ResultDoc>('results'), db);
  const patients = usePatientList(db);
  const failed = results.phase === 'error' || patients.phase === 'error';
  const resultRows = results.index?.rows() ?? NONE;
  const patientRows = (patients.index?.rows() ?? NONE) as readonly PatientDoc[];
  const status = failed ? 'error' : results.index && patients.index ? 'ready' : 'loading';
  return useMemo(() => ({ status, results: resultRows, patients: patientRows }), [status, resultRows, patientRows]);
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
