/**
 * How patients are searched and compared, shared by the patients feature and order entry's
 * patient step (features do not import each other). By name, date of birth and MRN, over the
 * list index's haystacks, so each keystroke is a substring scan of precomputed strings,
 * never a database query (ARCHITECTURE.md: 1.5 ms over 50,000). Dates of birth match as
 * typed in the usual US ways: `07/23/1951`, `7/23/1951`, `1951-07-23`, and partial `07/23`.
 * Each query word must be found (in any field: 'okafor 1948'); the list is sorted by last
 * name, then first name.
 */
import type { IndexSpec, IndexedRow } from '../list/search-index.ts';
import { isPrintableAscii, searchKey } from '../list/search-key.ts';
import { textIndexSpec } from '../list/text-index-spec.ts';

export interface MedicalRecordNumber {
  organization_id: string;
  mrn: string;
}

export function mrnsOf(record: { medical_record_numbers: unknown }): MedicalRecordNumber[] {
  return Array.isArray(record.medical_record_numbers) ? (record.medical_record_numbers as MedicalRecordNumber[]) : [];
}

const NOT_LETTER_OR_DIGIT = /[^a-z0-9]/g;

/** A name as compared: no accents, no case, letters and digits only ('O’Brien-Smith' → 'obriensmith'). */
export function nameKey(name: string): string {
  // Most names are plain ASCII: skip the Unicode work (as searchKey does), run for every patient at unlock.
  if (isPrintableAscii(name)) return name.toLowerCase().replace(NOT_LETTER_OR_DIGIT, '');
  return name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

export interface SearchablePatient extends IndexedRow {
  first_name: string;
  middle_name: string | null;
  last_name: string;
  date_of_birth: string;
  lab_patient_id: string;
  medical_record_numbers: unknown;
  is_active: boolean;
}

/** A name without spaces, hyphens and apostrophes, when it has any (else null: the name itself matches the same). */
function markless(name: string): string | null {
  const key = nameKey(name);
  return key === searchKey(name) ? null : key;
}

/**
 * The ways a date of birth is typed: 1951-07-23, 07/23/1951, 7/23/1951, 7/3/1951. The
 * unpadded form is added only when the padded one does not already hold it (a day of 1–9):
 * every character of a haystack is scanned by the first keystrokes of a search.
 */
function birthDateForms(iso: string): string {
  const [year, month, day] = iso.split('-');
  if (!year || !month || !day) return iso;
  const padded = `${month}/${day}/${year}`;
  const unpadded = `${Number(month)}/${Number(day)}/${year}`;
  return padded.includes(unpadded) ? `${iso} ${padded}` : `${iso} ${padded} ${unpadded}`;
}

/** Every patient, by last name then first name, searched by each word of the query. */
export function patientIndexSpec<T extends SearchablePatient>(): IndexSpec<T, unknown> {
  return textIndexSpec<T>({
    sortText: (patient) => [nameKey(patient.last_name), nameKey(patient.first_name)],
    searchText: (patient) => [
      patient.first_name,
      patient.middle_name,
      patient.last_name,
      // 'obrien' finds O'Brien: the names without their marks, where that differs (a copy of a
      // plain name would only lengthen the haystack every keystroke scans).
      markless(patient.last_name),
      markless(patient.first_name),
      birthDateForms(patient.date_of_birth),
      patient.lab_patient_id,
      ...mrnsOf(patient).map((row: MedicalRecordNumber) => row.mrn),
    ],
    matchWords: true,
  }) as IndexSpec<T, unknown>;
}
