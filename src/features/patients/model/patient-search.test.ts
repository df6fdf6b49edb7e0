import { describe, expect, it } from 'vitest';
import { SearchIndex } from '../../../lib/list/search-index.ts';
import { patientIndexSpec, patientStatusPredicate, type SearchablePatient } from './patient-search.ts';

const ORG = '0b8e6c2e-1111-4f5e-9d1c-2a3b4c5d6e7f';
const patient = (id: string, first: string, last: string, dob: string, mrn?: string, active = true): SearchablePatient => ({
  id,
  first_name: first,
  middle_name: null,
  last_name: last,
  date_of_birth: dob,
  lab_patient_id: `P-1-000${id}`,
  medical_record_numbers: mrn ? [{ organization_id: ORG, mrn }] : [],
  is_active: active,
});

const index = new SearchIndex(patientIndexSpec<SearchablePatient>(), [
  patient('1', 'Margaret', 'Okafor', '1948-03-12', 'RV-55821'),
  patient('2', 'José', 'Álvarez', '1951-07-23'),
  patient('3', 'Ann', 'Abbott', '1951-07-23', undefined, false),
]);
const search = (query: string, status: 'active' | 'inactive' | 'all' = 'active') => {
  const keep = patientStatusPredicate(status);
  return index.query(query, keep).map((row) => row.id);
};

describe('the patient search', () => {
  it('lists active patients by last name when the query is empty', () => {
    expect(search('')).toEqual(['2', '1']);
    expect(search('', 'all')).toEqual(['3', '2', '1']);
    expect(search('', 'inactive')).toEqual(['3']);
  });

  it('finds by name (with or without accents), date of birth as typed, MRN and lab patient id', () => {
    expect(search('alvarez')).toEqual(['2']);
    expect(search('Álvarez josé')).toEqual(['2']);
    expect(search('josé  Álvarez ')).toEqual(['2']);
    expect(search('07/23/1951')).toEqual(['2']);
    expect(search('7/23/1951')).toEqual(['2']);
    expect(search('1948-03-12')).toEqual(['1']);
    expect(search('3/12/1948')).toEqual(['1']);
    expect(search('03/12')).toEqual(['1']);
    expect(search('okafor 1948')).toEqual(['1']);
    expect(search('rv-558')).toEqual(['1']);
    expect(search('P-1-0001')).toEqual(['1']);
    expect(search('okafor 1951')).toEqual([]);
  });

  it('finds names with apostrophes, hyphens and spaces typed with or without them', () => {
    const marked = new SearchIndex(patientIndexSpec<SearchablePatient>(), [
      patient('5', 'Mary Ann', 'O’Brien-Smith', '1960-02-02'),
      patient('6', 'Mary', 'Brien', '1961-03-03'),
      patient('7', 'Ida', 'Moss', '1970-11-04'),
    ]);
    const ids = (query: string) => marked.query(query).map((row) => row.id);
    expect(ids('obriensmith')).toEqual(['5']);
    expect(ids("o'brien-smith")).toEqual(['5']);
    expect(ids('maryann')).toEqual(['5']);
    expect(ids('mary ann')).toEqual(['5']);
    expect(ids('brien')).toEqual(['6', '5']);
    // Dates with a day of 1–9, typed without their zeros.
    expect(ids('3/3/1961')).toEqual(['6']);
    expect(ids('11/4/1970')).toEqual(['7']);
    expect(ids('11/04/1970')).toEqual(['7']);
  });

  it('narrows and widens word by word as the query is typed and erased', () => {
    expect(search('okafor')).toEqual(['1']);
    expect(search('okafor 19')).toEqual(['1']);
    expect(search('okafor 195')).toEqual([]);
    expect(search('okafor 19')).toEqual(['1']);
  });

  it('follows changes', () => {
    const live = new SearchIndex(patientIndexSpec<SearchablePatient>(), [patient('1', 'Margaret', 'Okafor', '1948-03-12')]);
    const before = live.version;
    live.applyChanges([{ type: 'upsert', row: patient('4', 'Zoe', 'Adams', '1990-01-01') }, { type: 'remove', id: '1' }]);
    expect(live.query('').map((row) => row.id)).toEqual(['4']);
    expect(live.version).toBeGreaterThan(before);
  });
});
