import { describe, expect, it } from 'vitest';
import { PatientSearchIndex } from './patient-search.ts';

const ORG = '0b8e6c2e-1111-4f5e-9d1c-2a3b4c5d6e7f';
const patient = (id: string, first: string, last: string, dob: string, mrn?: string, active = true) => ({
  id,
  first_name: first,
  middle_name: null,
  last_name: last,
  date_of_birth: dob,
  lab_patient_id: `P-1-000${id}`,
  medical_record_numbers: mrn ? [{ organization_id: ORG, mrn }] : [],
  is_active: active,
});

const index = new PatientSearchIndex([
  patient('1', 'Margaret', 'Okafor', '1948-03-12', 'RV-55821'),
  patient('2', 'José', 'Álvarez', '1951-07-23'),
  patient('3', 'Ann', 'Abbott', '1951-07-23', undefined, false),
]);
const ids = (rows: Array<{ id: string }>) => rows.map((row) => row.id);

describe('the patient search', () => {
  it('lists active patients by last name when the query is empty', () => {
    expect(ids(index.search(''))).toEqual(['2', '1']);
    expect(ids(index.search('', { includeInactive: true }))).toEqual(['3', '2', '1']);
  });

  it('finds by name (with or without accents), date of birth as typed, MRN and lab patient id', () => {
    expect(ids(index.search('alvarez'))).toEqual(['2']);
    expect(ids(index.search('Álvarez josé'))).toEqual(['2']);
    expect(ids(index.search('07/23/1951'))).toEqual(['2']);
    expect(ids(index.search('7/23/1951'))).toEqual(['2']);
    expect(ids(index.search('1948-03-12'))).toEqual(['1']);
    expect(ids(index.search('rv-558'))).toEqual(['1']);
    expect(ids(index.search('P-1-0001'))).toEqual(['1']);
    expect(ids(index.search('okafor 1951'))).toEqual([]);
  });

  it('follows changes', () => {
    const live = new PatientSearchIndex([patient('1', 'Margaret', 'Okafor', '1948-03-12')]);
    live.applyChanges([{ type: 'upsert', row: patient('4', 'Zoe', 'Adams', '1990-01-01') }, { type: 'remove', id: '1' }]);
    expect(ids(live.search(''))).toEqual(['4']);
    expect(live.version).toBe(1);
  });
});
