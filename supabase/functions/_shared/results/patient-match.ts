// Is a result about the patient of the order it names? A result filed under the wrong
// patient is the worst error a laboratory product can make, so the server compares the
// message's PID with the order's patient before filing anything, and a mismatch goes to a
// person (the result queue) with both identities side by side, never onto the order.
//
// The rule: identifiers first, where both sides have one of the same kind (this product's
// patient id sent as PID-3 MR, the MBI as MC, the Medicaid number as MA, the client's MRN as
// PT): any that differ is a mismatch. A date of birth that differs is always a mismatch.
// When an identifier agrees, the family name must agree too; when none can be compared, the
// family name, the given name and the date of birth must all agree. Names are compared
// without case, accents, hyphens, apostrophes, dots or spaces ("O'Brien-Núñez" = "OBRIEN
// NUNEZ"); the given name also agrees on its first word ("Mary" = "MARY K").
import type { ResultMessage, ResultPatient } from '../hl7/result-types.ts';

/** The order's patient as the patients table has it (the columns the match reads). */
export interface MatchPatient {
  lab_patient_id: string;
  first_name: string;
  last_name: string;
  date_of_birth: string;
  medical_record_numbers?: ReadonlyArray<{ organization_id: string; mrn: string }> | null;
  coverages?: ReadonlyArray<{ payer_type: string; member_id?: string | null }> | null;
}

export interface MatchOrder {
  requisition_number: string;
  organization_id: string;
  tests: ReadonlyArray<{ code: string; name?: string | null; declined?: boolean | null }>;
}

export type MatchVerdict =
  | { ok: true }
  | { ok: false; kind: 'patient_mismatch' | 'test_mismatch'; text: string; location: string };

/** The application this product names itself in MSH-3, the authority of its patient ids. */
const OWN_AUTHORITY = 'LABLINK';

export function nameKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[-'’`.\s]/g, '');
}

function firstWord(name: string): string {
  return nameKey(name.trim().split(/\s+/)[0] ?? '');
}

function sameGiven(a: string, b: string): boolean {
  return nameKey(a) === nameKey(b) || (firstWord(a) !== '' && firstWord(a) === firstWord(b));
}

/** "PENNINGTON, HAROLD 1944-02-29": how a person tells two identities apart at a glance. */
export function identityText(last: string, first: string, birthDate: string | null): string {
  return `${last.toUpperCase()}, ${first.toUpperCase()}${birthDate ? ` ${birthDate}` : ''}`.trim();
}

export function patientIdentity(patient: MatchPatient): string {
  return identityText(patient.last_name, patient.first_name, patient.date_of_birth);
}

export function messageIdentity(patient: ResultPatient): string {
  return identityText(patient.lastName, patient.firstName, patient.birthDate);
}

const normalizeId = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();

/** The order's patient's identifiers by kind, as the ORM sent them (lab/order-message.ts). */
function identifiersOf(patient: MatchPatient, organizationId: string): Array<{ type: string; authority: string | null; value: string }> {
  const ids: Array<{ type: string; authority: string | null; value: string }> = [{ type: 'MR', authority: OWN_AUTHORITY, value: patient.lab_patient_id }];
  const mrn = (patient.medical_record_numbers ?? []).find((item) => item.organization_id === organizationId)?.mrn;
  if (mrn) ids.push({ type: 'PT', authority: null, value: mrn });
  const medicare = (patient.coverages ?? []).find((c) => c.payer_type === 'medicare')?.member_id;
  if (medicare) ids.push({ type: 'MC', authority: null, value: medicare });
  const medicaid = (patient.coverages ?? []).find((c) => c.payer_type === 'medicaid')?.member_id;
  if (medicaid) ids.push({ type: 'MA', authority: null, value: medicaid });
  return ids;
}

/** Agree, differ, or cannot be compared (no identifier of a kind both sides have). */
function compareIdentifiers(message: ResultPatient, patient: MatchPatient, organizationId: string): 'agree' | 'differ' | 'none' {
  const ours = identifiersOf(patient, organizationId);
  let agreed = false;
  for (const id of message.identifiers) {
    const type = id.type.toUpperCase();
    // A medical record number of another authority (the laboratory's own) is not ours to compare.
    if (type === 'MR' && id.authority && id.authority.toUpperCase() !== OWN_AUTHORITY) continue;
    const mine = ours.find((item) => item.type === type);
    if (!mine) continue;
    if (normalizeId(mine.value) !== normalizeId(id.value)) return 'differ';
    agreed = true;
  }
  return agreed ? 'agree' : 'none';
}

/**
 * Whether the result's patient is the order's patient. The text names the order and both
 * identities: "Order R-… is for PENNINGTON, HAROLD 1944-02-29; the result names DOE, JANE
 * 1980-01-01"; the location is the PID field that differs.
 */
export function matchPatient(message: ResultPatient, patient: MatchPatient, order: MatchOrder): MatchVerdict {
  const text = `Order ${order.requisition_number} is for ${patientIdentity(patient)}; the result names ${messageIdentity(message)}`;
  const mismatch = (location: string, why: string): MatchVerdict => ({ ok: false, kind: 'patient_mismatch', text: `${text} (${why})`, location });
  const ids = compareIdentifiers(message, patient, order.organization_id);
  if (ids === 'differ') return mismatch('PID-3', 'the patient identifiers differ');
  if (message.birthDate && message.birthDate !== patient.date_of_birth) return mismatch('PID-7', 'the dates of birth differ');
  const family = nameKey(message.lastName) === nameKey(patient.last_name);
  if (ids === 'agree') return family ? { ok: true } : mismatch('PID-5', 'the family names differ');
  if (!family) return mismatch('PID-5', 'the family names differ');
  if (!sameGiven(message.firstName, patient.first_name)) return mismatch('PID-5', 'the given names differ');
  if (!message.birthDate) return mismatch('PID-7', 'the result gives no identifier and no date of birth to confirm it');
  return { ok: true };
}

/** Whether every resulted test of the message's OBRs naming this order was ordered (and sent). */
export function matchTests(message: ResultMessage, order: MatchOrder, obrIndexes: readonly number[]): MatchVerdict {
  const sent = new Set(order.tests.filter((t) => !t.declined).map((t) => t.code.toUpperCase()));
  for (const index of obrIndexes) {
    const obr = message.orders[index];
    if (!obr || sent.has(obr.testCode.toUpperCase())) continue;
    const name = obr.testName ? ` (${obr.testName})` : '';
    return { ok: false, kind: 'test_mismatch', text: `Order ${order.requisition_number} did not ask for test ${obr.testCode}${name}`, location: `OBR[${index + 1}]-4` };
  }
  return { ok: true };
}
