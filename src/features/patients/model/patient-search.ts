/**
 * The patient list's search (issue 26): by name, date of birth and MRN, over the haystacks
 * of the one list machinery's in-memory index (src/lib/list/protected-list.ts: built once
 * from the decrypted patients after unlock, in memory only, nothing of it stored, and kept
 * current from the change stream), so each keystroke is a substring scan of precomputed
 * strings, never a database query (ARCHITECTURE.md: 1.5 ms over 50,000).
 *
 * Dates of birth match as typed in the usual US ways: `07/23/1951`, `7/23/1951`,
 * `1951-07-23`, and partial `07/23`. Each query word must be found (in any field: 'okafor
 * 1948'); the list is sorted by last name, then first name. Inactive patients are a filter
 * of the answer (the Status select), not a scope of their own.
 */
import type { IndexSpec, IndexedRow } from '../../../lib/list/search-index.ts';
import { textIndexSpec } from '../../../lib/list/text-index-spec.ts';
import { nameKey } from './duplicates.ts';
import { mrnsOf, type MedicalRecordNumber } from './patient-record.ts';

export interface SearchablePatient extends IndexedRow {
  first_name: string;
  middle_name: string | null;
  last_name: string;
  date_of_birth: string;
  lab_patient_id: string;
  medical_record_numbers: unknown;
  is_active: boolean;
}

/** The ways a date of birth is typed: 1951-07-23, 07/23/1951, 7/23/1951. */
function birthDateForms(iso: string): string {
  const [year, month, day] = iso.split('-');
  if (!year || !month || !day) return iso;
  return `${iso} ${month}/${day}/${year} ${Number(month)}/${Number(day)}/${year}`;
}

/** Every patient, by last name then first name, searched by each word of the query. */
export function patientIndexSpec<T extends SearchablePatient>(): IndexSpec<T, unknown> {
  return textIndexSpec<T>({
    sortText: (patient) => [nameKey(patient.last_name), nameKey(patient.first_name)],
    searchText: (patient) => [
      patient.first_name,
      patient.middle_name,
      patient.last_name,
      nameKey(patient.last_name),
      nameKey(patient.first_name),
      birthDateForms(patient.date_of_birth),
      patient.lab_patient_id,
      ...mrnsOf(patient).map((row: MedicalRecordNumber) => row.mrn),
    ],
    matchWords: true,
  }) as IndexSpec<T, unknown>;
}

export type PatientStatusFilter = 'active' | 'inactive' | 'all';

const active = (patient: SearchablePatient) => patient.is_active;
const inactive = (patient: SearchablePatient) => !patient.is_active;

/** The rows the Status select keeps (null: every row). */
export function patientStatusPredicate(status: PatientStatusFilter): ((patient: SearchablePatient) => boolean) | null {
  return status === 'active' ? active : status === 'inactive' ? inactive : null;
}
