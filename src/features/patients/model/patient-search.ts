/**
 * The patient list's search (issue 26): the index spec is shared with order entry's patient
 * step (src/lib/patients/patient-search.ts says how it searches). Inactive patients are a
 * filter of the answer (the Status select), not a scope of their own.
 */
import type { SearchablePatient } from '../../../lib/patients/patient-search.ts';

export { patientIndexSpec, type SearchablePatient } from '../../../lib/patients/patient-search.ts';

export type PatientStatusFilter = 'active' | 'inactive' | 'all';

const active = (patient: SearchablePatient) => patient.is_active;
const inactive = (patient: SearchablePatient) => !patient.is_active;

/** The rows the Status select keeps (null: every row). */
export function patientStatusPredicate(status: PatientStatusFilter): ((patient: SearchablePatient) => boolean) | null {
  return status === 'active' ? active : status === 'inactive' ? inactive : null;
}
