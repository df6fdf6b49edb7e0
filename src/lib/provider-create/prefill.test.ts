/** Prefilling the create form from a verified NPI (spec §5). */
import { describe, expect, it } from 'vitest';
import { sampleNppesData, SAMPLE_NPI } from '../provider/nppes-sample.ts';
import { createProviderDefaults } from './create-provider-schema.ts';
import { prefillFromVerification } from './prefill.ts';

describe('prefillFromVerification', () => {
  it('fills names (read-only, as people write them), credential, contact, taxonomy, state and license from the registry', () => {
    const prefill = prefillFromVerification({ npi: SAMPLE_NPI, nppes_data: sampleNppesData() });
    expect(prefill.readOnly).toEqual({ first_name: true, last_name: true });
    expect(prefill.values).toEqual({
      ...createProviderDefaults(),
      first_name: 'Jane',
      last_name: 'Doe',
      credential: 'MD',
      phone: '518-555-0100',
      fax_number: '518-555-0101',
      taxonomy_code: '207Q00000X',
      taxonomy_description: 'Family Medicine',
      primary_state: 'NY',
      license_number: '123456',
    });
  });

  it("prefers verify-npi's normalised answer for taxonomy and contact", () => {
    const prefill = prefillFromVerification({
      npi: SAMPLE_NPI,
      nppes_data: JSON.stringify(sampleNppesData()),
      primary_taxonomy_code: '208D00000X',
      primary_taxonomy_description: 'General Practice',
      primary_address: { telephone_number: '212-555-0000', fax_number: null },
    });
    expect(prefill.values).toMatchObject({
      taxonomy_code: '208D00000X',
      taxonomy_description: 'General Practice',
      phone: '212-555-0000',
      fax_number: '518-555-0101',
    });
  });

  it('leaves fields the registry lacks empty and editable', () => {
    const data = sampleNppesData();
    data.results![0]!.basic = { last_name: 'DOE' };
    data.results![0]!.addresses = [];
    data.results![0]!.taxonomies = [];
    const prefill = prefillFromVerification({ npi: SAMPLE_NPI, nppes_data: data });
    expect(prefill.readOnly).toEqual({ first_name: false, last_name: true });
    expect(prefill.values).toMatchObject({ first_name: '', credential: '', phone: '', fax_number: '', taxonomy_code: '', primary_state: '' });
  });

  it('gives an empty, editable form without a verification', () => {
    expect(prefillFromVerification(null)).toEqual({
      values: createProviderDefaults(),
      readOnly: { first_name: false, last_name: false },
    });
  });
});
