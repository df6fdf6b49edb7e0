/**
 * The patients of the open protected database as the list and the duplicate check need
 * them: a list of the one list machinery for protected records (src/lib/list/protected-list.ts:
 * read and decrypted once into an in-memory search index, nothing of it written anywhere,
 * kept current from the change stream in coalesced batches, dropped with the database on
 * lock and sign-out). One index per protected database, shared by the list, the add page's
 * duplicate check and every later view.
 */
import type { LocalDatabase, PatientDoc } from '../../../db/index.ts';
import type { ListSnapshot } from '../../../lib/list/list-source.ts';
import { collectionDeps, useProtectedList, type ProtectedListDefinition } from '../../../lib/list/protected-list.ts';
import { patientIndexSpec } from '../model/patient-search.ts';

export type ListPatient = Readonly<PatientDoc>;

export const patientListDefinition: ProtectedListDefinition<ListPatient> = {
  name: 'patients',
  index: patientIndexSpec<ListPatient>(),
  deps: (db) => collectionDeps<ListPatient>(db, 'patients'),
};

/** The patient list of the open protected database (loading while there is none). */
export function usePatientList(db: LocalDatabase | null): ListSnapshot<ListPatient> {
  return useProtectedList(patientListDefinition, db);
}
