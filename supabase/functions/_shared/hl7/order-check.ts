// Checks an order input before a message is built from it, with a property path in every
// error ("tests[1].questionAnswers[0].value"), so a bug upstream is named precisely instead
// of producing a message the laboratory rejects. Rules are those of the message itself
// (required fields, formats, billing needs) — Medicare's rules are decided elsewhere.
import { hasValidCheckDigit } from '../npi.ts';
import { formatHl7Date, formatHl7Time } from './datetime.ts';
import { Hl7Error } from './errors.ts';
import type { CancelMessageInput, OrderMessageInput } from './order-types.ts';

const REQUISITION = /^[A-Za-z0-9][A-Za-z0-9-]*$/;
const ICD10CM = /^[A-TV-Z][0-9][0-9A-Z](?:\.?[0-9A-Z]{1,4})?$/;
const SEXES = new Set(['F', 'M', 'O', 'U']);
export const MAX_DIAGNOSES = 12;

function text(value: unknown, location: string, what: string): void {
  if (typeof value !== 'string' || value.trim() === '') throw new Hl7Error(`${what} is required`, location);
}

/** "E119" or "e11.9" → "E11.9": ICD-10-CM with its dot after the third character. */
export function dottedIcd10(code: string, location: string): string {
  const upper = code.trim().toUpperCase();
  if (!ICD10CM.test(upper)) throw new Hl7Error(`"${code}" is not an ICD-10-CM code`, location);
  const bare = upper.replace('.', '');
  return bare.length > 3 ? `${bare.slice(0, 3)}.${bare.slice(3)}` : bare;
}

export function checkOrderInput(input: OrderMessageInput): void {
  text(input.requisitionNumber, 'requisitionNumber', 'the requisition number');
  if (!REQUISITION.test(input.requisitionNumber)) {
    throw new Hl7Error(`"${input.requisitionNumber}" may hold only letters, digits and hyphens`, 'requisitionNumber');
  }
  if (!Number.isInteger(input.version) || input.version < 1) throw new Hl7Error('the version must be a whole number from 1', 'version');
  formatHl7Time(input.sentAt, input.utcOffsetMinutes ?? 0, 'sentAt');
  for (const side of ['sender', 'receiver'] as const) {
    text(input[side]?.application, `${side}.application`, 'the application name');
    text(input[side]?.facility, `${side}.facility`, 'the facility');
  }

  const patient = input.patient;
  text(patient?.id, 'patient.id', "the patient's id");
  text(patient.lastName, 'patient.lastName', "the patient's last name");
  text(patient.firstName, 'patient.firstName', "the patient's first name");
  formatHl7Date(patient.birthDate, 'patient.birthDate');
  if (!SEXES.has(patient.sex)) throw new Hl7Error(`"${patient.sex}" is not one of F, M, O, U`, 'patient.sex');
  (patient.identifiers ?? []).forEach((id, i) => text(id.value, `patient.identifiers[${i}].value`, 'the identifier'));

  const provider = input.orderingProvider;
  text(provider?.lastName, 'orderingProvider.lastName', "the ordering provider's last name");
  if (!hasValidCheckDigit(provider.npi ?? '')) {
    throw new Hl7Error(`"${provider.npi}" is not a valid NPI`, 'orderingProvider.npi');
  }
  text(input.client?.accountNumber, 'client.accountNumber', "the client's account number");
  text(input.client.name, 'client.name', "the client's name");
  if (input.priority !== 'routine' && input.priority !== 'stat') {
    throw new Hl7Error(`"${String(input.priority)}" is not routine or stat`, 'priority');
  }
  if (!['client', 'patient', 'insurance'].includes(input.billTo)) {
    throw new Hl7Error(`"${String(input.billTo)}" is not client, patient or insurance`, 'billTo');
  }

  const diagnoses = input.diagnoses ?? [];
  if (diagnoses.length > MAX_DIAGNOSES) throw new Hl7Error(`at most ${MAX_DIAGNOSES} diagnoses can be sent, got ${diagnoses.length}`, 'diagnoses');
  const codes = diagnoses.map((d, i) => dottedIcd10(d.code ?? '', `diagnoses[${i}].code`));
  if (input.billTo === 'insurance') {
    if (!input.coverages?.length) throw new Hl7Error('insurance billing needs at least one coverage', 'coverages');
    if (codes.length === 0) throw new Hl7Error('insurance billing needs at least one diagnosis', 'diagnoses');
  }
  (input.coverages ?? []).forEach((coverage, i) => {
    text(coverage.payerId, `coverages[${i}].payerId`, "the payer's id");
    text(coverage.payerName, `coverages[${i}].payerName`, "the payer's name");
    text(coverage.memberId, `coverages[${i}].memberId`, 'the member id');
    text(coverage.insured?.lastName, `coverages[${i}].insured.lastName`, "the insured's last name");
    if (coverage.insured.birthDate) formatHl7Date(coverage.insured.birthDate, `coverages[${i}].insured.birthDate`);
  });
  if (input.collection?.collectedAt) formatHl7Time(input.collection.collectedAt, 0, 'collection.collectedAt');

  if (!input.tests?.length) throw new Hl7Error('an order needs at least one test', 'tests');
  const seen = new Set<string>();
  input.tests.forEach((test, i) => {
    const at = `tests[${i}]`;
    text(test.code, `${at}.code`, 'the order code');
    text(test.name, `${at}.name`, 'the test name');
    if (seen.has(test.code)) throw new Hl7Error(`test ${test.code} is ordered twice`, `${at}.code`);
    seen.add(test.code);
    if (test.abn?.option === 3) {
      throw new Hl7Error(`the patient declined test ${test.code} (ABN option 3): it must not be sent`, `${at}.abn.option`);
    }
    if (test.abn?.modifier === 'GA' && test.abn.status !== 'signed') {
      throw new Hl7Error('modifier GA needs a signed ABN', `${at}.abn.modifier`);
    }
    (test.diagnosisCodes ?? []).forEach((code, j) => {
      if (!codes.includes(dottedIcd10(code, `${at}.diagnosisCodes[${j}]`))) {
        throw new Hl7Error(`${code} is not one of the order's diagnoses`, `${at}.diagnosisCodes[${j}]`);
      }
    });
    (test.questionAnswers ?? []).forEach((answer, j) => {
      const where = `${at}.questionAnswers[${j}]`;
      text(answer.code, `${where}.code`, "the question's code");
      text(answer.value, `${where}.value`, 'the answer');
      if (answer.valueType === 'NM' && !/^-?\d+(?:\.\d+)?$/.test(answer.value)) {
        throw new Hl7Error(`"${answer.value}" is not a number`, `${where}.value`);
      }
      if (answer.valueType === 'DT') formatHl7Date(answer.value, `${where}.value`);
      if (!['ST', 'NM', 'DT', 'CE'].includes(answer.valueType)) {
        throw new Hl7Error(`"${String(answer.valueType)}" is not ST, NM, DT or CE`, `${where}.valueType`);
      }
    });
  });
}

export function checkCancelInput(input: CancelMessageInput): void {
  checkOrderInput(input);
  text(input.reason, 'reason', 'the reason for cancelling');
  (input.testCodes ?? []).forEach((code, i) => {
    if (!input.tests.some((test) => test.code === code)) {
      throw new Hl7Error(`${code} is not one of the order's tests`, `testCodes[${i}]`);
    }
  });
}
