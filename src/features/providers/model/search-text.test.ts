/** The provider lists' text rules on their own: scopes, the haystack, the order and its ties. */
import { describe, expect, it } from 'vitest';
import { FIELD_SEPARATOR } from '../../../lib/list/search-key.ts';
import {
  buildHaystack,
  compareSortKeys,
  hasNpi,
  haystackFromKeys,
  inScope,
  providerIndexSpec,
  sortKeysOf,
  type SearchableProvider,
  type SortKeys,
} from './search-text.ts';

const provider = (npi: string | null, first_name: string | null = 'José', last_name: string | null = "O'Brien"): SearchableProvider => ({
  id: 'p1',
  first_name,
  last_name,
  npi,
});
const keys = (last: string, first: string, id: string): SortKeys => ({ last, first, id });

describe('hasNpi and inScope', () => {
  it('counts only a non-blank NPI text', () => {
    expect(hasNpi({ npi: '1234567893' })).toBe(true);
    expect(hasNpi({ npi: ' 1234567893 ' })).toBe(true);
    expect(hasNpi({ npi: '   ' })).toBe(false);
    expect(hasNpi({ npi: '' })).toBe(false);
    expect(hasNpi({ npi: null })).toBe(false);
  });

  it('puts a provider with an NPI on all and healthcare, one without on all and non-healthcare', () => {
    const withNpi = provider('1234567893');
    const without = provider(null);
    expect([inScope(withNpi, 'all'), inScope(withNpi, 'healthcare'), inScope(withNpi, 'non_healthcare')]).toEqual([true, true, false]);
    expect([inScope(without, 'all'), inScope(without, 'healthcare'), inScope(without, 'non_healthcare')]).toEqual([true, false, true]);
  });
});

describe('buildHaystack', () => {
  it("holds 'first last', 'last, first' and the NPI, each field apart", () => {
    expect(buildHaystack(provider('1234567893'), 'all')).toBe(`jose o'brien${FIELD_SEPARATOR}o'brien, jose${FIELD_SEPARATOR}1234567893`);
    expect(buildHaystack(provider(' 1234567893 '), 'healthcare')).toBe(`jose o'brien${FIELD_SEPARATOR}o'brien, jose${FIELD_SEPARATOR}1234567893`);
  });

  it('leaves the NPI out on the non-healthcare list and when there is none', () => {
    expect(buildHaystack(provider('1234567893'), 'non_healthcare')).toBe(`jose o'brien${FIELD_SEPARATOR}o'brien, jose`);
    expect(buildHaystack(provider(null), 'all')).toBe(`jose o'brien${FIELD_SEPARATOR}o'brien, jose`);
    expect(buildHaystack(provider('  '), 'healthcare')).toBe(`jose o'brien${FIELD_SEPARATOR}o'brien, jose`);
  });

  it('reads missing names as empty', () => {
    expect(buildHaystack(provider(null, null, 'Clinic'), 'all')).toBe(` clinic${FIELD_SEPARATOR}clinic, `);
    expect(haystackFromKeys(keys('doe', 'jane', 'x'), { npi: '1003000126' }, 'all')).toBe(`jane doe${FIELD_SEPARATOR}doe, jane${FIELD_SEPARATOR}1003000126`);
  });
});

describe('sort keys and their order', () => {
  it('normalises the names and keeps the id', () => {
    expect(sortKeysOf({ id: 'p9', first_name: '  Ána ', last_name: 'DOE', npi: null })).toEqual({ last: 'doe', first: 'ana', id: 'p9' });
  });

  it('orders by last name, then first name, then id, whatever the other keys say', () => {
    expect(compareSortKeys(keys('adams', 'zoe', 'z'), keys('baker', 'ann', 'a'))).toBe(-1);
    expect(compareSortKeys(keys('baker', 'ann', 'a'), keys('adams', 'zoe', 'z'))).toBe(1);
    expect(compareSortKeys(keys('doe', 'amy', 'z'), keys('doe', 'jane', 'a'))).toBe(-1);
    expect(compareSortKeys(keys('doe', 'jane', 'a'), keys('doe', 'amy', 'z'))).toBe(1);
  });

  it('breaks a tie of both names by id, and only equal keys compare equal', () => {
    expect(compareSortKeys(keys('doe', 'jane', 'p1'), keys('doe', 'jane', 'p2'))).toBe(-1);
    expect(compareSortKeys(keys('doe', 'jane', 'p2'), keys('doe', 'jane', 'p1'))).toBe(1);
    expect(compareSortKeys(keys('doe', 'jane', 'p1'), keys('doe', 'jane', 'p1'))).toBe(0);
  });

  it('sorts namesakes by id whatever order they arrive in', () => {
    const namesakes = [keys('doe', 'jane', 'c'), keys('doe', 'jane', 'a'), keys('doe', 'amy', 'z'), keys('doe', 'jane', 'b')];
    const order = (list: SortKeys[]) => [...list].sort(compareSortKeys).map((key) => `${key.first}/${key.id}`);
    expect(order(namesakes)).toEqual(['amy/z', 'jane/a', 'jane/b', 'jane/c']);
    expect(order([...namesakes].reverse())).toEqual(['amy/z', 'jane/a', 'jane/b', 'jane/c']);
  });
});

describe('providerIndexSpec', () => {
  it("applies the scope's membership, keys, order and haystack", () => {
    const spec = providerIndexSpec<SearchableProvider>('non_healthcare');
    const withNpi = provider('1234567893');
    expect(spec.includes(withNpi)).toBe(false);
    expect(spec.includes(provider(null))).toBe(true);
    expect(spec.sortKeys(withNpi)).toEqual({ last: "o'brien", first: 'jose', id: 'p1' });
    expect(spec.compare(keys('a', 'a', '1'), keys('b', 'a', '1'))).toBe(-1);
    expect(spec.haystack(keys('doe', 'jane', 'p1'), withNpi)).toBe(`jane doe${FIELD_SEPARATOR}doe, jane`);
    expect(providerIndexSpec<SearchableProvider>('healthcare').haystack(keys('doe', 'jane', 'p1'), withNpi)).toBe(
      `jane doe${FIELD_SEPARATOR}doe, jane${FIELD_SEPARATOR}1234567893`,
    );
    expect(providerIndexSpec<SearchableProvider>('healthcare').includes(withNpi)).toBe(true);
  });
});
