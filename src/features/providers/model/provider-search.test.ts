/** The provider search index: scopes, matching, order, incremental updates. */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { ProviderSearchIndex, type ProviderChange } from './provider-search.ts';
import { buildHaystack, compareSortKeys, inScope, searchKey, sortKeysOf, type ProviderSearchScope, type SearchableProvider } from './search-text.ts';

interface Row extends SearchableProvider {
  specialty?: string;
}

const row = (id: string, first_name: string, last_name: string, npi: string | null = null): Row => ({ id, first_name, last_name, npi });

const people: Row[] = [
  row('p1', 'Jane', 'Doe', '1234567893'),
  row('p2', 'John', 'Smith', '1003000126'),
  row('p3', 'Acme', 'Clinic'),
  row('p4', 'José', 'Álvarez', '1558598797'),
  row('p5', 'Amy', 'doe'),
  row('p6', 'Adam', 'Doe', '1100938202'),
];

describe('ProviderSearchIndex scopes', () => {
  it('lists every provider on /providers, sorted by last name then first name', () => {
    const index = new ProviderSearchIndex('all', people);
    expect(index.queryIds('')).toEqual(['p4', 'p3', 'p6', 'p5', 'p1', 'p2']);
    expect(index.size).toBe(6);
  });

  it('lists only providers with an NPI as healthcare', () => {
    expect(new ProviderSearchIndex('healthcare', people).queryIds('')).toEqual(['p4', 'p6', 'p1', 'p2']);
  });

  it('lists only providers without an NPI as non-healthcare', () => {
    expect(new ProviderSearchIndex('non_healthcare', people).queryIds('')).toEqual(['p3', 'p5']);
  });

  it('treats a blank NPI as no NPI', () => {
    const index = new ProviderSearchIndex('non_healthcare', [row('x', 'A', 'B', '  ')]);
    expect(index.queryIds('')).toEqual(['x']);
  });
});

describe('ProviderSearchIndex matching', () => {
  const all = new ProviderSearchIndex('all', people);

  it('matches case-insensitive substrings of first or last name', () => {
    expect(all.queryIds('DOE')).toEqual(['p6', 'p5', 'p1']);
    expect(all.queryIds('an')).toEqual(['p1']);
    expect(all.queryIds('mIt')).toEqual(['p2']);
  });

  it('matches substrings of the NPI on the all and healthcare lists', () => {
    expect(all.queryIds('45678')).toEqual(['p1']);
    expect(new ProviderSearchIndex('healthcare', people).queryIds('1003')).toEqual(['p2']);
  });

  it('never matches the NPI on the non-healthcare list', () => {
    const haystack = buildHaystack(row('z', 'A', 'B', '1234567893'), 'non_healthcare');
    expect(haystack.includes('1234')).toBe(false);
  });

  it('ignores accents and surrounding spaces', () => {
    expect(all.queryIds('  jose ')).toEqual(['p4']);
    expect(all.queryIds('ALVAREZ')).toEqual(['p4']);
  });

  it("finds a whole name typed as 'First Last' or 'Last, First'", () => {
    expect(all.queryIds('jane doe')).toEqual(['p1']);
    expect(all.queryIds('Doe,  Ja')).toEqual(['p1']);
  });

  it('never matches across the name and the NPI', () => {
    expect(all.queryIds('doe1234')).toEqual([]);
    expect(all.queryIds('jane\u0001')).toEqual(['p1']);
  });

  it('returns nothing when nothing matches', () => {
    expect(all.query('zzz')).toEqual([]);
  });

  it('returns the rows themselves', () => {
    expect(all.query('smith')[0]).toBe(people[1]);
    expect(all.get('p3')).toBe(people[2]);
    expect(all.has('p3')).toBe(true);
    expect(all.get('nope')).toBeUndefined();
  });

  it('narrows while typing and widens again on backspace', () => {
    const index = new ProviderSearchIndex('all', people);
    expect(index.queryIds('d')).toEqual(['p6', 'p5', 'p1']);
    expect(index.queryIds('do')).toEqual(['p6', 'p5', 'p1']);
    expect(index.queryIds('doe, a')).toEqual(['p6', 'p5']);
    expect(index.queryIds('do')).toEqual(['p6', 'p5', 'p1']);
    expect(index.queryIds('j')).toEqual(['p4', 'p1', 'p2']);
  });

  it('answers a query backspaced to again without scanning, until the index changes', () => {
    const index = new ProviderSearchIndex('all', people);
    expect(index.queryIds('d')).toEqual(['p6', 'p5', 'p1']);
    expect(index.queryIds('doe, a')).toEqual(['p6', 'p5']);
    const scans = vi.spyOn(String.prototype, 'includes');
    try {
      expect(index.queryIds('d')).toEqual(['p6', 'p5', 'p1']);
      expect(index.queryIds('doe, a')).toEqual(['p6', 'p5']);
      // No haystack was searched for either query (the query text itself is normalized with includes).
      const needles = new Set([searchKey('d'), searchKey('doe, a')]);
      expect(scans.mock.calls.filter(([text]) => needles.has(String(text)))).toEqual([]);
    } finally {
      scans.mockRestore();
    }
    index.upsert(row('p9', 'Dora', 'Ames'));
    expect(index.queryIds('d')).toEqual(['p9', 'p6', 'p5', 'p1']);
  });

  it('keeps the full list the same array until the index changes', () => {
    const index = new ProviderSearchIndex('all', people);
    const before = index.rows();
    expect(index.query('')).toBe(before);
    index.upsert(row('p7', 'Zed', 'Zulu'));
    expect(index.rows()).not.toBe(before);
  });
});

describe('ProviderSearchIndex updates', () => {
  it('inserts a new provider in its sorted place', () => {
    const index = new ProviderSearchIndex('all', people);
    const version = index.version;
    index.upsert(row('p8', 'Bob', 'Doe'));
    expect(index.queryIds('doe')).toEqual(['p6', 'p5', 'p8', 'p1']);
    expect(index.version).toBeGreaterThan(version);
  });

  it('moves a renamed provider and drops its old name from the haystack', () => {
    const index = new ProviderSearchIndex('all', people);
    index.query('smith');
    index.upsert(row('p2', 'John', 'Aaron', '1003000126'));
    expect(index.queryIds('smith')).toEqual([]);
    expect(index.queryIds('')[0]).toBe('p2');
  });

  it('replaces a provider in place when its sort keys are unchanged', () => {
    const index = new ProviderSearchIndex('all', people);
    const updated: Row = { ...row('p1', 'Jane', 'Doe', '1234567893'), specialty: 'Cardiology' };
    index.upsert(updated);
    expect(index.query('jane')[0]).toBe(updated);
    expect(index.size).toBe(6);
  });

  it('updates the NPI part of the haystack', () => {
    const index = new ProviderSearchIndex('all', people);
    expect(index.queryIds('1234')).toEqual(['p1']);
    index.upsert(row('p1', 'Jane', 'Doe', '1003000126'));
    expect(index.queryIds('1234')).toEqual([]);
  });

  it('moves a provider between the healthcare and non-healthcare lists when the NPI changes', () => {
    const healthcare = new ProviderSearchIndex('healthcare', people);
    const other = new ProviderSearchIndex('non_healthcare', people);
    const gained = row('p3', 'Acme', 'Clinic', '1234567893');
    healthcare.upsert(gained);
    other.upsert(gained);
    expect(healthcare.has('p3')).toBe(true);
    expect(other.has('p3')).toBe(false);
    other.upsert(row('p9', 'Out', 'Side', '1558598797'));
    expect(other.has('p9')).toBe(false);
  });

  it('removes providers', () => {
    const index = new ProviderSearchIndex('all', people);
    expect(index.remove('p5')).toBe(true);
    expect(index.remove('p5')).toBe(false);
    expect(index.queryIds('doe')).toEqual(['p6', 'p1']);
  });

  it('rebuilds from a full list', () => {
    const index = new ProviderSearchIndex('all', people);
    index.replaceAll([row('q', 'Only', 'One')]);
    expect(index.queryIds('')).toEqual(['q']);
  });
});

/** The obvious, slow definition the index must always agree with. */
function expected(model: Map<string, Row>, scope: ProviderSearchScope, text: string): string[] {
  const needle = searchKey(text);
  return [...model.values()]
    .filter((provider) => inScope(provider, scope) && (needle === '' || buildHaystack(provider, scope).includes(needle)))
    .sort((a, b) => compareSortKeys(sortKeysOf(a), sortKeysOf(b)))
    .map((provider) => provider.id);
}

/** One change, made to the model and to the index alike. */
function applyToBoth(model: Map<string, Row>, index: ProviderSearchIndex<Row>, change: ProviderChange<Row>): void {
  if (change.type === 'upsert') {
    model.set(change.row.id, change.row);
    index.upsert(change.row);
  } else {
    model.delete(change.id);
    index.remove(change.id);
  }
}

describe('ProviderSearchIndex agrees with a plain filter-and-sort', () => {
  const name = fc.constantFrom<string>('Ann', 'anna', 'Bo', 'Doe', 'doe', 'Ñora', 'Smith', 'Li', '', 'O Neil');
  const npi = fc.constantFrom<string | null>(null, '1234567893', '1003000126', '');
  const id = fc.constantFrom<string>('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h');
  const rowArb: fc.Arbitrary<Row> = fc.record({ id, first_name: name, last_name: name, npi });
  const change: fc.Arbitrary<ProviderChange<Row>> = fc.oneof(
    rowArb.map((r) => ({ type: 'upsert' as const, row: r })),
    id.map((i) => ({ type: 'remove' as const, id: i })),
  );
  const scope = fc.constantFrom<ProviderSearchScope>('all', 'healthcare', 'non_healthcare');
  const queries = fc.array(fc.constantFrom<string>('', 'a', 'an', 'ann', 'do', 'doe', '12', 'nora', 'o n', 'doe, a'), { maxLength: 4 });

  it('through single upserts and removes, with queries in between', () => {
    fc.assert(
      fc.property(scope, fc.array(rowArb, { maxLength: 8 }), fc.array(fc.tuple(change, queries), { maxLength: 20 }), (s, initial, steps) => {
        const model = new Map(initial.map((r) => [r.id, r]));
        const index = new ProviderSearchIndex(s, model.values());
        for (const [c, qs] of steps) {
          applyToBoth(model, index, c);
          for (const q of qs) expect(index.queryIds(q)).toEqual(expected(model, s, q));
        }
        expect(index.size).toBe(expected(model, s, '').length);
      }),
      { numRuns: 300 },
    );
  });

  it('with a filter, as the same answer filtered, as queries are typed and erased', () => {
    // Two filters and none, in any order: each keeps its own answers, and narrows from its own or an unfiltered one.
    const withNpi = (r: Row) => r.npi !== null && r.npi !== '';
    const early = (r: Row) => r.id < 'e';
    const filter = fc.constantFrom<((r: Row) => boolean) | null>(null, withNpi, early);
    fc.assert(
      fc.property(scope, fc.array(rowArb, { maxLength: 8 }), fc.array(fc.tuple(change, fc.array(fc.tuple(fc.constantFrom('', 'a', 'an', 'ann', 'do', 'doe', '12', 'doe, a'), filter), { maxLength: 6 })), { maxLength: 12 }), (s, initial, steps) => {
        const model = new Map(initial.map((r) => [r.id, r]));
        const index = new ProviderSearchIndex(s, model.values());
        for (const [c, qs] of steps) {
          applyToBoth(model, index, c);
          for (const [q, keep] of qs) {
            const wanted = expected(model, s, q).filter((rowId) => !keep || keep(model.get(rowId)!));
            expect(index.query(q, keep).map((r) => r.id)).toEqual(wanted);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('answers a filtered query typed again with the same rows, without filtering again', () => {
    const index = new ProviderSearchIndex('all', people);
    const keep = vi.fn((r: Row) => r.npi !== null);
    const first = index.query('do', keep);
    expect(first.map((r) => r.id)).toEqual(['p6', 'p1']);
    keep.mockClear();
    expect(index.query('do', keep)).toBe(first);
    expect(keep).not.toHaveBeenCalled();
    // A longer query narrows the filtered answer: only its rows are looked at again.
    expect(index.query('doe, j', keep).map((r) => r.id)).toEqual(['p1']);
    expect(keep).not.toHaveBeenCalled();
  });

  it.each([
    ['small (one by one)', 0, 64],
    ['bulk (merged)', 65, 150],
  ])('through %s batches', (_label, minLength, maxLength) => {
    fc.assert(
      fc.property(scope, fc.array(rowArb, { maxLength: 8 }), fc.array(change, { minLength, maxLength }), queries, (s, initial, batch, qs) => {
        const model = new Map(initial.map((r) => [r.id, r]));
        const index = new ProviderSearchIndex(s, initial);
        for (const c of batch) {
          if (c.type === 'upsert') model.set(c.row.id, c.row);
          else model.delete(c.id);
        }
        index.applyChanges(batch);
        for (const q of ['', ...qs]) expect(index.queryIds(q)).toEqual(expected(model, s, q));
      }),
      { numRuns: 150 },
    );
  });
});
