/**
 * The patient form (add and edit, issue 26): demographics, medical record numbers per
 * client organization, primary and secondary coverage. A valibot schema for react-hook-form
 * with exact messages, and the conversions form ⇄ record. A Medicare member id must be a
 * Medicare Beneficiary Identifier in CMS's format (the shared rule, src/lib/lab/mbi.ts);
 * it may be typed with dashes or spaces, is stored without and shown `1EG4-TE5-MK73`.
 */
import { isUntouched } from '../../../lib/drafts/untouched.ts';
import * as v from 'valibot';
import type { PatientDoc, PatientInput } from '../../../db/index.ts';
import { checkMbi, formatMbi } from '../../../lib/lab/mbi.ts';
import { emptyToNull, optionalEmail, optionalText, requiredText, toInputValue } from '../../../lib/provider/form-fields.ts';
import { PAYER_TYPES, RELATIONSHIPS, SEXES, type Coverage, type MedicalRecordNumber, type PayerType } from './patient-record.ts';

export const FIRST_NAME_REQUIRED = 'First name is required';
export const LAST_NAME_REQUIRED = 'Last name is required';
export const BIRTH_DATE_REQUIRED = 'Date of birth is required';
export const BIRTH_DATE_IN_FUTURE = 'Date of birth cannot be in the future';
export const BIRTH_DATE_TOO_EARLY = 'Date of birth must be in 1900 or later';
export const SEX_REQUIRED = 'Sex is required';
export const PRIMARY_COVERAGE_REQUIRED = 'Choose the primary coverage (Self-pay when the patient pays)';
export const PAYER_NAME_REQUIRED = 'Payer name is required';
export const MEMBER_ID_REQUIRED = 'Member ID is required';
export const SUBSCRIBER_REQUIRED = 'Subscriber name is required when the patient is not the subscriber';
export const MRN_ORGANIZATION_REQUIRED = 'Choose the organization this MRN belongs to';
export const MRN_REQUIRED = 'MRN is required';
export const MRN_ORGANIZATION_TWICE = 'This organization already has an MRN for the patient';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function todayIso(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const coverageSchema = v.pipe(
  v.object({
    payer_type: v.union([v.literal(''), v.picklist(PAYER_TYPES)]),
    payer_name: optionalText,
    member_id: optionalText,
    group_number: optionalText,
    subscriber_name: optionalText,
    relationship: v.picklist(RELATIONSHIPS),
  }),
  v.forward(
    v.partialCheck([['payer_type'], ['payer_name']], (c) => c.payer_type !== 'commercial' || c.payer_name !== '', PAYER_NAME_REQUIRED),
    ['payer_name'],
  ),
  v.forward(
    v.partialCheck([['payer_type'], ['member_id']], (c) => !['medicaid', 'commercial'].includes(c.payer_type) || c.member_id !== '', MEMBER_ID_REQUIRED),
    ['member_id'],
  ),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed || dataset.value.payer_type !== 'medicare') return;
    const check = checkMbi(dataset.value.member_id);
    if (!check.ok) addIssue({ message: check.message, path: [{ type: 'object', origin: 'value', input: dataset.value, key: 'member_id', value: dataset.value.member_id }] });
  }),
  v.forward(
    v.partialCheck(
      [['payer_type'], ['relationship'], ['subscriber_name']],
      (c) => c.payer_type === '' || c.payer_type === 'self_pay' || c.relationship === 'self' || c.subscriber_name !== '',
      SUBSCRIBER_REQUIRED,
    ),
    ['subscriber_name'],
  ),
);

const mrnSchema = v.object({
  organization_id: requiredText(MRN_ORGANIZATION_REQUIRED),
  mrn: v.pipe(requiredText(MRN_REQUIRED), v.maxLength(64, 'An MRN has at most 64 characters')),
});

export function patientFormSchema(now: Date = new Date()) {
  return v.pipe(
    v.object({
      first_name: requiredText(FIRST_NAME_REQUIRED),
      middle_name: optionalText,
      last_name: requiredText(LAST_NAME_REQUIRED),
      date_of_birth: v.pipe(
        requiredText(BIRTH_DATE_REQUIRED),
        v.regex(ISO_DATE, BIRTH_DATE_REQUIRED),
        v.check((value) => !ISO_DATE.test(value) || value <= todayIso(now), BIRTH_DATE_IN_FUTURE),
        v.check((value) => !ISO_DATE.test(value) || value >= '1900-01-01', BIRTH_DATE_TOO_EARLY),
      ),
      sex: v.union([v.picklist(SEXES), v.literal('')]),
      address_line1: optionalText,
      address_line2: optionalText,
      city: optionalText,
      state: optionalText,
      postal_code: optionalText,
      phone: optionalText,
      email: optionalEmail,
      mrns: v.array(mrnSchema),
      primary: coverageSchema,
      secondary: coverageSchema,
    }),
    v.forward(v.partialCheck([['sex']], (input) => input.sex !== '', SEX_REQUIRED), ['sex']),
    v.forward(v.partialCheck([['primary', 'payer_type']], (input) => input.primary.payer_type !== '', PRIMARY_COVERAGE_REQUIRED), ['primary', 'payer_type']),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const seen = new Set<string>();
      dataset.value.mrns.forEach((row, index) => {
        if (seen.has(row.organization_id)) {
          addIssue({
            message: MRN_ORGANIZATION_TWICE,
            path: [
              { type: 'object', origin: 'value', input: dataset.value, key: 'mrns', value: dataset.value.mrns },
              { type: 'array', origin: 'value', input: dataset.value.mrns, key: index, value: row },
              { type: 'object', origin: 'value', input: row, key: 'organization_id', value: row.organization_id },
            ],
          });
        }
        seen.add(row.organization_id);
      });
    }),
  );
}

export type PatientFormValues = v.InferInput<ReturnType<typeof patientFormSchema>>;
export type PatientFormOutput = v.InferOutput<ReturnType<typeof patientFormSchema>>;
export type CoverageFormValues = PatientFormValues['primary'];

export function emptyCoverage(): CoverageFormValues {
  return { payer_type: '', payer_name: '', member_id: '', group_number: '', subscriber_name: '', relationship: 'self' };
}

export function emptyPatientForm(): PatientFormValues {
  return {
    first_name: '',
    middle_name: '',
    last_name: '',
    date_of_birth: '',
    sex: '',
    address_line1: '',
    address_line2: '',
    city: '',
    state: '',
    postal_code: '',
    phone: '',
    email: '',
    mrns: [],
    primary: emptyCoverage(),
    secondary: emptyCoverage(),
  };
}

function coverageToForm(coverage: Coverage | undefined): CoverageFormValues {
  if (!coverage) return emptyCoverage();
  return {
    payer_type: coverage.payer_type,
    payer_name: toInputValue(coverage.payer_name),
    member_id: coverage.payer_type === 'medicare' && coverage.member_id ? formatMbi(coverage.member_id) : toInputValue(coverage.member_id),
    group_number: toInputValue(coverage.group_number),
    subscriber_name: toInputValue(coverage.subscriber_name),
    relationship: coverage.relationship ?? 'self',
  };
}

function coverageFromForm(rank: Coverage['rank'], form: PatientFormOutput['primary']): Coverage | null {
  if (form.payer_type === '') return null;
  const payerType: PayerType = form.payer_type;
  const memberId = payerType === 'medicare' ? (checkMbi(form.member_id) as { mbi?: string }).mbi ?? form.member_id : emptyToNull(form.member_id);
  const selfPay = payerType === 'self_pay';
  return {
    rank,
    payer_type: payerType,
    payer_name: selfPay ? null : emptyToNull(form.payer_name) ?? (payerType === 'medicare' ? 'Medicare' : null),
    member_id: selfPay ? null : memberId,
    group_number: selfPay ? null : emptyToNull(form.group_number),
    subscriber_name: selfPay || form.relationship === 'self' ? null : emptyToNull(form.subscriber_name),
    relationship: selfPay ? 'self' : form.relationship,
  };
}

/** A stored patient as the form shows it. */
export function patientToForm(patient: PatientDoc): PatientFormValues {
  const coverages = (patient.coverages ?? []) as unknown as Coverage[];
  const mrns = (patient.medical_record_numbers ?? []) as unknown as MedicalRecordNumber[];
  return {
    first_name: patient.first_name,
    middle_name: toInputValue(patient.middle_name),
    last_name: patient.last_name,
    date_of_birth: patient.date_of_birth,
    sex: patient.sex as PatientFormValues['sex'],
    address_line1: toInputValue(patient.address_line1),
    address_line2: toInputValue(patient.address_line2),
    city: toInputValue(patient.city),
    state: toInputValue(patient.state),
    postal_code: toInputValue(patient.postal_code),
    phone: toInputValue(patient.phone),
    email: toInputValue(patient.email),
    mrns: mrns.map((row) => ({ organization_id: row.organization_id, mrn: row.mrn })),
    primary: coverageToForm(coverages.find((c) => c.rank === 'primary')),
    secondary: coverageToForm(coverages.find((c) => c.rank === 'secondary')),
  };
}

/** The validated form as the columns a patient record stores (without its id and lab patient id). */
export function patientFromForm(form: PatientFormOutput): Omit<PatientInput, 'lab_patient_id'> {
  const coverages = [coverageFromForm('primary', form.primary), coverageFromForm('secondary', form.secondary)].filter(
    (coverage): coverage is Coverage => coverage !== null,
  );
  return {
    first_name: form.first_name,
    middle_name: emptyToNull(form.middle_name),
    last_name: form.last_name,
    date_of_birth: form.date_of_birth,
    sex: form.sex === '' ? 'unknown' : form.sex,
    address_line1: emptyToNull(form.address_line1),
    address_line2: emptyToNull(form.address_line2),
    city: emptyToNull(form.city),
    state: emptyToNull(form.state)?.toUpperCase() ?? null,
    postal_code: emptyToNull(form.postal_code),
    phone: emptyToNull(form.phone),
    email: emptyToNull(form.email),
    medical_record_numbers: form.mrns.map((row) => ({ organization_id: row.organization_id, mrn: row.mrn })),
    coverages: coverages as unknown as PatientInput['coverages'],
  };
}

/** Nothing entered in the new patient's form yet (no draft is worth keeping). */
export function isUntouchedPatientForm(values: PatientFormValues): boolean {
  return isUntouched(values, emptyPatientForm());
}
