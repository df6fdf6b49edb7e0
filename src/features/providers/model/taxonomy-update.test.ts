/** The two update calls of the edit form (spec §7 calls 4 and 5). */
import { describe, expect, it } from 'vitest';
import { primaryTaxonomy } from '../../../lib/provider/nppes.ts';
import { sampleNppesData } from '../../../lib/provider/nppes-sample.ts';
import type { EditProviderFormValues } from './edit-provider-schema.ts';
import { planProviderUpdate, providerDetailsPatch, providerRegistryPatch } from './taxonomy-update.ts';

const NOW = '2026-01-02T03:04:05.000Z';

const values = (overrides: Partial<EditProviderFormValues> = {}): EditProviderFormValues => ({
  first_name: 'Jane',
  last_name: 'Doe',
  nickname: '',
  credential: 'MD',
  email: '',
  phone: '',
  taxonomy_code: '207Q00000X',
  taxonomy_description: 'Family Medicine',
  primary_state: 'NY',
  license_number: '123456',
  ...overrides,
});

describe('providerDetailsPatch (call 1)', () => {
  it('has exactly the columns of call 1, trimmed, blanks as null', () => {
    expect(
      providerDetailsPatch(values({ first_name: ' Jane ', nickname: '  ', email: ' j@x.test ', phone: ' 518 ' }), NOW),
    ).toEqual({
      first_name: 'Jane',
      last_name: 'Doe',
      email: 'j@x.test',
      phone: '518',
      nickname: null,
      credential: 'MD',
      taxonomy_description: 'Family Medicine',
      taxonomy_code: '207Q00000X',
      updated_at: NOW,
    });
  });
});

describe('providerRegistryPatch (call 2)', () => {
  it('is not made when state and license are unchanged', () => {
    expect(providerRegistryPatch({ nppes_data: sampleNppesData() }, values({ taxonomy_code: 'NEW' }), NOW)).toBeNull();
    expect(providerRegistryPatch({ nppes_data: sampleNppesData() }, values({ primary_state: ' NY ' }), NOW)).toBeNull();
  });

  it('is not made without registry data when no state or license is entered', () => {
    expect(providerRegistryPatch({ nppes_data: null }, values({ primary_state: '', license_number: '' }), NOW)).toBeNull();
  });

  it('updates the primary entry when the state changes', () => {
    const input = sampleNppesData();
    const patch = providerRegistryPatch({ nppes_data: input }, values({ primary_state: 'CA' }), NOW);
    expect(patch?.updated_at).toBe(NOW);
    expect(primaryTaxonomy(patch?.nppes_data)).toMatchObject({ state: 'CA', license: '123456', code: '207Q00000X' });
    expect(input).toEqual(sampleNppesData());
  });

  it('updates the primary entry when the license changes, keeping the registry\'s code and description (the columns hold the form\'s)', () => {
    const patch = providerRegistryPatch(
      { nppes_data: sampleNppesData() },
      values({ license_number: 'Z9', taxonomy_code: '208D00000X', taxonomy_description: 'General Practice' }),
      NOW,
    );
    expect(primaryTaxonomy(patch?.nppes_data)).toMatchObject({
      state: 'NY',
      license: 'Z9',
      code: '207Q00000X',
      desc: 'Family Medicine',
    });
  });

  it('clears the state when it is emptied on a record with registry data', () => {
    const patch = providerRegistryPatch({ nppes_data: sampleNppesData() }, values({ primary_state: '' }), NOW);
    expect(primaryTaxonomy(patch?.nppes_data)).toMatchObject({ state: null, license: '123456' });
  });

  it('creates a primary entry (and registry data) when a state is entered on a record without any', () => {
    const patch = providerRegistryPatch({ nppes_data: null }, values({ primary_state: 'TX', license_number: '' }), NOW);
    expect(patch).toEqual({
      nppes_data: {
        result_count: 1,
        results: [
          { taxonomies: [{ code: '207Q00000X', desc: 'Family Medicine', primary: true, state: 'TX', license: null }] },
        ],
      },
      updated_at: NOW,
    });
  });

  it('creates a primary entry when the registry data has none', () => {
    const data = sampleNppesData();
    data.results![0]!.taxonomies = [{ code: 'X', primary: false }];
    const patch = providerRegistryPatch({ nppes_data: JSON.stringify(data) }, values({ license_number: 'L1', primary_state: '' }), NOW);
    expect(patch?.nppes_data.results?.[0]?.taxonomies).toEqual([
      { code: 'X', primary: false },
      { code: '207Q00000X', desc: 'Family Medicine', primary: true, state: null, license: 'L1' },
    ]);
  });
});

describe('planProviderUpdate', () => {
  it('always plans call 1 and plans call 2 only when needed', () => {
    const provider = { nppes_data: sampleNppesData() };
    expect(planProviderUpdate(provider, values(), NOW).registry).toBeNull();
    const plan = planProviderUpdate(provider, values({ primary_state: 'NJ' }), NOW);
    expect(plan.details.first_name).toBe('Jane');
    expect(primaryTaxonomy(plan.registry?.nppes_data)?.state).toBe('NJ');
  });
});
