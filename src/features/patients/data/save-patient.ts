/**
 * Writes of patients to the protected database (they sync from there, offline or not). A
 * new patient gets its lab patient id on this device, from the device number and counter
 * (src/db/protected/device-sequence.ts), and records the staff member who added it.
 */
import type { LocalDatabase, PatientDoc, PatientInput } from '../../../db/index.ts';
import { labPatientId } from '../model/patient-record.ts';
import { loadDataLayer } from './use-data-layer.ts';

export type PatientFields = Omit<PatientInput, 'lab_patient_id'>;

export async function addPatient(db: LocalDatabase, userId: string, fields: PatientFields): Promise<PatientDoc> {
  const data = await loadDataLayer();
  const { device, counter } = await data.nextDeviceSequence(data.deviceRecordsOf(userId));
  const doc = data.newLocalDoc('patients', { ...fields, lab_patient_id: labPatientId(device, counter), created_by: userId, is_active: true });
  const inserted = await db.patients.insert(doc);
  return inserted.toJSON() as PatientDoc;
}

export async function updatePatient(db: LocalDatabase, id: string, fields: Partial<PatientFields>): Promise<void> {
  const doc = await db.patients.findOne(id).exec();
  if (!doc) throw new Error('The patient is no longer on this device');
  await doc.incrementalPatch(fields as Partial<PatientDoc>);
}
