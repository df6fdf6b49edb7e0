import { describe, expect, it } from 'vitest';
import { checkedReferenceSeed } from '../../../../supabase/seed/reference/reference-statements.ts';
import { buildCompendiumIndex } from '../../../lib/reference/compendium-index.ts';
import { favouriteCodes, favouriteDetail, favouritesFirst, favouriteTests, MAX_FAVOURITES, toggleFavourite } from './favourites.ts';

const compendium = buildCompendiumIndex({ tests: checkedReferenceSeed().tests });
const codes = (list: Array<{ test: { code: string } } | { code: string }>) => list.map((item) => ('test' in item ? item.test.code : item.code));

describe('favourite tests in order entry', () => {
  it('offers the organization’s first, then the provider’s, each test once, none already on the order', () => {
    const favourites = favouriteTests(compendium, ['LIPID', 'HBA1C', 'TSH'], ['TSH', 'CBC', 'HBA1C'], ['LIPID']);
    expect(favourites.map((item) => [item.test.code, item.owners])).toEqual([
      ['HBA1C', ['organization', 'provider']],
      ['TSH', ['organization', 'provider']],
      ['CBC', ['provider']],
    ]);
  });

  it('leaves out codes the compendium does not know, and reads only text codes from the column', () => {
    expect(favouriteCodes(['TSH', 3, null, '', 'NOPE'])).toEqual(['TSH', 'NOPE']);
    expect(favouriteCodes(null)).toEqual([]);
    expect(codes(favouriteTests(compendium, ['NOPE', 'TSH'], [], []))).toEqual(['TSH']);
  });

  it('puts favourites ahead of other matches, but an exactly typed code stays first', () => {
    const favourites = favouriteTests(compendium, ['TSH'], ['HBA1C'], []);
    const matches = compendium.search('a', { limit: 100 });
    const sorted = favouritesFirst('a', matches, favourites);
    expect(codes(sorted.slice(0, 2))).toEqual(['TSH', 'HBA1C'].filter((code) => codes(matches).includes(code)));
    expect(sorted).toHaveLength(matches.length);
    expect(codes(favouritesFirst('lipid', compendium.search('lipid'), favourites))[0]).toBe('LIPID');
    expect(codes(favouritesFirst('panel', [compendium.get('LIPID')!, compendium.get('TSH')!], favourites))).toEqual(['TSH', 'LIPID']);
    expect(codes(favouritesFirst('LIPID', [compendium.get('TSH')!, compendium.get('LIPID')!], favourites))).toEqual(['LIPID', 'TSH']);
  });

  it('stars at the end and unstars in place, refusing a 51st', () => {
    expect(toggleFavourite(['TSH'], 'CBC')).toEqual(['TSH', 'CBC']);
    expect(toggleFavourite(['TSH', 'CBC', 'LIPID'], 'CBC')).toEqual(['TSH', 'LIPID']);
    const full = Array.from({ length: MAX_FAVOURITES }, (_, index) => `T${index}`);
    expect(toggleFavourite(full, 'CBC')).toBeNull();
    expect(toggleFavourite(full, 'T3')).toHaveLength(MAX_FAVOURITES - 1);
  });

  it('says whose favourite it is', () => {
    expect(favouriteDetail(['organization'])).toBe('Favourite of the organization');
    expect(favouriteDetail(['provider'])).toBe('Favourite of the provider');
    expect(favouriteDetail(['organization', 'provider'])).toBe('Favourite of the organization and the provider');
  });
});
