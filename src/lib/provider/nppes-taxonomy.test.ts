/** Writing the form's taxonomy values into nppes_data without touching the input. */
import { describe, expect, it } from 'vitest';
import { primaryTaxonomy } from './nppes.ts';
import { sampleNppesData } from './nppes-sample.ts';
import { withPrimaryTaxonomy } from './nppes-taxonomy.ts';

const deepFreeze = <T>(value: T): T => {
  if (typeof value === 'object' && value !== null) {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
};

describe('withPrimaryTaxonomy', () => {
  it('updates the primary entry\'s state and license and leaves the others and the input alone', () => {
    const input = deepFreeze(sampleNppesData());
    const next = withPrimaryTaxonomy(input, { code: '111X', desc: 'Other', state: 'CA', license: 'A1' });
    expect(next).not.toBe(input);
    expect(primaryTaxonomy(next)).toEqual({
      code: '207Q00000X',
      desc: 'Family Medicine',
      primary: true,
      state: 'CA',
      license: 'A1',
      taxonomy_group: '',
    });
    expect(next?.results?.[0]?.taxonomies?.[0]).toEqual(sampleNppesData().results?.[0]?.taxonomies?.[0]);
    expect(input).toEqual(sampleNppesData());
  });

  it('clears state and license given as blank, and keeps the registry code', () => {
    const next = withPrimaryTaxonomy(sampleNppesData(), { code: ' ', desc: null, state: '', license: null });
    expect(primaryTaxonomy(next)).toMatchObject({ code: '207Q00000X', desc: 'Family Medicine', state: null, license: null });
  });

  it('trims the values it writes, and never rewrites the registry\'s code and description', () => {
    const next = withPrimaryTaxonomy(sampleNppesData(), { code: ' 111X ', desc: ' Desc ', state: ' TX ', license: ' 9 ' });
    expect(primaryTaxonomy(next)).toMatchObject({ code: '207Q00000X', desc: 'Family Medicine', state: 'TX', license: '9' });
  });

  it('adds a primary entry when none exists and a value is given', () => {
    const data = sampleNppesData();
    data.results![0]!.taxonomies = [{ code: 'OTHER', primary: false }];
    const next = withPrimaryTaxonomy(data, { code: null, desc: null, state: 'NY', license: null });
    expect(next?.results?.[0]?.taxonomies).toEqual([
      { code: 'OTHER', primary: false },
      { code: null, desc: null, primary: true, state: 'NY', license: null },
    ]);
    expect(data.results![0]!.taxonomies).toHaveLength(1);
  });

  it('creates the taxonomy list when the result has none', () => {
    const data = sampleNppesData();
    delete data.results![0]!.taxonomies;
    const next = withPrimaryTaxonomy(data, { code: 'C', desc: 'D', state: null, license: null });
    expect(next?.results?.[0]?.taxonomies).toEqual([{ code: 'C', desc: 'D', primary: true, state: null, license: null }]);
  });

  it('adds nothing when no primary exists and every value is blank', () => {
    const data = sampleNppesData();
    data.results![0]!.taxonomies = [];
    expect(withPrimaryTaxonomy(data, { code: '', desc: null, state: ' ', license: null })).toEqual(data);
  });

  it('makes minimal registry data when the record has none and a value is given', () => {
    expect(withPrimaryTaxonomy(null, { code: null, desc: null, state: 'NY', license: 'L' })).toEqual({
      result_count: 1,
      results: [{ taxonomies: [{ code: null, desc: null, primary: true, state: 'NY', license: 'L' }] }],
    });
  });

  it('returns null without registry data and without values', () => {
    expect(withPrimaryTaxonomy(null, { code: null, desc: '', state: null, license: ' ' })).toBeNull();
  });

  it('fills an empty results list (an unknown NPI answer) when a value is given', () => {
    expect(withPrimaryTaxonomy({ result_count: 0, results: [] }, { code: null, desc: null, state: 'NY', license: null })).toEqual({
      result_count: 1,
      results: [{ taxonomies: [{ code: null, desc: null, primary: true, state: 'NY', license: null }] }],
    });
    expect(withPrimaryTaxonomy({ result_count: 0, results: [] }, { code: null, desc: null, state: null, license: null })).toEqual({
      result_count: 0,
      results: [],
    });
  });

  it('replaces an unreadable first result when a value is given', () => {
    expect(withPrimaryTaxonomy({ result_count: 1, results: [null as never] }, { code: null, desc: null, state: 'NY', license: null })).toEqual({
      result_count: 1,
      results: [{ taxonomies: [{ code: null, desc: null, primary: true, state: 'NY', license: null }] }],
    });
  });

  it('reads JSON-string registry data and returns an object', () => {
    const next = withPrimaryTaxonomy(JSON.stringify(sampleNppesData()), { code: null, desc: null, state: 'NJ', license: '7' });
    expect(primaryTaxonomy(next)).toMatchObject({ state: 'NJ', license: '7', code: '207Q00000X' });
  });
});
