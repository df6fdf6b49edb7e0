import { describe, expect, it } from 'vitest';
import { findPossibleDuplicates } from './duplicates.ts';
import { labPatientId } from './patient-record.ts';

const ORG_A = '0b8e6c2e-1111-4f5e-9d1c-2a3b4c5d6e7f';
const ORG_B = '1c9f7d3f-2222-4a6f-8e2d-3b4c5d6e7f80';
const existing = [
  { id: '1', last_name: "O'Brien-Smith", date_of_birth: '1950-01-02', medical_record_numbers: [{ organization_id: ORG_A, mrn: 'MRN-100' }] },
  { id: '2', last_name: 'Nguyen', date_of_birth: '1950-01-02', medical_record_numbers: [{ organization_id: ORG_B, mrn: 'MRN-100' }] },
  { id: '3', last_name: 'Obrien Smith', date_of_birth: '1961-05-05', medical_record_numbers: [] },
];

describe('possible duplicates', () => {
  it('are the same last name (whatever its spelling of case, accents and hyphens) and date of birth', () => {
    const found = findPossibleDuplicates({ last_name: 'obrien smith', date_of_birth: '1950-01-02', medical_record_numbers: [] }, existing);
    expect(found.map((d) => [d.patient.id, d.reasons])).toEqual([['1', ['name-and-birth-date']]]);
  });

  it('or the same MRN at the same organization (not at another one)', () => {
    const found = findPossibleDuplicates({ last_name: 'Zed', date_of_birth: '2001-01-01', medical_record_numbers: [{ organization_id: ORG_A, mrn: ' mrn-100 ' }] }, existing);
    expect(found.map((d) => [d.patient.id, d.reasons, d.sharedMrns])).toEqual([['1', ['mrn'], [{ organization_id: ORG_A, mrn: 'MRN-100' }]]]);
  });

  it('list the patients matching on both first, and never the patient being edited', () => {
    const draft = { id: '2', last_name: "O'Brien-Smith", date_of_birth: '1950-01-02', medical_record_numbers: [{ organization_id: ORG_B, mrn: 'MRN-100' }] };
    expect(findPossibleDuplicates(draft, existing).map((d) => d.patient.id)).toEqual(['1']);
    const both = { last_name: 'Nguyen', date_of_birth: '1950-01-02', medical_record_numbers: [{ organization_id: ORG_A, mrn: 'MRN-100' }] };
    expect(findPossibleDuplicates(both, existing).map((d) => d.patient.id)).toEqual(['1', '2']);
  });
});

describe('lab patient ids', () => {
  it('are the device number in Crockford base 32 and the counter, at least four digits', () => {
    expect(labPatientId(1, 1)).toBe('P-1-0001');
    expect(labPatientId(31, 12)).toBe('P-Z-0012');
    expect(labPatientId(32 * 18 + 20, 123456)).toBe('P-JM-123456');
    expect(labPatientId(10, 7)).toMatch(/^P-[0-9A-HJKMNP-TV-Z]+-[0-9]{4,}$/);
  });
});
