import { describe, expect, it } from 'vitest';
import type { ResultMessage, ResultPatient } from '../hl7/result-types.ts';
import { matchPatient, matchTests, nameKey, type MatchOrder, type MatchPatient } from './patient-match.ts';

const PATIENT: MatchPatient = {
  lab_patient_id: 'P-3-0007',
  first_name: 'Harold',
  last_name: 'Pennington',
  date_of_birth: '1944-02-29',
  medical_record_numbers: [{ organization_id: 'org-1', mrn: 'MRN-55' }, { organization_id: 'org-2', mrn: 'OTHER-9' }],
  coverages: [{ payer_type: 'medicare', member_id: '1EG4TE5MK73' }],
};
const ORDER: MatchOrder = { requisition_number: 'R-3-0042', organization_id: 'org-1', tests: [{ code: 'BMP', name: 'Basic metabolic panel' }, { code: 'PSA', declined: true }] };

function pid(changes: Partial<ResultPatient> = {}): ResultPatient {
  return { id: 'P-3-0007', identifiers: [{ value: 'P-3-0007', type: 'MR', authority: 'LABLINK' }], lastName: 'PENNINGTON', firstName: 'HAROLD', middleName: null, birthDate: '1944-02-29', sex: 'M', ...changes };
}
const noIds = (changes: Partial<ResultPatient> = {}) => pid({ identifiers: [], ...changes });

describe('matchPatient', () => {
  it('files a result whose identifier, name and birth date are the order’s patient', () => {
    expect(matchPatient(pid(), PATIENT, ORDER)).toEqual({ ok: true });
    // The MBI and the client's MRN are identifiers too; the laboratory's own record number is not compared.
    expect(matchPatient(pid({ identifiers: [{ value: '1EG4-TE5-MK73', type: 'MC', authority: 'CMS' }, { value: 'LAB-99', type: 'MR', authority: 'SIMLIS' }] }), PATIENT, ORDER)).toEqual({ ok: true });
    expect(matchPatient(pid({ identifiers: [{ value: 'MRN-55', type: 'PT', authority: '10001' }], birthDate: null }), PATIENT, ORDER)).toEqual({ ok: true });
  });

  it('compares names without case, accents, hyphens, apostrophes or spaces, and the given name by its first word', () => {
    expect(nameKey("O'Brien-Núñez")).toBe(nameKey('OBRIEN NUNEZ'));
    const renee = { ...PATIENT, first_name: 'Renée', last_name: "D'Arcy-Smith" };
    expect(matchPatient(noIds({ lastName: 'DARCY SMITH', firstName: 'RENEE M' }), renee, ORDER)).toEqual({ ok: true });
    expect(matchPatient(noIds({ lastName: 'd’arcy-smith', firstName: 'renée' }), renee, ORDER)).toEqual({ ok: true });
  });

  it('queues a result for another patient with both identities, naming the PID field that differs', () => {
    const doe = pid({ identifiers: [{ value: 'P-9-0001', type: 'MR', authority: 'LABLINK' }], lastName: 'DOE', firstName: 'JANE', birthDate: '1980-01-01' });
    expect(matchPatient(doe, PATIENT, ORDER)).toEqual({
      ok: false,
      kind: 'patient_mismatch',
      location: 'PID-3',
      text: 'Order R-3-0042 is for PENNINGTON, HAROLD 1944-02-29; the result names DOE, JANE 1980-01-01 (the patient identifiers differ)',
    });
    expect(matchPatient(pid({ identifiers: [{ value: '9ZZ9ZZ9ZZ99', type: 'MC', authority: 'CMS' }] }), PATIENT, ORDER)).toMatchObject({ ok: false, location: 'PID-3' });
  });

  it('never files under a different date of birth, even when the identifier and name agree', () => {
    expect(matchPatient(pid({ birthDate: '1944-03-01' }), PATIENT, ORDER)).toMatchObject({ ok: false, location: 'PID-7', text: expect.stringContaining('the result names PENNINGTON, HAROLD 1944-03-01 (the dates of birth differ)') });
    expect(matchPatient(noIds({ birthDate: '1945-02-28' }), PATIENT, ORDER)).toMatchObject({ ok: false, location: 'PID-7' });
  });

  it('without an identifier to compare, wants family name, given name and date of birth to agree', () => {
    expect(matchPatient(noIds(), PATIENT, ORDER)).toEqual({ ok: true });
    expect(matchPatient(noIds({ lastName: 'PENINGTON' }), PATIENT, ORDER)).toMatchObject({ ok: false, location: 'PID-5', text: expect.stringContaining('(the family names differ)') });
    expect(matchPatient(noIds({ firstName: 'HAROLDINE' }), PATIENT, ORDER)).toMatchObject({ ok: false, location: 'PID-5', text: expect.stringContaining('(the given names differ)') });
    expect(matchPatient(noIds({ birthDate: null }), PATIENT, ORDER)).toMatchObject({ ok: false, location: 'PID-7' });
    // An identifier that agrees still needs the family name.
    expect(matchPatient(pid({ lastName: 'DOE' }), PATIENT, ORDER)).toMatchObject({ ok: false, location: 'PID-5' });
  });
});

describe('matchTests', () => {
  const message = (codes: string[]) => ({ orders: codes.map((testCode) => ({ testCode, testName: testCode === 'LIPID' ? 'Lipid panel' : '' })) }) as unknown as ResultMessage;

  it('files results of the tests the order sent, and queues one the order never asked for or declined', () => {
    expect(matchTests(message(['BMP']), ORDER, [0])).toEqual({ ok: true });
    expect(matchTests(message(['BMP', 'LIPID']), ORDER, [0, 1])).toEqual({ ok: false, kind: 'test_mismatch', location: 'OBR[2]-4', text: 'Order R-3-0042 did not ask for test LIPID (Lipid panel)' });
    expect(matchTests(message(['PSA']), ORDER, [0])).toMatchObject({ ok: false, location: 'OBR[1]-4' });
    // Only the OBRs that name this order are its business.
    expect(matchTests(message(['LIPID', 'BMP']), ORDER, [1])).toEqual({ ok: true });
  });
});
