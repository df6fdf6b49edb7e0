/**
 * Possible duplicates of a patient being added or edited (issue 26): another patient with
 * the same last name and date of birth, or with the same MRN at the same organization.
 * Names compare without case, accents, spaces or hyphens ("O'Brien-Smith" = "obrien smith");
 * MRNs without case and surrounding spaces. The staff member decides: duplicates are shown
 * with links before saving, never refused.
 */
import { nameKey } from '../../../lib/patients/patient-search.ts';
import { mrnsOf, type MedicalRecordNumber } from './patient-record.ts';

export { nameKey };

export interface DuplicateCandidate {
  id: string;
  last_name: string;
  date_of_birth: string;
  medical_record_numbers: unknown;
}

export type DuplicateReason = 'name-and-birth-date' | 'mrn';

export interface PossibleDuplicate<T extends DuplicateCandidate> {
  patient: T;
  reasons: DuplicateReason[];
  /** The MRNs the two share (organization and number). */
  sharedMrns: MedicalRecordNumber[];
}


const mrnKey = (row: MedicalRecordNumber) => `${row.organization_id.toLowerCase()}|${row.mrn.trim().toLowerCase()}`;

/** The patients that may be the same person as `draft` (never `draft` itself), most reasons first. */
export function findPossibleDuplicates<T extends DuplicateCandidate>(
  draft: { id?: string | null; last_name: string; date_of_birth: string; medical_record_numbers: MedicalRecordNumber[] },
  patients: Iterable<T>,
): PossibleDuplicate<T>[] {
  const lastName = nameKey(draft.last_name);
  const draftMrns = new Map(draft.medical_record_numbers.filter((row) => row.organization_id && row.mrn.trim()).map((row) => [mrnKey(row), row]));
  const found: PossibleDuplicate<T>[] = [];
  for (const patient of patients) {
    if (draft.id && patient.id === draft.id) continue;
    const reasons: DuplicateReason[] = [];
    if (lastName !== '' && draft.date_of_birth !== '' && patient.date_of_birth === draft.date_of_birth && nameKey(patient.last_name) === lastName) {
      reasons.push('name-and-birth-date');
    }
    const sharedMrns = mrnsOf(patient).filter((row) => draftMrns.has(mrnKey(row)));
    if (sharedMrns.length > 0) reasons.push('mrn');
    if (reasons.length > 0) found.push({ patient, reasons, sharedMrns });
  }
  return found.sort((a, b) => b.reasons.length - a.reasons.length);
}
