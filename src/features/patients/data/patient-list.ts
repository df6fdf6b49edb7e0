/**
 * The patients of the open protected database: one shared list for every page that needs
 * them (the patient list, the duplicate check, order entry), in src/lib/patients.
 */
export { patientListDefinition, usePatientList, type ListPatient } from '../../../lib/patients/patient-list.ts';
