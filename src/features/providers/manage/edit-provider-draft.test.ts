import { describe, expect, it } from 'vitest';
import { changesFrom } from './edit-provider-draft.ts';
import type { EditProviderFormValues } from '../model/edit-provider-schema.ts';

const record: EditProviderFormValues = {
  first_name: 'Ana',
  last_name: 'Lopez',
  nickname: '',
  credential: 'MD',
  email: '',
  phone: '',
  taxonomy_code: '',
  taxonomy_description: '',
  primary_state: '',
  license_number: '',
};

describe('the provider edit draft', () => {
  it('keeps only the fields typed differently from the record', () => {
    expect(changesFrom(record, record)).toEqual({});
    expect(changesFrom({ ...record, credential: 'DO', email: 'ana@clinic.test' }, record)).toEqual({ credential: 'DO', email: 'ana@clinic.test' });
    // A field the form has not reported yet is no change.
    expect(changesFrom({ first_name: 'Ana' }, record)).toEqual({});
  });
});
