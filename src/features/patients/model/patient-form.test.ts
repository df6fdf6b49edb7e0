import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  BIRTH_DATE_IN_FUTURE,
  BIRTH_DATE_REQUIRED,
  emptyPatientForm,
  FIRST_NAME_REQUIRED,
  LAST_NAME_REQUIRED,
  MEMBER_ID_REQUIRED,
  MRN_ORGANIZATION_TWICE,
  PAYER_NAME_REQUIRED,
  patientFormSchema,
  patientFromForm,
  patientToForm,
  PRIMARY_COVERAGE_REQUIRED,
  SEX_REQUIRED,
  SUBSCRIBER_REQUIRED,
  type PatientFormValues,
} from './patient-form.ts';

const NOW = new Date('2026-11-25T12:00:00');
const ORG = '0b8e6c2e-1111-4f5e-9d1c-2a3b4c5d6e7f';

function form(patch: Partial<PatientFormValues> = {}): PatientFormValues {
  return {
    ...emptyPatientForm(),
    first_name: 'Harold',
    last_name: 'Pennington',
    date_of_birth: '1944-02-29',
    sex: 'male',
    primary: { ...emptyPatientForm().primary, payer_type: 'medicare', member_id: '1EG4-TE5-MK73' },
    ...patch,
  };
}

/** The messages of a form, by field path. */
function messages(values: PatientFormValues): Record<string, string> {
  const result = v.safeParse(patientFormSchema(NOW), values);
  if (result.success) return {};
  return Object.fromEntries(result.issues.map((issue) => [v.getDotPath(issue) ?? '', issue.message]));
}

describe('the patient form', () => {
  it('accepts a Medicare patient whose MBI is typed with dashes, and stores it without', () => {
    const result = v.safeParse(patientFormSchema(NOW), form());
    expect(result.success).toBe(true);
    const record = patientFromForm(result.output as never);
    expect(record.coverages).toEqual([
      { rank: 'primary', payer_type: 'medicare', payer_name: 'Medicare', member_id: '1EG4TE5MK73', group_number: null, subscriber_name: null, relationship: 'self' },
    ]);
  });

  it('refuses a wrong MBI with the shared rule’s message', () => {
    expect(messages(form({ primary: { ...form().primary, member_id: '1EG4-TE5-MK7A' } }))).toEqual({
      'primary.member_id': 'Character 11 of an MBI must be a digit, not “A”.',
    });
    expect(messages(form({ primary: { ...form().primary, member_id: '1BG4TE5MK73' } }))['primary.member_id']).toBe(
      'An MBI never uses the letters S, L, O, I, B or Z: character 2 is “B” (the digit 8?).',
    );
  });

  it('says what is missing', () => {
    expect(messages({ ...emptyPatientForm() })).toEqual({
      first_name: FIRST_NAME_REQUIRED,
      last_name: LAST_NAME_REQUIRED,
      date_of_birth: BIRTH_DATE_REQUIRED,
      sex: SEX_REQUIRED,
      'primary.payer_type': PRIMARY_COVERAGE_REQUIRED,
    });
    expect(messages(form({ date_of_birth: '2026-11-26' }))).toEqual({ date_of_birth: BIRTH_DATE_IN_FUTURE });
    expect(messages(form({ email: 'not-an-email' }))).toEqual({ email: 'Invalid email format' });
  });

  it('needs a payer and a member id for commercial insurance, and a subscriber when the patient is not one', () => {
    const commercial = { ...emptyPatientForm().primary, payer_type: 'commercial' as const, relationship: 'child' as const };
    expect(messages(form({ primary: commercial }))).toEqual({
      'primary.payer_name': PAYER_NAME_REQUIRED,
      'primary.member_id': MEMBER_ID_REQUIRED,
      'primary.subscriber_name': SUBSCRIBER_REQUIRED,
    });
    expect(messages(form({ secondary: { ...emptyPatientForm().secondary, payer_type: 'medicaid' } }))).toEqual({ 'secondary.member_id': MEMBER_ID_REQUIRED });
  });

  it('refuses two MRNs at one organization', () => {
    expect(messages(form({ mrns: [{ organization_id: ORG, mrn: 'A1' }, { organization_id: ORG, mrn: 'A2' }] }))).toEqual({
      'mrns.1.organization_id': MRN_ORGANIZATION_TWICE,
    });
  });

  it('round-trips a stored patient, showing the MBI with dashes', () => {
    const values = form({ mrns: [{ organization_id: ORG, mrn: 'A1' }], secondary: { ...emptyPatientForm().secondary, payer_type: 'self_pay' } });
    const record = patientFromForm(v.parse(patientFormSchema(NOW), values));
    const back = patientToForm({ ...record, id: 'x', lab_patient_id: 'P-1-0001' } as never);
    expect(back.primary.member_id).toBe('1EG4-TE5-MK73');
    expect(back.mrns).toEqual([{ organization_id: ORG, mrn: 'A1' }]);
    expect(back.secondary.payer_type).toBe('self_pay');
  });
});
