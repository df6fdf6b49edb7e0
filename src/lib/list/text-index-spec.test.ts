/** The index most lists use: scope, order by sort texts then id, search by any one field. */
import { describe, expect, it } from 'vitest';
import { SearchIndex } from './search-index.ts';
import { compareTextSortKeys, textIndexSpec } from './text-index-spec.ts';

interface Org {
  id: string;
  name: string;
  dba: string | null;
  city: string | null;
  active: boolean;
}

const org = (id: string, name: string, dba: string | null = null, city: string | null = null, active = true): Org => ({ id, name, dba, city, active });

const rows = [org('o3', 'Ávila Clinic', 'Northside Care', 'Troy'), org('o1', 'Zeta Labs', null, 'Albany'), org('o2', 'avila clinic', null, 'Albany', false), org('o4', 'Beta Health', 'Zed', null)];

const spec = textIndexSpec<Org>({ sortText: (row) => [row.name], searchText: (row) => [row.name, row.dba, row.city] });

describe('textIndexSpec', () => {
  it('orders by the normalised sort texts, then by id', () => {
    expect(new SearchIndex(spec, rows).queryIds('')).toEqual(['o2', 'o3', 'o4', 'o1']);
    expect(compareTextSortKeys({ texts: ['a'], id: '2' }, { texts: ['a', 'b'], id: '1' })).toBe(-1);
    expect(compareTextSortKeys({ texts: ['a'], id: '1' }, { texts: ['a'], id: '1' })).toBe(0);
  });

  it('matches a substring of any one search field, case- and accent-insensitive, never across fields', () => {
    const index = new SearchIndex(spec, rows);
    expect(index.queryIds('AVILA')).toEqual(['o2', 'o3']);
    expect(index.queryIds('northside')).toEqual(['o3']);
    expect(index.queryIds('albany')).toEqual(['o2', 'o1']);
    expect(index.queryIds('clinic northside')).toEqual([]);
    expect(index.queryIds('healthzed')).toEqual([]);
  });

  it('keeps only the rows of its scope, also as rows change', () => {
    const active = new SearchIndex(textIndexSpec<Org>({ includes: (row) => row.active, sortText: (row) => [row.name], searchText: (row) => [row.name] }), rows);
    expect(active.queryIds('')).toEqual(['o3', 'o4', 'o1']);
    active.upsert({ ...rows[0]!, active: false });
    expect(active.queryIds('')).toEqual(['o4', 'o1']);
    active.upsert(org('o2', 'Avila Clinic', null, null, true));
    expect(active.queryIds('')).toEqual(['o2', 'o4', 'o1']);
    active.applyChanges([{ type: 'remove', id: 'o4' }]);
    expect(active.size).toBe(2);
  });
});
