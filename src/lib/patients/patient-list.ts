/**
 * The patients of the open protected database as every page needs them: one list of the
 * list machinery for protected records (src/lib/list/protected-list.ts: read and decrypted
 * once into an in-memory search index, written nowhere but sealed with the data key for the
 * next unlock, kept current from the change stream in coalesced batches, dropped with the
 * database on lock and sign-out). One index per protected database, shared by the patient
 * list, the add page's duplicate check and order entry's patient step (issue 26: searched
 * as fast as the provider search at 100,000 patients), which is why it lives here and not
 * in a feature (patient-search.ts: how it searches).
 */
import type { LocalDatabase, PatientDoc } from '../../db/index.ts';
import type { ListSnapshot } from '../list/list-source.ts';
import { collectionDeps, useProtectedList, type ProtectedListDefinition } from '../list/protected-list.ts';
import { patientIndexSpec } from './patient-search.ts';

export type ListPatient = Readonly<PatientDoc>;

export const patientListDefinition: ProtectedListDefinition<ListPatient> = {
  name: 'patients',
  index: patientIndexSpec<ListPatient>(),
  deps: (db) => collectionDeps<ListPatient>(db, 'patients', { savable: true }),
};

/** The patient list of the open protected database (loading while there is none). */
export function usePatientList(db: LocalDatabase | null): ListSnapshot<ListPatient> {
  return useProtectedList(patientListDefinition, db);
}
